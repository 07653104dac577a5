import type { Address, Cell, Transaction } from '@ton/core'
import { Executor, type PrevBlocksInfo } from '@ton/sandbox'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { configGlobalVersion, EMULATOR_GLOBAL_VERSION } from '../globalVersion.js'
import { approximateShardAccount } from './approximate.js'
import { type ExchangeReading, readExchange } from './explain.js'
import {
  checked,
  inMessageCell,
  type LocatedTransaction,
  locateTransaction,
  shardPrefix,
} from './locate.js'
import { RetraceError, type RetraceErrorCode } from './RetraceError.js'
import {
  type BlockHeaderAnswer,
  type BlockIdExt,
  type RetraceReads,
  retraceReads,
} from './reads.js'
import {
  type FieldDifference,
  firstDifference,
  lastTransactionOf,
  neededLibraries,
  runReplay,
} from './replay.js'
import { walkTrace } from './trace.js'
import { parseTxRef, type TxRef } from './txRef.js'

/** Options of {@link retraceTransaction}. */
export type RetraceOptions = {
  /** The TON HTTP API to read (toncenter v2, and its v3 when it has one). */
  readonly client: TonApiClient
  /** A transaction hash (hex or base64), `<address>:<lt>`, or a parsed {@link TxRef}. */
  readonly tx: string | TxRef
  /** Also retrace the rest of its trace, transaction by transaction. */
  readonly trace?: boolean | undefined
  /** Attempts of one request before a retryable failure is final (default 5). */
  readonly attempts?: number | undefined
  /**
   * Upstream answers kept across retraces (by method and parameters): a second retrace of the
   * same transaction asks the upstream nothing. Default: none kept.
   */
  readonly cache?: Map<string, unknown> | undefined
}

/**
 * The replay of one transaction: identical to the chain or not, the first field that differs,
 * why, what it read, and the exchange's reading of it.
 *
 * @example
 * ```ts
 * const r: RetraceResult = (await retraceTransaction({ client, tx: '3b464a32…1daf' })).target
 * r.status // 'identical'
 * ```
 */
export type RetraceResult = {
  /** The transaction's hash, hex. */
  readonly hash: string
  readonly account: string
  readonly lt: bigint
  readonly now: number
  /** `identical`: the replay has the chain's hash; `different`: it does not;
   * `not-reproducible`: it does not, and the emulator cannot execute the block's global version. */
  readonly status: 'identical' | 'different' | 'not-reproducible'
  readonly replayedHash: string | undefined
  /** The first field that differs (`undefined` when identical). */
  readonly difference: FieldDifference | undefined
  /** Why it differs, when known: `library a9338ecd… absent`, `rand_seed unavailable…`. */
  readonly causes: readonly string[]
  /** What was read and how exact it is. */
  readonly inputs: RetraceInputs
  /** The exchange's reading of it, for a STON.fi transaction. */
  readonly exchange: ExchangeReading | undefined
}

/**
 * What a retrace fed the emulator, and from where.
 *
 * @example
 * ```ts
 * const i: RetraceInputs = { block: '0:8000000000000000:61472501', masterRef: 55182478, stateSeqno: 55182477, exactState: true,
 *   earlierTransactions: 1, globalVersion: 12, configMethod: 'getConfigAll', libraries: ['a9338ecd…'], absentLibraries: [],
 *   randomSeed: 'block', prevBlocks: true, notes: [] }
 * ```
 */
export type RetraceInputs = {
  readonly block: string
  readonly masterRef: number | undefined
  readonly stateSeqno: number
  /** True for `getShardAccountCell`; false for `getAddressInformation` (approximate). */
  readonly exactState: boolean
  /** The account's transactions between that state and this one, replayed first. */
  readonly earlierTransactions: number
  readonly globalVersion: number
  readonly configMethod: string
  readonly libraries: readonly string[]
  readonly absentLibraries: readonly string[]
  /** `block`: the shard block's seed (v3 `/api/v3/blocks`); `unknown`: the upstream has none. */
  readonly randomSeed: 'block' | 'unknown'
  readonly prevBlocks: boolean
  readonly notes: readonly string[]
}

/**
 * A retrace's answer: the transaction asked for, and with `trace` every transaction of its
 * trace (the root first).
 *
 * @example
 * ```ts
 * const report: RetraceReport = { target, trace: undefined }
 * ```
 */
export type RetraceReport = {
  readonly target: RetraceResult
  readonly trace: readonly (RetraceResult | RetraceUnavailable)[] | undefined
}

