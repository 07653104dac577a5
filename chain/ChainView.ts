import type { Address, Cell, Message, TupleItem } from '@ton/core'
import type {
  AccountInfo,
  AtBlock,
  ChainBlock,
  ChainHead,
  EmulatedExternal,
  GetMethodOutcome,
} from './liveChainTypes.js'
import type {
  LoggedTransaction,
  TransactionLtRange,
  TransactionPageQuery,
} from './TransactionLog.js'

/**
 * What the TON HTTP API (`chain/tonHttpApi/`, v2, v3 and streaming) reads of a chain and sends
 * to it: its head and time, blocks and their transactions, account histories, account states
 * and get-methods (now or at an older block), external messages (sent or emulated) and new
 * blocks as they come. `LiveChain` implements it; the API depends on this interface, not on
 * the class.
 *
 * @example
 * ```ts
 * const view: ChainView = await LiveChain.open()
 * view.head.seqno // 0
 * await app.register(tonHttpApi, { chain: view })
 * ```
 */
export interface ChainView {
  /** The last committed block (seqno 0 = the genesis state). */
  readonly head: ChainHead
  /** The chain's time now, unix seconds. */
  readonly time: number
  /** How many times the chain was reverted: an index kept beside it compares this. */
  readonly revision: number
  /** The blockchain configuration (the `ConfigParams` dictionary cell). */
  readonly config: Cell
  /** The chain's library cells (the `libs` dictionary: hash → cell), `undefined` for none. */
  readonly libraries: Cell | undefined
  /** Number of transactions in the history. */
  readonly transactionCount: number
  /** The time of block `seqno`, `undefined` for a block the chain has not made. */
  blockTime(seqno: number): number | undefined
  /** The transactions of a committed block, in execution order. */
  blockTransactions(seqno: number): readonly LoggedTransaction[]
  /** A page of an account's transactions, newest first (toncenter's `getTransactions`). */
  transactions(address: Address, query: TransactionPageQuery): LoggedTransaction[]
  /** An account's transactions in an lt window, oldest first, both ends inclusive. */
  transactionRange(account: Address | string, window?: TransactionLtRange): LoggedTransaction[]
  /** An account now, or after block `seqno`. */
  account(address: Address, at?: AtBlock): Promise<AccountInfo>
  /** An account's `ShardAccount` as a bag of cells, now or after block `seqno`. */
  shardAccountCell(address: Address, at?: AtBlock): Promise<Buffer>
  /** A get-method now, or on the state after block `seqno`. */
  runGetMethod(
    address: Address,
    method: string | number,
    stack?: readonly TupleItem[],
    at?: AtBlock,
  ): Promise<GetMethodOutcome>
  /** Validates and runs an external-in message as one block; answers the block once stored. */
  sendExternal(boc: Uint8Array | string | Cell): Promise<ChainBlock>
  /** Emulates an external-in message on the current state, changing nothing. */
  emulateExternal(
    message: Message | Uint8Array | string | Cell,
    options?: { readonly ignoreChksig?: boolean },
  ): Promise<EmulatedExternal>
  /** Subscribes to committed blocks; returns the function that unsubscribes. */
  onBlock(listener: (block: ChainBlock) => void): () => void
}
