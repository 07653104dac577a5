import type { Address, Cell, ShardAccount, Transaction, TupleItem } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import type { LocalBlockchain } from '../emulator/LocalBlockchain.js'
import type { ChainJournal } from './ChainJournal.js'

// The live chain's vocabulary: what its methods take and answer. `LiveChain.ts` re-exports
// every type, so importing them from there keeps working.

/**
 * One block of the live chain: one executed message chain, published to block listeners after
 * the journal stored it.
 *
 * @example
 * ```ts
 * chain.onBlock((block) => console.log(block.seqno, block.transactions.length)) // "4 2"
 * ```
 */
export type ChainBlock = {
  /** Block number, 1 for the first block after the genesis state. */
  readonly seqno: number
  /** Block time, unix seconds. */
  readonly now: number
  /** The chain's logical time after the block. */
  readonly lt: bigint
  /** The root message cell as stored in the first transaction (external-in or internal). */
  readonly message: Cell | undefined
  /** The transactions of the message chain in execution order. */
  readonly transactions: readonly BlockchainTransaction[]
}

/**
 * The last committed block, or the genesis state (seqno 0).
 *
 * @example
 * ```ts
 * chain.head // { seqno: 12, now: 1_764_000_123, lt: 31_000_000n }
 * ```
 */
export type ChainHead = {
  readonly seqno: number
  readonly now: number
  readonly lt: bigint
}

/**
 * An account's status, as TON names them.
 *
 * @example
 * ```ts
 * const status: AccountStatus = 'active'
 * ```
 */
export type AccountStatus = 'active' | 'uninit' | 'frozen' | 'nonexist'

/**
 * What the live chain knows about one account.
 *
 * @example
 * ```ts
 * const info = await chain.account(wallet.address)
 * info.status // 'active'
 * info.balance // 99_990_000_000n
 * ```
 */
export type AccountInfo = {
  readonly address: Address
  readonly status: AccountStatus
  /** Balance in nanotons. */
  readonly balance: bigint
  /** Code of an active account. */
  readonly code: Cell | undefined
  /** Data of an active account. */
  readonly data: Cell | undefined
  /** State hash of a frozen account. */
  readonly frozenHash: Buffer | undefined
  /** The account's last transaction, if it ever had one. */
  readonly lastTransaction: { readonly lt: bigint; readonly hash: Buffer } | undefined
  /** The account as the sandbox stores it. */
  readonly shardAccount: ShardAccount
}

/**
 * Result of `LiveChain.runGetMethod`. A non-zero `exitCode` is a result, not an error,
 * as in toncenter's `runGetMethod`.
 *
 * @example
 * ```ts
 * const { exitCode, stack } = await chain.runGetMethod(wallet, 'seqno')
 * // exitCode 0, stack [{ type: 'int', value: 3n }]
 * ```
 */
export type GetMethodOutcome = {
  readonly exitCode: number
  readonly gasUsed: bigint
  readonly stack: readonly TupleItem[]
}

/**
 * Result of `LiveChain.emulateExternal`: the transaction the destination would run,
 * without changing anything.
 *
 * @example
 * ```ts
 * const { transaction } = await chain.emulateExternal(message)
 * transaction.totalFees.coins // 2_398_405n
 * ```
 */
export type EmulatedExternal = {
  readonly transaction: Transaction
}

/**
 * Options of `LiveChain.open`.
 *
 * @example
 * ```ts
 * const options: LiveChainOptions = { journal: new MemoryChainJournal(), snapshotEvery: 200 }
 * ```
 */
export type LiveChainOptions = {
  /**
   * The sandbox to run. With an empty journal its current state becomes the genesis state
   * (seqno 0); otherwise the journaled state is loaded into it. Default: a fresh
   * `LocalBlockchain.createLocal()`.
   */
  readonly blockchain?: LocalBlockchain | undefined
  /** Where blocks and snapshots go. Default: a `MemoryChainJournal`. */
  readonly journal?: ChainJournal | undefined
  /**
   * The chain's clock, unix seconds. Default: the wall clock, `Math.floor(Date.now() / 1000)`.
   * The chain's time is the later of this clock and its last block, so block times never go
   * back, whatever the clock does; a restarted chain starts from its last block's time. The
   * demo's dated history passes a clock that reads the history's own (past) time while it is
   * written, then the wall clock.
   */
  readonly clock?: (() => number) | undefined
  /** Blocks between automatic snapshots. Default 200. */
  readonly snapshotEvery?: number | undefined
  /** Called when a block listener throws; default `console.error`. */
  readonly onListenerError?: ((error: unknown) => void) | undefined
  /**
   * How much account history the chain keeps to answer an account or a get-method at an older
   * block (`{ seqno }`): the states before each of the last `maxBlocks` blocks that changed
   * accounts (default 1 000), at most `maxBytes` of them (default 64 MiB). Older blocks answer
   * `LIVE_CHAIN_STATE_PRUNED`.
   */
  readonly stateHistory?:
    | { readonly maxBlocks?: number | undefined; readonly maxBytes?: number | undefined }
    | undefined
}

/**
 * Which block's state a read answers: the head (default) or an older block `seqno`.
 *
 * @example
 * ```ts
 * await chain.account(pool, { seqno: 41 } satisfies AtBlock)
 * ```
 */
export type AtBlock = { readonly seqno?: number | undefined }

/**
 * The chain at one point, kept in memory by `LiveChain.savepoint` for
 * `LiveChain.revert`: the last block, the whole sandbox state and the clock's offset.
 *
 * @example
 * ```ts
 * const point = await chain.savepoint()
 * point.head.seqno // 12
 * ```
 */
export type ChainSavepoint = {
  /** The last block at that point. */
  readonly head: ChainHead
  /** The chain's time floor then (the last block's time, or later). */
  readonly time: number
  /** The clock's time-travel offset then, seconds. */
  readonly offset: number
  /** The sandbox state, as `snapshotToSerializable` JSON (a copy nothing later can change). */
  readonly state: string
}

/**
 * How `setTime` moves the next block's time: to a unix time, or forward by seconds.
 *
 * @example
 * ```ts
 * const move: TimeMove = { increase: 86_400 } // a day
 * ```
 */
export type TimeMove = { readonly set: number } | { readonly increase: number }