/**
 * A member of a trace that could not be replayed: the upstream lacks one of its inputs (its
 * account's state or history, say), or it is a tick-tock transaction. The rest of the trace is
 * still replayed; the transaction asked for never ends up here (its failure is the retrace's).
 *
 * @example
 * ```ts
 * const u: RetraceUnavailable = { hash: 'eebf3679…', account: 'EQDQ6j53…', lt: 61472501000003n, now: 1758736684,
 *   status: 'unavailable', code: 'RETRACE_UPSTREAM_REJECTED', causes: ['the upstream lacks the history of EQDQ6j53…'] }
 * ```
 */
export type RetraceUnavailable = {
  readonly hash: string
  readonly account: string
  readonly lt: bigint
  readonly now: number
  readonly status: 'unavailable'
  /** The {@link RetraceError}'s code. */
  readonly code: RetraceErrorCode
  readonly causes: readonly string[]
}

/**
 * Replays a mainnet transaction exactly and explains it in the exchange's terms (ton
 * `tonlib/TonlibClient.cpp` `RunEmulator`'s algorithm): finds it and its block, loads its
 * account as of the masterchain block before it (`getShardAccountCell`) and replays the
 * account's transactions in between, reads the block's config, the libraries, the previous
 * blocks and (v3) the random seed, and runs it on a fresh `@ton/sandbox` `Executor` with the
 * block's `now` and the transaction's lt. See `docs/retrace.md`.
 *
 * @example
 * ```ts
 * const client = createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey, rps: 10 })
 * const { target } = await retraceTransaction({ client, tx: 'EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4:64954068000009' })
 * target.status // 'identical'
 * target.exchange?.operation // 'swap'
 * ```
 * @throws {RetraceError} for bad input or an upstream that cannot answer.
 */
export async function retraceTransaction(options: RetraceOptions): Promise<RetraceReport> {
  const reads = retraceReads(options.client, options.attempts ?? 5, options.cache)
  const ref = typeof options.tx === 'string' ? parseTxRef(options.tx) : options.tx
  const located = await locateTransaction(reads, ref)
  const target = await retraceLocated(reads, located)
  if (options.trace !== true) return { target, trace: undefined }
  const members = await walkTrace(reads, located)
  const trace: (RetraceResult | RetraceUnavailable)[] = []
  for (const member of members) {
    if (member.hash.equals(located.hash)) {
      trace.push(target)
      continue
    }
    try {
      trace.push(await retraceLocated(reads, member))
    } catch (error) {
      // A member the upstream cannot give every input of is reported, not fatal; a transient
      // failure still is (asking again may give the whole trace).
      if (!(error instanceof RetraceError) || error.retryable) throw error
      trace.push({
        hash: member.hash.toString('hex'),
        account: member.account.toString(),
        lt: member.lt,
        now: member.tx.now,
        status: 'unavailable',
        code: error.code,
        causes: [error.shortMessage.split('\n')[0] ?? error.code],
      })
    }
  }
  return { target, trace }
}

