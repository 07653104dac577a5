import { createHash } from 'node:crypto'
import { setPoolFees, setPoolLock, setPoolParams, setRouterLock } from './adminFlows.js'
import { crossSwapV2 } from './crossSwapV2.js'
import { DexWorld } from './DexWorld.js'
import { deployJetton, deployPton, deployRouter, mintJetton } from './deployContracts.js'
import { burnV1, collectFeesV1, provideV1, swapV1 } from './dexV1Flows.js'
import { provideV2, swapV2 } from './dexV2Flows.js'
import {
  creditFeeVault,
  deployEscrow,
  deployFeeVaultMinter,
  depositToEscrow,
  escrowVaultAddress,
} from './escrowFlows.js'
import {
  claimFarmRewards,
  deployFarm,
  depositFarmRewards,
  farmAdmin,
  farmItemAddress,
  readFarmItem,
  readFarmMinter,
  stakeFarm,
  unstakeFarm,
} from './farmFlows.js'
import { LocalBlockchain } from './LocalBlockchain.js'
import type { LocalDex } from './LocalDex.js'
import type { LocalAsset } from './model.js'
import { burnV2, collectFeesV2, refundLpAccount, withdrawVaultV2 } from './payoutFlows.js'
import { readLpAccount, readPoolState, readVaultBalance } from './readState.js'
import { requireV2, resolvePool } from './routing.js'
import {
  deployStaking,
  readStakeItem,
  readStakeMinter,
  stakeItemSend,
  stakeSton,
} from './stakeFlows.js'

/**
 * Options of {@link createLocalDex}.
 *
 * @example
 * ```ts
 * const options: CreateLocalDexOptions = { now: 1_700_000_000, seed: 'my-test' }
 * ```
 */
export type CreateLocalDexOptions = {
  /** Pinned block time, unix seconds. Default 1_700_000_000 (2023-11-14). */
  readonly now?: number | undefined
  /** Seed of the TVM's random generator; the same seed gives the same world. Default 'ton-dex-lab'. */
  readonly seed?: string | undefined
  /**
   * Switch `@ton/core` into its faster mode for the whole process (native SHA-256 cell hashes,
   * a cache of parsed cells); no result changes, an emulated swap costs about half. Default
   * `false`. See `LocalBlockchainOptions.fastCells` and `docs/emulator.md#performance`.
   */
  readonly fastCells?: boolean | undefined
}

/**
 * The default pinned time: in the past, so deadlines computed from the wall clock stay valid.
 *
 * @example
 * ```ts
 * DEFAULT_LOCAL_DEX_NOW // 1_700_000_000
 * ```
 */
export const DEFAULT_LOCAL_DEX_NOW = 1_700_000_000

/**
 * Creates a deterministic local exchange: a fresh sandbox chain with pinned time and random
 * seed, a funded `admin` wallet and the helpers of {@link LocalDex}. Contracts are our own
 * fixtures (`contracts-fixtures/`), loaded from the build artifact.
 *
 * @example
 * ```ts
 * const dex = await createLocalDex({ now: 1_700_000_000, seed: 'my-test' })
 * const alice = await dex.wallet('alice')
 * const router = await dex.deployRouter('v2')
 * ```
 */
