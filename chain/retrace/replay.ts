import {
  beginCell,
  Cell,
  Dictionary,
  loadShardAccount,
  loadTransaction,
  type Message,
  storeMessage,
  type Transaction,
} from '@ton/core'
import type { Executor, PrevBlocksInfo } from '@ton/sandbox'
import { libraryRefs } from '../fork/libraries.js'
import { configGlobalVersion } from '../globalVersion.js'

// Defined in `chain/globalVersion.ts` (a fork reads it too); still importable from here.
export { configGlobalVersion }

/**
 * Everything one exact replay of a transaction takes (ton `crypto/block/transaction.cpp`): the
 * account as it was before (its `ShardAccount`, `last_trans_lt/hash` untouched: they become the
 * replay's `prev_trans_*`), the in-message, the block's config, the libraries, the block's
 * `now`, the transaction's lt, the block's random seed and the previous-blocks info.
 *
 * @example
 * ```ts
 * const inputs: ReplayInputs = { shardAccount, message, config, libraries: new Map(), now: 1_766_154_199,
 *   lt: 64_826_315_000_001n, randomSeed: null, prevBlocks: undefined }
 * ```
 */
export type ReplayInputs = {
  readonly shardAccount: Cell
  readonly message: Cell
  /** The `ConfigParams` dictionary root (`Hashmap 32 ^Cell`). */
  readonly config: Cell
  /** Library hash (hex) → library code. */
  readonly libraries: ReadonlyMap<string, Cell>
  readonly now: number
  readonly lt: bigint
  /** The shard block's `rand_seed`; `null` when the upstream does not give it. */
  readonly randomSeed: Buffer | null
  readonly prevBlocks: PrevBlocksInfo | undefined
}

/**
 * What the emulator made of a {@link ReplayInputs}: the transaction and the account after it,
 * or the emulator's refusal.
 *
 * @example
 * ```ts
 * const run: ReplayRun = await runReplay(await Executor.create(), inputs)
 * run.transaction?.hash().toString('hex') // '3b464a32…1daf'
 * ```
 */
export type ReplayRun = {
  readonly transaction: Cell | undefined
  readonly shardAccount: Cell | undefined
  /** The emulator's error, when it produced no transaction. */
  readonly error: string | undefined
  readonly vmLog: string
}

/**
 * Runs one transaction on `executor` with every input passed explicitly (the emulator keeps
 * libraries, previous blocks and the seed from an earlier call when one is left out): the
 * libraries as a `HashmapE 256 ^Cell`, a zero seed when the seed is unknown.
 *
 * @example
 * ```ts
 * const run = await runReplay(await Executor.create(), inputs)
 * run.transaction !== undefined // true
 * ```
 */
export async function runReplay(
  executor: Executor,
  inputs: ReplayInputs,
  verbosity: 'short' | 'full' = 'short',
): Promise<ReplayRun> {
  const result = await executor.runTransaction({
    message: inputs.message,
    config: inputs.config.toBoc().toString('base64'),
    libs: librariesCell(inputs.libraries),
    verbosity,
    shardAccount: inputs.shardAccount.toBoc().toString('base64'),
    now: inputs.now,
    lt: inputs.lt,
    randomSeed: inputs.randomSeed ?? Buffer.alloc(32),
    ignoreChksig: false,
    debugEnabled: false,
    ...(inputs.prevBlocks === undefined ? {} : { prevBlocksInfo: inputs.prevBlocks }),
  })
  const r = result.result
  if (!r.success) {
    return {
      transaction: undefined,
      shardAccount: undefined,
      error: r.error,
      vmLog: r.vmResults?.vmLog ?? '',
    }
  }
  return {
    transaction: cellOf(r.transaction),
    shardAccount: cellOf(r.shardAccount),
    error: undefined,
    vmLog: r.vmLog,
  }
}

/**
 * The first field in which a replayed transaction differs from the recorded one, in the order a
 * reader needs them: the inputs it took (`prev_trans`, `now`, `lt`, the state before: `old state
 * hash`), the compute phase (exit
 * code, gas used), the action phase (result code), each out-message (body, then the whole
 * message), the new state hash, the fees; `undefined` when the two cells are one.
 *
 * @example
 * ```ts
 * firstDifference(recorded, replayed) // { field: 'compute exit code', expected: '0', actual: '9' }
 * firstDifference(recorded, recorded) // undefined
 * ```
 */
export function firstDifference(
  expected: Cell,
  actual: Cell | undefined,
  emulatorError?: string,
): FieldDifference | undefined {
  if (actual === undefined) {
    return {
      field: 'transaction',
      expected: hex(expected),
      actual: `none (${emulatorError ?? 'the emulator produced no transaction'})`,
    }
  }
  if (expected.hash().equals(actual.hash())) return undefined
  const e = fieldsOf(loadTransaction(expected.beginParse()))
  const a = fieldsOf(loadTransaction(actual.beginParse()))
  const names = [...new Set([...e.keys(), ...a.keys()])]
  for (const name of names) {
    const x = e.get(name) ?? 'absent'
    const y = a.get(name) ?? 'absent'
    if (x !== y) return { field: name, expected: x, actual: y }
  }
  return { field: 'transaction cell', expected: hex(expected), actual: hex(actual) }
}

/**
 * A field in which a replay differs from the chain.
 *
 * @example
 * ```ts
 * const d: FieldDifference = { field: 'out-message 1 body', expected: '5b2d…', actual: '0c91…' }
 * ```
 */
