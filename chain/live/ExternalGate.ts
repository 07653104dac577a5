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
 * const gate = externalGate(blockchain, priors)
 * const tx = await gate.dryRun(message, { ignoreChksig: false, now: 1_764_000_000 })
 * tx.totalFees.coins // 2_398_405n
 * ```
 */
export interface ExternalGate {
  /**
   * Runs the message's first transaction on a copy of its destination at `now`.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_EXTERNAL_REJECTED` when it is not accepted.
   */
  dryRun(
    message: Message,
    options: { readonly ignoreChksig: boolean; readonly now: number },
  ): Promise<Transaction>
}

/**
 * The {@link ExternalGate} of a sandbox: dry runs go through its executor, set aside from the
 * chain's prior-state tracking.
 *
 * @example
 * ```ts
 * const gate = externalGate(chain.blockchain, priors)
 * ```
 */
export function externalGate(blockchain: LocalBlockchain, priors: PriorStates): ExternalGate {
  return {
    async dryRun(message, { ignoreChksig, now }) {
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
 * Whether `value` is a parsed `Message` rather than its bytes or cell.
 *
 * @example
 * ```ts
 * isMessage(loadMessage(cell.beginParse())) // true
 * isMessage(cell) // false
 * ```
 */
export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'info' in value && 'body' in value
}
