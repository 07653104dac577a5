import {
  type Address,
  beginCell,
  Cell,
  type ShardAccount,
  storeShardAccount,
  type TupleItem,
} from '@ton/core'
import { GetMethodError, SmartContract } from '@ton/sandbox'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import { LiveChainError } from '../LiveChainError.js'
import type { AccountInfo, ChainHead, GetMethodOutcome } from '../liveChainTypes.js'
import type { StateHistory } from '../StateHistory.js'
import {
  accountInfo,
  isNeverSeenText,
  noAccount,
  parseShardAccount,
  shardAccountText,
} from './shardAccounts.js'

/**
 * What {@link StateAtBlock} reads of the chain now: the sandbox, the head, the chain's time and
 * each block's time, and the guard that turns a failed lazy load (a fork's) into the chain's
 * error.
 *
 * @example
 * ```ts
 * const now: ChainNow = sequencer // the sequencer is one
 * ```
 */
export interface ChainNow {
  readonly blockchain: LocalBlockchain
  readonly head: ChainHead
  readonly time: number
  blockTime(seqno: number): number | undefined
  guardLoad<T>(read: () => Promise<T>): Promise<T>
}

/**
 * State at a block, a part of the live chain: an account, its `ShardAccount` cell and get-methods
 * now or after an older block `seqno`, from the states {@link StateHistory} keeps (the state
 * after block `s` is the one kept before the first later block that changed the account, or the
 * account now). A get-method at an older block runs on a detached copy of that state at that
 * block's time. Every read runs inside the chain's queue.
 *
 * @example
 * ```ts
 * const states = statesAtBlock(history, sequencer)
 * (await states.account(pool, 41)).balance // 1_204_000_000n
 * ```
 */
export interface StateAtBlock {
  /** The configuration the chain runs with (the `ConfigParams` cell): the same at every block. */
  config(): Cell
  /** The account now (`seqno` undefined) or after block `seqno`. */
  account(address: Address, seqno: number | undefined): Promise<AccountInfo>
  /** The account's `ShardAccount` BoC; `account_none` for one that does not exist. */
  shardAccountCell(address: Address, seqno: number | undefined): Promise<Buffer>
  /** A get-method on the state now or after block `seqno`; a non-zero exit code is returned. */
  runGetMethod(
    address: Address,
    method: string | number,
    stack: readonly TupleItem[],
    seqno: number | undefined,
  ): Promise<GetMethodOutcome>
}

/**
 * The {@link StateAtBlock} of a chain reading `history`.
 *
 * @throws {LiveChainError} (from each read) `LIVE_CHAIN_BLOCK_NOT_FOUND` for a block after the
 *   head, `LIVE_CHAIN_STATE_PRUNED` for one whose states are no longer kept,
 *   `LIVE_CHAIN_ACCOUNT_NOT_ACTIVE` for a get-method on an account without code.
 * @example
 * ```ts
 * const states = statesAtBlock(history, sequencer)
 * ```
 */
export function statesAtBlock(history: StateHistory, chain: ChainNow): StateAtBlock {
  /**
   * The account's state after block `seqno` as base64 text, `null` for an account that did not
   * exist then, `undefined` when it is its state now (the head, or no later block changed it).
   */
  const stateAt = (address: Address, seqno: number | undefined): string | null | undefined => {
    const head = chain.head.seqno
    if (seqno === undefined || seqno === head) return undefined
    if (!Number.isSafeInteger(seqno) || seqno < 0 || seqno > head) {
      throw new LiveChainError({
        reason: 'block_not_found',
        message: `Block ${seqno} is not on the chain (the head is block ${head}).`,
      })
    }
    const kept = history.at(address.toRawString(), seqno)
    if (kept.kind === 'pruned') {
      throw new LiveChainError({
        reason: 'state_pruned',
        message: `The account states at block ${seqno} are no longer kept (the oldest kept is block ${history.floor}, the head ${head}).`,
      })
    }
    return kept.kind === 'kept' ? kept.state : undefined
  }

  /** The parsed configuration and the text it was parsed from. */
  let parsedConfig: { text: string; cell: Cell } | undefined

  const current = async (address: Address): Promise<ShardAccount> =>
    (await chain.blockchain.getContract(address)).account

  return {
    config() {
      // The sandbox parses its configuration on every read; it changes only when set.
      const text = chain.blockchain.configBase64
      if (parsedConfig?.text !== text) parsedConfig = { text, cell: Cell.fromBase64(text) }
      return parsedConfig.cell
    },

    async account(address, seqno) {
      const state = stateAt(address, seqno)
      if (state === undefined) {
        return accountInfo(address, await chain.guardLoad(() => current(address)))
      }
      return accountInfo(address, state === null ? noAccount() : parseShardAccount(state))
    },

    async shardAccountCell(address, seqno) {
      const kept = stateAt(address, seqno)
      const state =
        kept === undefined
          ? await chain.guardLoad(() => shardAccountText(chain.blockchain, address))
          : kept
      if (state !== null && !isNeverSeenText(state)) {
        return Buffer.from(state, 'base64')
      }
      return beginCell().store(storeShardAccount(noAccount())).endCell().toBoc()
    },

    async runGetMethod(address, method, stack, seqno) {
      const older = seqno !== undefined && seqno < chain.head.seqno
      const state = stateAt(address, seqno)
      // An older state runs on a detached copy, at its block's time; the head on the account.
      const old = state === undefined || state === null ? undefined : parseShardAccount(state)
      const contract =
        state === undefined
          ? await chain.guardLoad(() => chain.blockchain.getContract(address))
          : old?.account == null
            ? undefined // did not exist then (or was deleted): nothing to run
            : new SmartContract(old, chain.blockchain)
      if (contract?.accountState?.type !== 'active') {
        throw new LiveChainError({
          reason: 'account_not_active',
          message: `Account ${address.toRawString()} has no code to run ${method}.`,
        })
      }
      try {
        const now = older ? (chain.blockTime(seqno!) ?? chain.time) : chain.time
        const res = await contract.get(method, [...stack], { now })
        return { exitCode: res.exitCode, gasUsed: res.gasUsed, stack: res.stack }
      } catch (error) {
        if (error instanceof GetMethodError) {
          return { exitCode: error.exitCode, gasUsed: error.gasUsed, stack: [] }
        }
        throw error
      }
    },
  }
}