/** Replays one located transaction. */
export async function retraceLocated(
  reads: RetraceReads,
  found: LocatedTransaction,
): Promise<RetraceResult> {
  const { account, tx } = found
  const message = inMessageCell(found.cell)
  if (message === undefined) {
    throw new RetraceError({
      code: 'RETRACE_BAD_INPUT',
      field: 'tx',
      message: `tx: ${found.hash.toString('hex')} has no in-message (a tick-tock transaction); retrace replays message transactions only`,
    })
  }
  const notes: string[] = []
  // 1. Its block, header, seed and master_ref.
  const block = await blockOf(reads, found)
  const header = await reads.header(block)
  const v3Block = await reads.v3Block(block)
  const served = v3Block?.rand_seed ? Buffer.from(v3Block.rand_seed, 'base64') : undefined
  // A zero seed is no seed: the emulator would draw a fresh one.
  const seed =
    served !== undefined && served.length === 32 && served.some((b) => b !== 0) ? served : null
  const masterRef = v3Block?.master_ref_seqno
  if (header.gen_utime !== tx.now) {
    notes.push(`the block's gen_utime ${header.gen_utime} is not the transaction's now ${tx.now}`)
  }
  // 2. The account before: its ShardAccount at a masterchain block before, then the
  // transactions in between.
  const loaded = await stateBefore(reads, found, header, masterRef)
  notes.push(...loaded.notes)
  const earlier = await transactionsBetween(reads, account, tx, loaded.lastLt, loaded.lastHash)
  // 3. Config, libraries, previous blocks.
  const configSeqno = masterRef ?? loaded.seqno
  const { config, method: configMethod } = await reads.config(configSeqno)
  const { version } = configGlobalVersion(config)
  const roots = [loaded.shardAccount, message, ...earlier.map((e) => e.message)]
  const { libraries, absent } = await gatherLibraries(reads, roots)
  const prev = await reads.prevBlocks(configSeqno)
  const prevBlocks: PrevBlocksInfo | undefined = prev.info
  if (prev.missing !== undefined) {
    notes.push(
      `previous blocks ${prevBlocks === undefined ? 'missing' : 'incomplete'}: the upstream lacks ${prev.missing}`,
    )
  }
  if (masterRef === undefined) {
    notes.push(
      `master_ref unknown (no v3 /api/v3/blocks): config and previous blocks of masterchain block ${configSeqno}`,
    )
  }
  // 4. Replay on a fresh emulator: earlier transactions, each checked, then this one.
  const executor = await Executor.create()
  let shardAccount = loaded.shardAccount
  const base = { config, libraries, randomSeed: seed, prevBlocks }
  let difference: FieldDifference | undefined
  let replayedHash: string | undefined
  const causes: string[] = absent.map((h) => `library ${h} absent`)
  for (const e of earlier) {
    const run = await runReplay(executor, {
      ...base,
      shardAccount,
      message: e.message,
      now: e.tx.now,
      lt: e.tx.lt,
    })
    const d = firstDifference(e.cell, run.transaction, run.error)
    if (d !== undefined || run.shardAccount === undefined) {
      difference = {
        ...(d ?? { field: 'account', expected: '', actual: '' }),
        field: `earlier transaction ${e.cell.hash().toString('hex')} (lt ${e.tx.lt}): ${d?.field ?? 'account'}`,
      }
      break
    }
    shardAccount = run.shardAccount
  }
  const before = shardAccount
  if (difference === undefined) {
    const inputs = { ...base, shardAccount, message, now: tx.now, lt: tx.lt }
    const run = await runReplay(executor, inputs)
    replayedHash = run.transaction?.hash().toString('hex')
    difference = firstDifference(found.cell, run.transaction, run.error)
    if (difference !== undefined && prev.missing !== undefined) {
      causes.push(
        `prev-blocks ${prevBlocks === undefined ? 'missing' : 'incomplete'} (the upstream lacks ${prev.missing})`,
      )
    }
    if (difference !== undefined && seed === null) {
      const full = await runReplay(await Executor.create(), inputs, 'full')
      if (/\b(RANDU256|RAND|RANDSEED|ADDRAND|SETRAND)\b|GETPARAM 6\b/.test(full.vmLog)) {
        causes.push('rand_seed unavailable from upstream, and the contract read it')
      }
    }
  }
  if (difference?.field === 'old state hash' && loaded.exact) {
    causes.push(
      "the upstream's state before is not the one the chain ran on: it does not hash to the transaction's state_update.old",
    )
  }
  if (!loaded.exact && difference !== undefined) {
    causes.push(
      'the state before is approximate (getAddressInformation: no storage stats, no last-paid time)',
    )
  }
  const beyond = version > EMULATOR_GLOBAL_VERSION
  if (beyond) {
    causes.push(
      `global version ${version} > emulator ${EMULATOR_GLOBAL_VERSION} (@ton/sandbox 0.41): a difference proves nothing`,
    )
  }
  const exchange = await readExchange({
    tx,
    txCell: found.cell,
    before,
    libraries,
    config,
    executor,
  })
  return {
    hash: found.hash.toString('hex'),
    account: account.toString(),
    lt: tx.lt,
    now: tx.now,
    status: difference === undefined ? 'identical' : beyond ? 'not-reproducible' : 'different',
    replayedHash,
    difference,
    causes,
    inputs: {
      block: `${block.workchain}:${BigInt.asUintN(64, BigInt(block.shard)).toString(16).padStart(16, '0')}:${block.seqno}`,
      masterRef,
      stateSeqno: loaded.seqno,
      exactState: loaded.exact,
      earlierTransactions: earlier.length,
      globalVersion: version,
      configMethod,
      libraries: [...libraries.keys()],
      absentLibraries: absent,
      randomSeed: seed === null ? 'unknown' : 'block',
      prevBlocks: prevBlocks !== undefined,
      notes,
    },
    exchange,
  }
}

async function blockOf(reads: RetraceReads, found: LocatedTransaction): Promise<BlockIdExt> {
  const ref = found.v3?.block_ref
  if (ref !== undefined) {
    const shard = BigInt.asIntN(64, BigInt(`0x${ref.shard}`)).toString()
    return reads.blockById(ref.workchain, shard, ref.seqno)
  }
  return reads.blockOf(found.account.workChain, shardPrefix(found.account), found.lt)
}

/** How many masterchain blocks a retrace steps back for a state older than the transaction. */
const MAX_STEPS_BACK = 32

/**
 * The account's ShardAccount at a masterchain block before the transaction: the block before
 * the one that committed it (v3 `mc_block_seqno − 1`), else `master_ref`, else the block's
 * `min_ref_mc_seqno`; stepped back while the state already holds the transaction.
 */
