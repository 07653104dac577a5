import { Address, type Cell, type Transaction } from '@ton/core'
import { snapshotToSerializable } from '@ton/sandbox'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { ChainBlockRecord, ChainJournal, JournalAccountState } from '../ChainJournal.js'
import type { ChainBlock } from '../liveChainTypes.js'
import type { BlockPriors } from './PriorStates.js'
import { shardAccountBoc } from './shardAccounts.js'

/**
 * A block waiting to be stored: with the accounts changed without a transaction (`setBalance`)
 * and the state each changed account had before the block.
 *
 * @example
 * ```ts
 * const block: PendingBlock = { seqno: 5, now: 1_764_000_000, lt: 9_000_000n, message: undefined, transactions: [], touched: [wallet], priors }
 * ```
 */
export type PendingBlock = ChainBlock & {
  readonly touched?: readonly Address[] | undefined
  readonly priors?: BlockPriors | undefined
}

/**
 * The journal writer, a part of the live chain: turns pending blocks into journal records (the
 * transactions as BoCs and the resulting `ShardAccount` of every account the block touched, read
 * when the work finished), appends them (one job's blocks together where the journal can), and
 * saves snapshots: at genesis, every `snapshotEvery` blocks, when the chain's libraries changed
 * (blocks journal account states, not libraries: a chain resumed from the journal then still runs
 * library-coded contracts), on `checkpoint` and `close`.
 *
 * @example
 * ```ts
 * const writer = journalWriter(blockchain, journal, { snapshotSeqno: 0, snapshotEvery: 200 })
 * await writer.append([await writer.record(block)])
 * if (writer.snapshotDue(block.seqno)) await writer.saveSnapshot(block.seqno, block.now)
 * ```
 */
export interface JournalWriter {
  /** The newest snapshot's block. */
  readonly snapshotSeqno: number
  /** The journal record of a block, with its accounts' states now. */
  record(block: PendingBlock): Promise<ChainBlockRecord>
  /** Appends records in order; durable when it resolves. Rejects with the journal's error. */
  append(records: readonly ChainBlockRecord[]): Promise<void>
  /** Whether a snapshot is due after block `seqno` (the cadence, or new libraries). */
  snapshotDue(seqno: number): boolean
  /** Stores the whole sandbox state as the snapshot after block `seqno`. */
  saveSnapshot(seqno: number, now: number): Promise<void>
}

/**
 * The {@link JournalWriter} of a sandbox and its journal.
 *
 * @example
 * ```ts
 * const writer = journalWriter(blockchain, new MemoryChainJournal(), { snapshotSeqno: 0, snapshotEvery: 200 })
 * ```
 */
export function journalWriter(
  blockchain: LocalBlockchain,
  journal: ChainJournal,
  options: { readonly snapshotSeqno: number; readonly snapshotEvery: number },
): JournalWriter {
  let snapshotSeqno = options.snapshotSeqno
  /** The hash of `blockchain.libs` in the last snapshot. */
  let snapshotLibs = librariesKey(blockchain)
  return {
    get snapshotSeqno() {
      return snapshotSeqno
    },

    async record(block) {
      const touched = new Map<string, Address>()
      for (const address of block.touched ?? []) touched.set(address.toRawString(), address)
      const transactions = block.transactions.map((tx) => {
        const account = transactionAccount(tx)
        touched.set(account.toRawString(), account)
        return { account: account.toRawString(), lt: tx.lt, hash: tx.hash(), boc: tx.raw.toBoc() }
      })
      const accounts: JournalAccountState[] = []
      for (const [raw, address] of touched) {
        accounts.push({ address: raw, shardAccount: await shardAccountBoc(blockchain, address) })
      }
      return {
        seqno: block.seqno,
        now: block.now,
        lt: block.lt,
        message: block.message?.toBoc() ?? null,
        transactions,
        accounts,
      }
    },

    async append(records) {
      // The blocks of one job go in together where the journal can (one SQLite transaction).
      if (records.length > 1 && journal.appendBlocks) {
        await journal.appendBlocks(records)
      } else {
        for (const record of records) await journal.appendBlock(record)
      }
    },

    snapshotDue(seqno) {
      return (
        seqno - snapshotSeqno >= options.snapshotEvery || librariesKey(blockchain) !== snapshotLibs
      )
    },

    async saveSnapshot(seqno, now) {
      const json = JSON.stringify(snapshotToSerializable(blockchain.snapshot()))
      await journal.saveSnapshot({ seqno, now, state: Buffer.from(json, 'utf8') })
      snapshotSeqno = seqno
      snapshotLibs = librariesKey(blockchain)
    },
  }
}

/**
 * The in-message cell exactly as the transaction stores it (`^[ in_msg:(Maybe ^Message) … ]`).
 *
 * @example
 * ```ts
 * inMessageCell(tx)?.hash() // the external's hash, as the block's `message`
 * ```
 */
export function inMessageCell(tx: Transaction): Cell | undefined {
  const messages = tx.raw.refs[0]
  if (!messages) return undefined
  return messages.beginParse().loadBit() ? messages.refs[0] : undefined
}

/** The account of a transaction: the workchain comes from its in-message (tick-tock: -1). */
function transactionAccount(tx: Transaction): Address {
  const dest = tx.inMessage?.info.dest
  const workchain = Address.isAddress(dest) ? dest.workChain : -1
  return new Address(workchain, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex'))
}

/** Identifies the chain's library set: the hash of its `libs` dictionary cell, '' for none. */
function librariesKey(blockchain: LocalBlockchain): string {
  return blockchain.libs?.hash().toString('hex') ?? ''
}
