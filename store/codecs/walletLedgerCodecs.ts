import type {
  IndexedJettonWalletRow,
  IndexedLpAccountRow,
  IndexedVaultRow,
} from '../rows/indexerRows.js'
import { readBigint, readOptionalText, readText, writeBigint } from './columns.js'

/**
 * Conversions between the indexer's wallet-ledger rows and SQLite records
 * (`indexed_jetton_wallets`, `indexed_lp_accounts`, `indexed_vaults`). Every encoder returns the
 * same columns in the same order (the batch writer binds by position).
 * @module
 */

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

/**
 * Jetton wallet row → record.
 *
 * @example
 * ```ts
 * encodeJettonWallet({ address: 'EQ…', ownerAddress: null, masterAddress: 'EQ…', balance: 5n }).balance // '5'
 * ```
 */
export function encodeJettonWallet(row: IndexedJettonWalletRow): DbParams {
  return {
    address: row.address,
    owner_address: row.ownerAddress,
    master_address: row.masterAddress,
    balance: writeBigint(row.balance),
  }
}

/**
 * Record → jetton wallet row.
 *
 * @example
 * ```ts
 * decodeJettonWallet({ address: 'EQ…', owner_address: null, master_address: 'EQ…', balance: '5' }).balance // 5n
 * ```
 */
export function decodeJettonWallet(r: DbRecord): IndexedJettonWalletRow {
  return {
    address: readText(r.address, 'indexed_jetton_wallets.address'),
    ownerAddress: readOptionalText(r.owner_address, 'indexed_jetton_wallets.owner_address'),
    masterAddress: readOptionalText(r.master_address, 'indexed_jetton_wallets.master_address'),
    balance: readBigint(r.balance, 'indexed_jetton_wallets.balance'),
  }
}

/**
 * LP account row → record.
 *
 * @example
 * ```ts
 * encodeLpAccount(account).amount0 // '1000000'
 * ```
 */
export function encodeLpAccount(row: IndexedLpAccountRow): DbParams {
  return {
    address: row.address,
    user_address: row.userAddress,
    pool_address: row.poolAddress,
    amount0: writeBigint(row.amount0),
    amount1: writeBigint(row.amount1),
  }
}

/**
 * Record → LP account row.
 *
 * @example
 * ```ts
 * decodeLpAccount(record).amount0 // 1000000n
 * ```
 */
export function decodeLpAccount(r: DbRecord): IndexedLpAccountRow {
  return {
    address: readText(r.address, 'indexed_lp_accounts.address'),
    userAddress: readText(r.user_address, 'indexed_lp_accounts.user_address'),
    poolAddress: readText(r.pool_address, 'indexed_lp_accounts.pool_address'),
    amount0: readBigint(r.amount0, 'indexed_lp_accounts.amount0'),
    amount1: readBigint(r.amount1, 'indexed_lp_accounts.amount1'),
  }
}

/**
 * Vault row → record.
 *
 * @example
 * ```ts
 * encodeVault(vault).balance // '125000000'
 * ```
 */
export function encodeVault(row: IndexedVaultRow): DbParams {
  return {
    address: row.address,
    owner_address: row.ownerAddress,
    token_wallet: row.tokenWallet,
    router_address: row.routerAddress,
    balance: writeBigint(row.balance),
  }
}

/**
 * Record → vault row.
 *
 * @example
 * ```ts
 * decodeVault(record).balance // 125000000n
 * ```
 */
export function decodeVault(r: DbRecord): IndexedVaultRow {
  return {
    address: readText(r.address, 'indexed_vaults.address'),
    ownerAddress: readText(r.owner_address, 'indexed_vaults.owner_address'),
    tokenWallet: readText(r.token_wallet, 'indexed_vaults.token_wallet'),
    routerAddress: readText(r.router_address, 'indexed_vaults.router_address'),
    balance: readBigint(r.balance, 'indexed_vaults.balance'),
  }
}
