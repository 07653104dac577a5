/**
 * The market tables of both drivers, children before parents: the order a whole-market write
 * (`import`, the demo's reference data) deletes their rows in.
 *
 * @example
 * ```ts
 * for (const table of MARKET_TABLES) db.exec(`DELETE FROM ${table}`) // farm_nft_rewards first, routers last
 * ```
 */
export const MARKET_TABLES = [
  'farm_nft_rewards',
  'farm_nfts',
  'stake_nfts',
  'stakes',
  'lp_positions',
  'wallet_balances',
  'fee_vaults',
  'jetton_wallets',
  'farm_rewards',
  'farms',
  'pools',
  'assets',
  'routers',
] as const