export type FieldDifference = {
  readonly field: string
  readonly expected: string
  readonly actual: string
}

/** The compared fields of a transaction, in the order they are reported. */
function fieldsOf(tx: Transaction): Map<string, string> {
  const f = new Map<string, string>()
  f.set('prev_trans_lt', tx.prevTransactionLt.toString())
  f.set('prev_trans_hash', tx.prevTransactionHash.toString(16).padStart(64, '0'))
  f.set('now', String(tx.now))
  f.set('lt', tx.lt.toString())
  f.set('account', tx.address.toString(16).padStart(64, '0'))
  f.set('original status', tx.oldStatus)
  // The state it ran on is an input too: a state the chain did not run on explains the rest.
  f.set('old state hash', tx.stateUpdate.oldHash.toString('hex'))
  const d = tx.description
  f.set('description', d.type)
  if (d.type === 'generic') {
    const c = d.computePhase
    if (c.type === 'skipped') {
      f.set('compute phase', `skipped (${c.reason})`)
    } else {
      f.set('compute phase', 'vm')
      f.set('compute exit code', String(c.exitCode))
      f.set('gas used', c.gasUsed.toString())
      f.set('compute success', String(c.success))
      f.set('vm steps', String(c.vmSteps))
    }
    f.set(
      'action result code',
      d.actionPhase ? String(d.actionPhase.resultCode) : 'no action phase',
    )
    f.set('aborted', String(d.aborted))
    f.set('bounce phase', d.bouncePhase?.type ?? 'none')
    f.set('storage fees', (d.storagePhase?.storageFeesCollected ?? 0n).toString())
  }
  f.set('out-message count', String(tx.outMessagesCount))
  const outs = [...tx.outMessages.keys()].sort((x, y) => x - y)
  for (const i of outs) {
    const m = tx.outMessages.get(i) as Message
    f.set(`out-message ${i} body`, hex(m.body))
    f.set(`out-message ${i}`, hex(beginCell().store(storeMessage(m)).endCell()))
  }
  f.set('end status', tx.endStatus)
  f.set('new state hash', tx.stateUpdate.newHash.toString('hex'))
  f.set('total fees', tx.totalFees.coins.toString())
  return f
}

/**
 * The library hashes (hex) the replay needs and `libraries` lacks: those referenced by the
 * account's code and data, the in-message's state-init, and the libraries themselves.
 *
 * @example
 * ```ts
 * missingLibraries(poolAccount, swapMessage, new Map()) // ['a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4']
 * ```
 */
export function missingLibraries(
  shardAccount: Cell,
  message: Cell,
  libraries: ReadonlyMap<string, Cell>,
): string[] {
  return neededLibraries([shardAccount, message], libraries).filter((h) => !libraries.has(h))
}

/**
 * Every library hash (hex) the cell trees of `roots` reference, following the libraries of
 * `known` into their own references.
 *
 * @example
 * ```ts
 * neededLibraries([shardAccountCell], new Map()) // ['a9338ecd…81b4']
 * ```
 */
export function neededLibraries(
  roots: readonly Cell[],
  known: ReadonlyMap<string, Cell>,
): string[] {
  const found = new Set<string>()
  let frontier: Cell[] = [...roots]
  while (frontier.length > 0) {
    const next: Cell[] = []
    for (const hash of libraryRefs(frontier)) {
      if (found.has(hash)) continue
      found.add(hash)
      const lib = known.get(hash)
      if (lib !== undefined) next.push(lib)
    }
    frontier = next
  }
  return [...found]
}

/**
 * The account cell's hash of a `ShardAccount` (what a transaction's `state_update` names), or
 * the zero hash for `account_none`.
 *
 * @example
 * ```ts
 * accountHash(shardAccountCell) // '0ea69e8e…6aaa'
 * ```
 */
export function accountHash(shardAccount: Cell): string {
  const ref = shardAccount.refs[0]
  return ref === undefined ? '0'.repeat(64) : ref.hash().toString('hex')
}

/**
 * The end lt and last transaction of a `ShardAccount` cell.
 *
 * @example
 * ```ts
 * lastTransactionOf(shardAccountCell) // { lt: 64825670000065n, hash: Buffer<…> }
 * ```
 */
export function lastTransactionOf(shardAccount: Cell): { lt: bigint; hash: Buffer } {
  const sa = loadShardAccount(shardAccount.beginParse())
  return {
    lt: sa.lastTransactionLt,
    hash: Buffer.from(sa.lastTransactionHash.toString(16).padStart(64, '0'), 'hex'),
  }
}

/**
 * The emulator's `libs` cell (`HashmapE 256 ^Cell`, hash → code) of a library map; `null` for
 * none.
 *
 * @example
 * ```ts
 * librariesCell(new Map([[code.hash().toString('hex'), code]]))?.hash() // a dictionary root
 * ```
 */
export function librariesCell(libraries: ReadonlyMap<string, Cell>): Cell | null {
  if (libraries.size === 0) return null
  const dict = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell())
  for (const [hash, code] of libraries) dict.set(Buffer.from(hash, 'hex'), code)
  return beginCell().storeDictDirect(dict).endCell()
}

function cellOf(base64: string): Cell {
  return Cell.fromBase64(base64)
}

function hex(cell: Cell): string {
  return cell.hash().toString('hex')
}
