import {
  type Address,
  beginCell,
  Cell,
  loadShardAccount,
  type ShardAccount,
  storeShardAccount,
} from '@ton/core'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { AccountInfo } from '../liveChainTypes.js'

// Account states as the live chain's parts pass them: the sandbox's own base64 `ShardAccount`
// text where it has one (kept rather than copied), parsed only where a caller needs fields.

/**
 * The account's state now as the sandbox's base64 bag of cells. The sandbox keeps every account
 * as the executor's own serialized `ShardAccount` and parses it only on demand: reusing that
 * text spares parsing the state and serializing it again.
 *
 * @example
 * ```ts
 * await shardAccountText(blockchain, wallet) // 'te6cckECFgEAA…'
 * ```
 */
export async function shardAccountText(
  blockchain: LocalBlockchain,
  address: Address,
): Promise<string> {
  const contract = await blockchain.getContract(address)
  const stored = (contract as unknown as { _account?: unknown })._account
  if (typeof stored === 'string') return stored
  return beginCell().store(storeShardAccount(contract.account)).endCell().toBoc().toString('base64')
}

/**
 * {@link shardAccountText} as bytes: what a journal block record stores.
 *
 * @example
 * ```ts
 * (await shardAccountBoc(blockchain, wallet)).length // 1_093
 * ```
 */
export async function shardAccountBoc(
  blockchain: LocalBlockchain,
  address: Address,
): Promise<Buffer> {
  const contract = await blockchain.getContract(address)
  const stored = (contract as unknown as { _account?: unknown })._account
  if (typeof stored === 'string') return Buffer.from(stored, 'base64')
  return beginCell().store(storeShardAccount(contract.account)).endCell().toBoc()
}

/**
 * A `ShardAccount` from the sandbox's base64 bag of cells.
 *
 * @example
 * ```ts
 * parseShardAccount(text).lastTransactionLt // 9_000_002n
 * ```
 */
export function parseShardAccount(text: string): ShardAccount {
  return loadShardAccount(Cell.fromBase64(text).beginParse())
}

/**
 * `account_none` with no last transaction: an account that does not exist.
 *
 * @example
 * ```ts
 * noAccount() // { account: undefined, lastTransactionHash: 0n, lastTransactionLt: 0n }
 * ```
 */
export function noAccount(): ShardAccount {
  return { account: undefined, lastTransactionHash: 0n, lastTransactionLt: 0n }
}

/**
 * The sandbox keeps a never-seen address as an empty uninit account without transactions: that
 * one does not exist (`account_none` on TON).
 */
function isNeverSeen(shardAccount: ShardAccount): boolean {
  const account = shardAccount.account
  return (
    account != null &&
    account.storage.state.type === 'uninit' &&
    account.storage.balance.coins === 0n &&
    shardAccount.lastTransactionLt === 0n
  )
}

/** Longer than any empty account's base64 ShardAccount (about 150 characters). */
const NEVER_SEEN_MAX_TEXT = 400

/**
 * Whether a base64 state is the sandbox's empty account of a never-seen address; the sandbox's
 * empty accounts are small, so only those are parsed.
 *
 * @example
 * ```ts
 * isNeverSeenText(await shardAccountText(blockchain, unknownAddress)) // true
 * ```
 */
export function isNeverSeenText(text: string): boolean {
  return text.length < NEVER_SEEN_MAX_TEXT && isNeverSeen(parseShardAccount(text))
}

/**
 * What the chain answers about an account from its `ShardAccount`.
 *
 * @example
 * ```ts
 * accountInfo(wallet, shardAccount).status // 'active'
 * ```
 */
export function accountInfo(address: Address, shardAccount: ShardAccount): AccountInfo {
  const account = shardAccount.account
  const lastTransaction =
    shardAccount.lastTransactionLt === 0n
      ? undefined
      : {
          lt: shardAccount.lastTransactionLt,
          hash: Buffer.from(shardAccount.lastTransactionHash.toString(16).padStart(64, '0'), 'hex'),
        }
  // The sandbox keeps a never-seen address as an empty uninit account: that one does not exist.
  const neverSeen =
    account?.storage.state.type === 'uninit' &&
    account.storage.balance.coins === 0n &&
    shardAccount.lastTransactionLt === 0n
  if (!account || neverSeen) {
    return {
      address,
      status: 'nonexist',
      balance: 0n,
      code: undefined,
      data: undefined,
      frozenHash: undefined,
      lastTransaction,
      shardAccount,
    }
  }
  const state = account.storage.state
  return {
    address,
    status: state.type,
    balance: account.storage.balance.coins,
    code: state.type === 'active' ? (state.state.code ?? undefined) : undefined,
    data: state.type === 'active' ? (state.state.data ?? undefined) : undefined,
    frozenHash:
      state.type === 'frozen'
        ? Buffer.from(state.stateHash.toString(16).padStart(64, '0'), 'hex')
        : undefined,
    lastTransaction,
    shardAccount,
  }
}
