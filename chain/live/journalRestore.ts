import { Address, beginCell, Cell, loadShardAccount, storeShardAccount } from '@ton/core'
import {
  type BlockchainSnapshot,
  type SmartContractSnapshot,
  snapshotFromSerializable,
} from '@ton/sandbox'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { ChainJournal, JournalAccountState } from '../ChainJournal.js'
import { LiveChainError } from '../LiveChainError.js'
import type { ChainHead, LiveChainOptions } from '../liveChainTypes.js'
import { StateHistory } from '../StateHistory.js'
import { TransactionLog } from '../TransactionLog.js'

/**
 * What a chain starts from: its head, its newest snapshot's block, its transaction history,
 * each block's time and the account states kept for reads at older blocks.
 *
 * @example
 * ```ts
 * const start: ChainStart = await restoreJournal(journal, blockchain, {}) ?? genesis(blockchain, {})
 * start.head.seqno // 1_524 after a restart of the demo chain
 * ```
 */
export type ChainStart = {
  readonly head: ChainHead
  readonly snapshotSeqno: number
  readonly log: TransactionLog
  readonly times: number[]
  readonly history: StateHistory
}

/**
 * The journal restore, a part of the live chain: loads the journal's newest snapshot into the
 * sandbox, applies the account states of the blocks after it, rebuilds the history from every
 * block's transaction records and the states before each block after the snapshot. Nothing is
 * re-executed. `undefined` for an empty journal (a new chain).
 *
 * @example
 * ```ts
 * const restore: JournalRestore = restoreJournal
 * ```
 */
export type JournalRestore = (
  journal: ChainJournal,
  blockchain: LocalBlockchain,
  options: Pick<LiveChainOptions, 'stateHistory'>,
) => Promise<ChainStart | undefined>

/**
 * The {@link JournalRestore} of the live chain.
 *
 * @throws {LiveChainError} `LIVE_CHAIN_JOURNAL_FAILED` when the journal skips a block.
 * @example
 * ```ts
 * const start = await restoreJournal(sqliteJournal, blockchain, {})
 * start?.head // { seqno: 1_524, now: 1_764_000_123, lt: 31_000_000n }
 * ```
 */
export const restoreJournal: JournalRestore = async (journal, blockchain, options) => {
  const saved = await journal.loadSnapshot()
  if (saved === undefined) return undefined
  const log = new TransactionLog()
  const snapshot = snapshotFromSerializable(JSON.parse(Buffer.from(saved.state).toString('utf8')))
  const contracts = new Map<string, SmartContractSnapshot>()
  for (const contract of snapshot.contracts) contracts.set(contract.address.toRawString(), contract)
  const latest = new Map<string, JournalAccountState>()
  let head: ChainHead = { seqno: saved.seqno, now: saved.now, lt: snapshot.lt }
  const times: number[] = []
  // The states before each block after the snapshot: the snapshot's, then each block's result.
  const history = newStateHistory(saved.seqno, options)
  const stateText = (address: string): string | null => {
    const state = latest.get(address)
    if (state !== undefined) return Buffer.from(state.shardAccount).toString('base64')
    const contract = contracts.get(address)
    if (contract === undefined) return null
    return beginCell()
      .store(storeShardAccount(contract.account))
      .endCell()
      .toBoc()
      .toString('base64')
  }
  for (const block of await journal.readBlocks(0)) {
    times[block.seqno] = block.now
    for (const tx of block.transactions) log.add({ ...tx, seqno: block.seqno, now: block.now })
    if (block.seqno <= saved.seqno) continue
    if (block.seqno !== head.seqno + 1) {
      throw new LiveChainError({
        reason: 'journal_failed',
        message: `The journal skips from block ${head.seqno} to block ${block.seqno}.`,
      })
    }
    const before = new Map<string, string | null>()
    for (const state of block.accounts) before.set(state.address, stateText(state.address))
    history.add(block.seqno, before)
    for (const state of block.accounts) latest.set(state.address, state)
    head = { seqno: block.seqno, now: block.now, lt: block.lt }
  }
  // only the newest state of each account is parsed
  for (const [address, state] of latest) contracts.set(address, restoredContract(state))
  const restored: BlockchainSnapshot = {
    ...snapshot,
    contracts: [...contracts.values()],
    lt: head.lt,
    time: head.now,
    transactions: [],
  }
  await blockchain.loadFrom(restored)
  return { head, snapshotSeqno: saved.seqno, log, times, history }
}

/**
 * The start of a new chain: the sandbox's current state is block 0 at `now`.
 *
 * @example
 * ```ts
 * genesis(blockchain, 1_764_000_000, {}).head // { seqno: 0, now: 1_764_000_000, lt: 0n }
 * ```
 */
export function genesis(
  blockchain: LocalBlockchain,
  now: number,
  options: Pick<LiveChainOptions, 'stateHistory'>,
): ChainStart {
  return {
    head: { seqno: 0, now, lt: blockchain.lt },
    snapshotSeqno: 0,
    log: new TransactionLog(),
    times: [],
    history: newStateHistory(0, options),
  }
}

function newStateHistory(
  floor: number,
  options: Pick<LiveChainOptions, 'stateHistory'>,
): StateHistory {
  return new StateHistory({
    floor,
    maxBlocks: options.stateHistory?.maxBlocks,
    maxBytes: options.stateHistory?.maxBytes,
  })
}

function restoredContract(state: JournalAccountState): SmartContractSnapshot {
  const account = loadShardAccount(Cell.fromBoc(Buffer.from(state.shardAccount))[0]!.beginParse())
  return {
    address: Address.parseRaw(state.address),
    account,
    lastTxTime: account.account?.storageStats.lastPaid ?? 0,
  }
}
