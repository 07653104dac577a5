import {
  type Address,
  beginCell,
  Cell,
  loadMessage,
  loadTransaction,
  type Message,
  storeMessage,
  storeShardAccount,
  type Transaction,
} from '@ton/core'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import { LiveChainError } from '../LiveChainError.js'
import type { PriorStates } from './PriorStates.js'

/** The sandbox's logical-time step per transaction. */
const LT_STEP = 1_000_000n

/**
 * An external-in message the gate parsed: its root cell and the message.
 *
 * @example
 * ```ts
 * const { cell, message } = parseExternal(boc) // message.info.type === 'external-in'
 * ```
 */
export type ParsedExternal = { readonly cell: Cell; readonly message: Message }

/**
 * The external-message gate, a part of the live chain: what an external passes before anything
 * runs. {@link parseExternal} checks its shape; `dryRun` runs the destination's transaction on
 * a copy of its state and throws when the destination does not accept it, changing nothing (no
 * block, no transaction, no account state, not even the logical time). Also answers fee
 * estimates and preflights (`emulateExternal`, `emulateInternal`).
 *
 * @example
 * ```ts
 * const gate = externalGate(sequencer, priors)
 * const tx = await gate.dryRun(message, { ignoreChksig: false }) // inside the chain's queue
 * tx.totalFees.coins // 2_398_405n
 * ```
 */
export interface ExternalGate {
  /**
   * Runs the message's first transaction on a copy of its destination at the chain's time
   * (moving the sandbox's clock there, as a block would).
   *
   * @throws {LiveChainError} `LIVE_CHAIN_EXTERNAL_REJECTED` when it is not accepted,
   *   `LIVE_CHAIN_FORK_UNAVAILABLE` when a fork cannot load the destination.
   */
  dryRun(message: Message, options: { readonly ignoreChksig: boolean }): Promise<Transaction>
}

/**
 * What the gate needs of the chain: its sandbox, its time (moved to the clock by `tick`, read
 * as `floor`) and the guard for lazy loads.
 *
 * @example
 * ```ts
 * const chain: GateChain = sequencer
 * ```
 */
export interface GateChain {
  readonly blockchain: LocalBlockchain
  readonly floor: number
  tick(): void
  guardLoad<T>(read: () => Promise<T>): Promise<T>
}

/**
 * The {@link ExternalGate} of a chain: dry runs go through its sandbox's executor, set aside
 * from the chain's prior-state tracking.
 *
 * @example
 * ```ts
 * const gate = externalGate(sequencer, priors)
 * ```
 */
export function externalGate(chain: GateChain, priors: PriorStates): ExternalGate {
  const { blockchain } = chain
  const run = async (message: Message, ignoreChksig: boolean, now: number) => {
    const dest = message.info.dest as Address
    const state = (await blockchain.getContract(dest)).account
    const prevBlocksInfo = blockchain.prevBlocks
    const res = await priors.aside(() =>
      blockchain.executor.runTransaction({
        config: blockchain.configBase64,
        libs: blockchain.libs ?? null,
        verbosity: 'short',
        shardAccount: beginCell()
          .store(storeShardAccount(state))
          .endCell()
          .toBoc()
          .toString('base64'),
        now,
        lt: blockchain.lt + LT_STEP,
        randomSeed: blockchain.random ?? Buffer.alloc(32),
        ignoreChksig,
        debugEnabled: false,
        ...(prevBlocksInfo === undefined ? {} : { prevBlocksInfo }),
        message: beginCell().store(storeMessage(message)).endCell(),
      }),
    )
    if (!res.result.success) {
      const exitCode = res.result.vmResults?.vmExitCode
      throw new LiveChainError({
        reason: 'external_rejected',
        message: `${dest.toRawString()} did not accept the external message.`,
        details: res.result.error,
        exitCode,
      })
    }
    return loadTransaction(Cell.fromBase64(res.result.transaction).beginParse())
  }
  return {
    dryRun(message, { ignoreChksig }) {
      chain.tick()
      const now = chain.floor
      return chain.guardLoad(() => run(message, ignoreChksig, now))
    },
  }
}

/**
 * Parses a BoC holding one external-in message; rejects anything else with a stable code.
 *
 * @throws {LiveChainError} `LIVE_CHAIN_INVALID_BOC` (not one root cell holding a message),
 *   `LIVE_CHAIN_NOT_EXTERNAL_IN`.
 * @example
 * ```ts
 * parseExternal(Buffer.from('not a boc')) // throws LIVE_CHAIN_INVALID_BOC
 * parseExternal(signedTransferBoc).message.info.type // 'external-in'
 * ```
 */
export function parseExternal(boc: Uint8Array | string | Cell): ParsedExternal {
  let cell: Cell
  if (boc instanceof Cell) {
    cell = boc
  } else {
    const bytes = typeof boc === 'string' ? Buffer.from(boc, 'base64') : Buffer.from(boc)
    let roots: Cell[]
    try {
      roots = Cell.fromBoc(bytes)
    } catch (error) {
      throw new LiveChainError({
        reason: 'invalid_boc',
        message: 'The boc is not a valid bag of cells.',
        details: error instanceof Error ? error.message : String(error),
        cause: error,
      })
    }
    if (roots.length !== 1) {
      throw new LiveChainError({
        reason: 'invalid_boc',
        message: `The boc must hold exactly one root cell, it holds ${roots.length}.`,
      })
    }
    cell = roots[0]!
  }
  let message: Message
  try {
    message = loadMessage(cell.beginParse())
  } catch (error) {
    throw new LiveChainError({
      reason: 'invalid_boc',
      message: 'The boc does not hold a message.',
      details: error instanceof Error ? error.message : String(error),
      cause: error,
    })
  }
  if (message.info.type !== 'external-in') {
    throw new LiveChainError({
      reason: 'not_external_in',
      message: `Expected an external-in message, got ${message.info.type}.`,
    })
  }
  return { cell, message }
}

/**
 * The message to emulate as an external-in one: parsed from its bytes or cell if need be.
 *
 * @throws {LiveChainError} `LIVE_CHAIN_INVALID_BOC`, `LIVE_CHAIN_NOT_EXTERNAL_IN`.
 * @example
 * ```ts
 * externalIn(signedTransferBoc).info.type // 'external-in'
 * ```
 */
export function externalIn(message: Message | Uint8Array | string | Cell): Message {
  const parsed = isMessage(message) ? message : parseExternal(message).message
  if (parsed.info.type !== 'external-in') {
    throw new LiveChainError({
      reason: 'not_external_in',
      message: `Expected an external-in message, got ${parsed.info.type}.`,
    })
  }
  return parsed
}

/**
 * The message to emulate as an internal one.
 *
 * @throws {LiveChainError} `LIVE_CHAIN_NOT_INTERNAL` for another kind of message.
 * @example
 * ```ts
 * internalOnly(mintMessage).info.type // 'internal'
 * ```
 */
export function internalOnly(message: Message): Message {
  if (message.info.type !== 'internal') {
    throw new LiveChainError({
      reason: 'not_internal',
      message: `Expected an internal message, got ${message.info.type}.`,
    })
  }
  return message
}

/**
 * Whether `value` is a parsed `Message` rather than its bytes or cell.
 *
 * @example
 * ```ts
 * isMessage(loadMessage(cell.beginParse())) // true
 * isMessage(cell) // false
 * ```
 */
function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'info' in value && 'body' in value
}