async function stateBefore(
  reads: RetraceReads,
  found: LocatedTransaction,
  header: BlockHeaderAnswer,
  masterRef: number | undefined,
): Promise<{
  shardAccount: Cell
  seqno: number
  exact: boolean
  lastLt: bigint
  lastHash: Buffer
  notes: string[]
}> {
  const mc = found.v3?.mc_block_seqno
  let seqno = mc !== undefined ? mc - 1 : (masterRef ?? header.min_ref_mc_seqno)
  for (let step = 0; step < MAX_STEPS_BACK; step++) {
    const cell = await reads.shardAccountAt(found.account, seqno)
    if (cell === undefined) {
      const info = await reads.addressInformation(found.account, seqno)
      const shardAccount = approximateShardAccount(found.account, info)
      const last = lastTransactionOf(shardAccount)
      if (last.lt >= found.lt) {
        seqno -= 1
        continue
      }
      return {
        shardAccount,
        seqno,
        exact: false,
        lastLt: last.lt,
        lastHash: last.hash,
        notes: [
          'the upstream has no getShardAccountCell: the state before comes from getAddressInformation (approximate)',
        ],
      }
    }
    const last = lastTransactionOf(cell)
    if (last.lt < found.lt) {
      return {
        shardAccount: cell,
        seqno,
        exact: true,
        lastLt: last.lt,
        lastHash: last.hash,
        notes: [],
      }
    }
    seqno = Math.min(seqno - 1, header.min_ref_mc_seqno)
  }
  throw new RetraceError({
    code: 'RETRACE_UPSTREAM_REJECTED',
    method: 'getShardAccountCell',
    message: `getShardAccountCell: no state of ${found.account.toString()} older than lt ${found.lt} within ${MAX_STEPS_BACK} masterchain blocks`,
  })
}

type Earlier = { cell: Cell; tx: Transaction; message: Cell }

/**
 * The account's transactions after its state's last one and before `tx`, oldest first, each
 * checked by hash and linked to the one before (`getTransactions` from `tx`'s predecessor,
 * above the state's end lt).
 */
async function transactionsBetween(
  reads: RetraceReads,
  account: Address,
  tx: Transaction,
  stateLt: bigint,
  stateHash: Buffer,
): Promise<Earlier[]> {
  const found: Earlier[] = []
  let lt = tx.prevTransactionLt
  let hash = Buffer.from(tx.prevTransactionHash.toString(16).padStart(64, '0'), 'hex')
  while (lt > stateLt) {
    const page = await reads.transactions(account, { lt, hash, limit: 100, toLt: stateLt })
    if (page.length === 0) break
    for (const raw of page) {
      const { cell, tx: t } = checked(raw)
      if (!cell.hash().equals(hash)) {
        throw new RetraceError({
          code: 'RETRACE_UPSTREAM_REJECTED',
          method: 'getTransactions',
          message: `getTransactions: the upstream's history of ${account.toString()} has a hole before lt ${lt} (expected ${hash.toString('hex')})`,
        })
      }
      const message = inMessageCell(cell)
      if (message === undefined) {
        throw new RetraceError({
          code: 'RETRACE_BAD_INPUT',
          field: 'tx',
          message: `tx: an earlier transaction of the account (lt ${t.lt}) has no in-message; retrace replays message transactions only`,
        })
      }
      found.push({ cell, tx: t, message })
      lt = t.prevTransactionLt
      hash = Buffer.from(t.prevTransactionHash.toString(16).padStart(64, '0'), 'hex')
      if (lt <= stateLt) break
    }
    if (found.length > 1000) break
  }
  if (lt !== stateLt || !hash.equals(stateHash)) {
    throw new RetraceError({
      code: 'RETRACE_UPSTREAM_REJECTED',
      method: 'getTransactions',
      message: `getTransactions: the upstream lacks the history of ${account.toString()} between its state before (last transaction lt ${stateLt}${stateLt === 0n ? ': no state' : ''}) and lt ${tx.lt}: it does not serve the transaction at lt ${lt} (${hash.toString('hex')})`,
    })
  }
  return found.reverse()
}

/** The libraries the replay's cells reference (and the libraries theirs), fetched; `absent`
 * the ones the upstream did not return. */
async function gatherLibraries(
  reads: RetraceReads,
  roots: readonly Cell[],
): Promise<{ libraries: Map<string, Cell>; absent: string[] }> {
  const libraries = new Map<string, Cell>()
  const asked = new Set<string>()
  for (;;) {
    const wanted = neededLibraries(roots, libraries).filter((h) => !asked.has(h))
    if (wanted.length === 0) break
    for (const h of wanted) asked.add(h)
    for (const [h, code] of await reads.libraries(wanted)) libraries.set(h, code)
  }
  return { libraries, absent: [...asked].filter((h) => !libraries.has(h)) }
}