export async function createLocalDex(options: CreateLocalDexOptions = {}): Promise<LocalDex> {
  const chain = await LocalBlockchain.createLocal({ fastCells: options.fastCells })
  chain.now = options.now ?? DEFAULT_LOCAL_DEX_NOW
  chain.random = createHash('sha256')
    .update(options.seed ?? 'ton-dex-lab')
    .digest()
  const world = new DexWorld(chain, await chain.treasury('admin'))
  let routers = 0n

  const dex: LocalDex = {
    blockchain: chain,
    admin: world.admin,
    wallet: (name) => chain.treasury(name),
    deployJetton: (symbol) => deployJetton(world, symbol),
    mint: (jetton, to, amount) => mintJetton(world, jetton, to, amount),
    deployPton: (version) => deployPton(world, version),
    deployRouter: (version, opts) =>
      deployRouter(world, version, opts?.pton, routers++, opts?.kind ?? 'constant_product'),
    pool: (router, a, b) => resolvePool(world, router, a, b),
    async createPool(router, request) {
      const receipt = await dex.provide(router, request)
      return { pool: await resolvePool(world, router, request.assetA, request.assetB), receipt }
    },
    swap: (router, request) =>
      router.dex === 'v1' ? swapV1(world, router, request) : swapV2(world, router, request),
    crossSwap: (router, request) => crossSwapV2(world, router, request),
    provide: (router, request) =>
      router.dex === 'v1' ? provideV1(world, router, request) : provideV2(world, router, request),
    refundLiquidity: (pool, { from }) => refundLpAccount(world, pool, from),
    burn: (pool, { from, lp, response }) =>
      pool.router.dex === 'v1'
        ? burnV1(world, pool, from, lp)
        : burnV2(world, pool, from, lp, response ?? null),
    collectFees: (pool, { from }) =>
      pool.router.dex === 'v1'
        ? collectFeesV1(world, pool, from)
        : collectFeesV2(world, pool, from),
    setFees: (pool, fees) => setPoolFees(world, pool, fees),
    setPoolParams: (pool, params) => setPoolParams(world, pool, params),
    setPoolLock: (pool, locked) => setPoolLock(world, pool, locked),
    setRouterLock: (router, locked) => setRouterLock(world, router, locked),
    async withdrawReferralFees(router, { owner, asset, from }) {
      requireV2(router.dex, 'referral vaults')
      return withdrawVaultV2(world, router, owner, asset, from ?? world.admin)
    },
    deployFarm: (pool, options) => deployFarm(world, pool, options),
    depositFarmRewards: (farm, request) => depositFarmRewards(world, farm, request),
    stakeFarm: (farm, request) => stakeFarm(world, farm, request),
    claimFarmRewards: (farm, item, request) => claimFarmRewards(world, farm, item, request),
    unstakeFarm: (farm, item, request) => unstakeFarm(world, farm, item, request),
    farmAdmin: (farm, operation) => farmAdmin(world, farm, operation),
    farmMinterData: (farm) => readFarmMinter(world, farm),
    farmItemData: (item) => readFarmItem(world, item),
    farmItemAddress: (farm, index) => farmItemAddress(world, farm, index),
    deployStaking: (options) => deployStaking(world, options),
    stakeSton: (staking, request) => stakeSton(world, staking, request),
    stakeItemSend: (item, request) => stakeItemSend(world, item, request),
    stakeMinterData: (staking) => readStakeMinter(world, staking),
    stakeItemData: (item) => readStakeItem(world, item),
    deployEscrow: (options) => deployEscrow(world, options),
    depositToEscrow: (escrow, request) => depositToEscrow(world, escrow, request),
    escrowVaultAddress: (escrow, jetton, owner) => escrowVaultAddress(world, escrow, jetton, owner),
    deployFeeVaultMinter: () => deployFeeVaultMinter(world),
    creditFeeVault: (venue, request) => creditFeeVault(world, venue, request),
    poolState: (pool) => readPoolState(world, pool),
    async vaultBalance(router, owner, asset: LocalAsset) {
      requireV2(router.dex, 'referral vaults')
      return readVaultBalance(world, router, owner, asset)
    },
    jettonBalance: (jetton, owner) => world.jettonBalance(jetton.minter, owner),
    lpBalance: (pool, owner) => world.jettonBalance(pool.address, owner),
    lpAccount: (pool, owner) => readLpAccount(world, pool, owner),
    onTransactions: (listener) => chain.onTransactions(listener),
    snapshot: () => chain.snapshot(),
    restore: (snapshot) => chain.loadFrom(snapshot),
  }
  return dex
}
