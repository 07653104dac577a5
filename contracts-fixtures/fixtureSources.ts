/**
 * The fixture contracts and the Tolk entry file of each, relative to `contracts-fixtures/sources`.
 * Every source opens with a header naming the real contract and behaviour it follows; all are
 * written from the facts in `docs/contracts.md`, never copied.
 *
 * @example
 * ```ts
 * FIXTURE_SOURCES.dexV2Pool // 'dex-v2/pool.tolk'
 * ```
 */
export const FIXTURE_SOURCES = {
  jettonMinter: 'jetton/jetton-minter.tolk',
  jettonWallet: 'jetton/jetton-wallet.tolk',
  ptonV1Minter: 'pton-v1/pton-minter.tolk',
  ptonV1Wallet: 'pton-v1/pton-wallet.tolk',
  ptonV2Minter: 'pton-v2/pton-minter.tolk',
  ptonV2Wallet: 'pton-v2/pton-wallet.tolk',
  dexV1Router: 'dex-v1/router.tolk',
  dexV1Pool: 'dex-v1/pool.tolk',
  dexV1LpAccount: 'dex-v1/lp-account.tolk',
  dexV1LpWallet: 'dex-v1/lp-wallet.tolk',
  dexV2Router: 'dex-v2/router.tolk',
  dexV2Pool: 'dex-v2/pool.tolk',
  dexV2LpAccount: 'dex-v2/lp-account.tolk',
  dexV2LpWallet: 'dex-v2/lp-wallet.tolk',
  dexV2Vault: 'dex-v2/vault.tolk',
  dexV2StableRouter: 'dex-v2/router.tolk',
  dexV2StablePool: 'dex-v2/pool.tolk',
  dexV2WcpiRouter: 'dex-v2/router.tolk',
  dexV2WcpiPool: 'dex-v2/pool.tolk',
  dexV2WstableRouter: 'dex-v2/router.tolk',
  dexV2WstablePool: 'dex-v2/pool.tolk',
  farmV3Minter: 'farm/farm-minter.tolk',
  farmV3Item: 'farm/farm-item.tolk',
  stakeMinter: 'stake/stake-minter.tolk',
  stakeItem: 'stake/stake-item.tolk',
  escrowFactory: 'escrow/escrow-factory.tolk',
  escrowVault: 'escrow/escrow-vault.tolk',
  feeVaultMinter: 'fee-vault/fee-vault-minter.tolk',
  feeVault: 'fee-vault/fee-vault.tolk',
} as const

/**
 * The pool-kind module each DEX v2 fixture is built with: the Tolk import `pool-kind.tolk`
 * (from `dex-v2/`) resolves to it, as the real build templates one router and pool per pool
 * type. The LP account, LP wallet and vault are shared by every kind and built with the
 * constant-product module.
 *
 * @example
 * ```ts
 * FIXTURE_POOL_KIND_MODULES.dexV2StablePool // 'dex-v2/kind-stableswap.tolk'
 * ```
 */
export const FIXTURE_POOL_KIND_MODULES: Partial<Record<keyof typeof FIXTURE_SOURCES, string>> = {
  dexV2Router: 'dex-v2/kind-constant-product.tolk',
  dexV2Pool: 'dex-v2/kind-constant-product.tolk',
  dexV2LpAccount: 'dex-v2/kind-constant-product.tolk',
  dexV2LpWallet: 'dex-v2/kind-constant-product.tolk',
  dexV2Vault: 'dex-v2/kind-constant-product.tolk',
  dexV2StableRouter: 'dex-v2/kind-stableswap.tolk',
  dexV2StablePool: 'dex-v2/kind-stableswap.tolk',
  dexV2WcpiRouter: 'dex-v2/kind-weighted-const-product.tolk',
  dexV2WcpiPool: 'dex-v2/kind-weighted-const-product.tolk',
  dexV2WstableRouter: 'dex-v2/kind-weighted-stableswap.tolk',
  dexV2WstablePool: 'dex-v2/kind-weighted-stableswap.tolk',
}

/**
 * The import every DEX v2 fixture resolves to its pool-kind module.
 *
 * @example
 * ```ts
 * POOL_KIND_IMPORT // 'dex-v2/pool-kind.tolk' (`import "pool-kind"` from a dex-v2 source)
 * ```
 */
export const POOL_KIND_IMPORT = 'dex-v2/pool-kind.tolk'

/**
 * Name of a fixture contract, e.g. `'dexV2Pool'`.
 *
 * @example
 * ```ts
 * const name: FixtureName = 'dexV2Vault'
 * ```
 */
export type FixtureName = keyof typeof FIXTURE_SOURCES

/**
 * Every fixture name, in build order.
 *
 * @example
 * ```ts
 * FIXTURE_NAMES.length // 29
 * ```
 */
export const FIXTURE_NAMES = Object.keys(FIXTURE_SOURCES) as FixtureName[]
