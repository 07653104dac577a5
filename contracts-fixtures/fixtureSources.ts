/**
 * The fixture contracts and the Tolk entry file of each, relative to `contracts-fixtures/sources`.
 * Every source opens with a header naming the real contract and behaviour it follows; all are
 * written from the facts in `contracts.md`, never copied.
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
} as const

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
 * FIXTURE_NAMES.length // 15
 * ```
 */
export const FIXTURE_NAMES = Object.keys(FIXTURE_SOURCES) as FixtureName[]
