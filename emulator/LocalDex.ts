import type { Address } from '@ton/core'
import type { BlockchainSnapshot } from '@ton/sandbox'
import type { PoolKind, PoolState } from '../core/pool/PoolState.js'
import type { FarmV3ItemData, FarmV3MinterData } from '../protocol/farm/getMethods.js'
import type { farmV3AdminBody } from '../protocol/farm/messages.js'
import type { StakeItemData, StakeMinterData } from '../protocol/stake/getMethods.js'
import type { FeeSettings, PoolParams } from './adminFlows.js'
import type { CrossSwapReceipt, CrossSwapRequest } from './crossSwapV2.js'
import type { Treasury } from './DexWorld.js'
import type { LocalEscrow, LocalFeeVaultMinter, VenueCreditReceipt } from './escrowFlows.js'
import type { FarmReceipt, FarmRewardSpec, LocalFarm } from './farmFlows.js'
import type { LocalBlockchain, TransactionListener } from './LocalBlockchain.js'
import type { LocalAsset, LocalJetton, LocalPool, LocalPton, LocalRouter } from './model.js'
import type { BurnReceipt, PayoutReceipt, ProvideReceipt, SwapReceipt } from './receipts.js'
import type { ProvideRequest, SwapRequest } from './requests.js'
import type { LocalStaking } from './stakeFlows.js'

/**
 * A local STON.fi-compatible exchange in `@ton/sandbox`: DEX v1 routers and DEX v2.2 routers of
 * every pool kind (constant product, stableswap, weighted constant product, weighted
 * stableswap) built from our own fixture contracts, test jettons, pTON v1 / v2, and helpers that
 * send exactly the messages a wallet (or `@ston-fi/sdk`) would. Outcomes come back as
 * receipts with the exchange's exit codes; refunds are outcomes, not errors.
 *
 * @example
 * ```ts
 * const dex = await createLocalDex({ now: 1_700_000_000, seed: 'my-dapp' })
 * const alice = await dex.wallet('alice')
 * const usdt = await dex.deployJetton('USDT')
 * const ton = await dex.deployPton('v2')
 * const router = await dex.deployRouter('v2', { pton: ton })
 * await dex.mint(usdt, alice.address, 10_000_000n * 10n ** 6n)
 * await dex.createPool(router, { from: alice, assetA: usdt, amountA: 300_000n * 10n ** 6n,
 *   assetB: ton, amountB: toNano('100000') })
 * const r = await dex.swap(router, { from: alice, offer: ton, ask: usdt, amount: toNano('100') })
 * r.amountOut // 298_802_394n (298.80 USDT), exactly core's `swap` quote
 * ```
 */
export interface LocalDex {
  /** The underlying sandbox chain, for raw use (`sendMessage`, `openContract`, `provider`…). */
  readonly blockchain: LocalBlockchain
  /** The wallet that deploys and administers everything. */
  readonly admin: Treasury
  /** A named, funded wallet (the same name always gives the same address). */
  wallet(name: string): Promise<Treasury>
  /** Deploys a test jetton (TEP-74 minter with TEP-89 discovery). */
  deployJetton(symbol: string): Promise<LocalJetton>
  /** Mints jettons to an address. */
  mint(jetton: LocalJetton, to: Address, amount: bigint): Promise<void>
  /** Deploys a proxy-TON minter: `'v1'` for DEX v1 routers, `'v2'` (2.1) for DEX v2. */
  deployPton(version: 'v1' | 'v2'): Promise<LocalPton>
  /**
   * Deploys a router and, with `pton`, its proxy-TON wallet. A DEX v2 router serves one pool
   * `kind` (default `'constant_product'`); DEX v1 has only constant product.
   */
  deployRouter(
    dex: 'v1' | 'v2',
    options?: { pton?: LocalPton | undefined; kind?: PoolKind | undefined },
  ): Promise<LocalRouter>
  /** The pool of two assets on a router (it exists once created by a first provision). */
  pool(router: LocalRouter, assetA: LocalAsset, assetB: LocalAsset): Promise<LocalPool>
  /** Creates a pool by its first provision; returns the pool and the provision's receipt. */
  createPool(
    router: LocalRouter,
    request: ProvideRequest,
  ): Promise<{ pool: LocalPool; receipt: ProvideReceipt }>
  /** Swaps jetton→jetton, TON→jetton or jetton→TON (TON through the router's pTON). */
  swap(router: LocalRouter, request: SwapRequest): Promise<SwapReceipt>
  /** DEX v2 multi-hop swap on one router. */
  crossSwap(router: LocalRouter, request: CrossSwapRequest): Promise<CrossSwapReceipt>
  /** Provides liquidity: both sides, or (DEX v2) one side with the other amount 0. */
  provide(router: LocalRouter, request: ProvideRequest): Promise<ProvideReceipt>
  /** The owner takes back what waits in its LP account of a pool (`refund_me`). */
  refundLiquidity(pool: LocalPool, request: { from: Treasury }): Promise<PayoutReceipt>
  /** Burns LP tokens. DEX v2 sends response addr_none as the SDK does (else the pool throws 86). */
  burn(
    pool: LocalPool,
    request: { from: Treasury; lp: bigint; response?: Address | null },
  ): Promise<BurnReceipt>
  /** Collects protocol fees: DEX v2 only from the protocol fee address, DEX v1 by anyone. */
  collectFees(pool: LocalPool, request: { from: Treasury }): Promise<PayoutReceipt>
  /** The admin sets a pool's fees and protocol fee address. */
  setFees(pool: LocalPool, fees: FeeSettings): Promise<void>
  /**
   * The admin sets a DEX v2 pool's kind parameters (`amp`, `w0` = token0's weight, `rate`; the
   * units of `PoolState`) through the router's `set_params`; works before the first provision.
   */
  setPoolParams(pool: LocalPool, params: PoolParams): Promise<void>
  /** The admin locks or unlocks a DEX v2 pool. */
  setPoolLock(pool: LocalPool, locked: boolean): Promise<void>
  /** The admin locks or unlocks a router. */
  setRouterLock(router: LocalRouter, locked: boolean): Promise<void>
  /** DEX v2: anyone triggers the payout of `owner`'s referral vault for `asset`. */
  withdrawReferralFees(
    router: LocalRouter,
    request: { owner: Address; asset: LocalAsset; from?: Treasury | undefined },
  ): Promise<PayoutReceipt>
  /**
   * Deploys a farm v3 for `pool`'s LP token (our Tolk farm minter): names its LP wallet and
   * creates one reward pool per entry of `rewards` (`docs/farms.md`).
   */
  deployFarm(
    pool: LocalPool,
    options: {
      rewards: readonly FarmRewardSpec[]
      minStakeTime?: bigint | undefined
      contractUniqueId?: bigint | undefined
    },
  ): Promise<LocalFarm>
  /** Deposits reward jettons into a reward pool (`deposit_rewards` payload). */
  depositFarmRewards(
    farm: LocalFarm,
    request: { from: Treasury; poolIndex: number; amount: bigint },
  ): Promise<FarmReceipt>
  /** Stakes LP tokens as `@ston-fi/sdk` does; returns the new position. */
  stakeFarm(
    farm: LocalFarm,
    request: { from: Treasury; amount: bigint; owner?: Address | undefined },
  ): Promise<FarmReceipt & { index: bigint; item: Address }>
  /** The position's owner claims all pools or one. */
  claimFarmRewards(
    farm: LocalFarm,
    item: Address,
    request: { from: Treasury; poolIndex?: number | undefined },
  ): Promise<FarmReceipt>
  /** The position's owner unstakes the whole stake, claiming on the way. */
  unstakeFarm(farm: LocalFarm, item: Address, request: { from: Treasury }): Promise<FarmReceipt>
  /** A farm admin operation from the admin wallet (rate, statuses, stake time, withdrawal). */
  farmAdmin(farm: LocalFarm, operation: Parameters<typeof farmV3AdminBody>[0]): Promise<FarmReceipt>
  /** The farm minter's `get_farming_minter_data`. */
  farmMinterData(farm: LocalFarm): Promise<FarmV3MinterData>
  /** A position's `get_farming_data`. */
  farmItemData(item: Address): Promise<FarmV3ItemData>
  /** The address of the farm's position `index`. */
  farmItemAddress(farm: LocalFarm, index: bigint): Promise<Address>
  /**
   * Deploys STON staking for `ston`: the staking minter and the GEMSTON minter it
   * administers (`docs/staking.md`).
   */
  deployStaking(options: { ston: LocalJetton; id?: bigint | undefined }): Promise<LocalStaking>
  /** Stakes STON for 3 to 24 months with stake-sdk's message; returns the new position. */
  stakeSton(
    staking: LocalStaking,
    request: {
      from: Treasury
      amount: bigint
      duration: bigint
      nftRecipient?: Address | undefined
      tokenRecipient?: Address | undefined
    },
  ): Promise<FarmReceipt & { index: bigint; item: Address }>
  /** A stake position's user message: `unstake`, `restake`, `claimRewards` or `destroy`. */
  stakeItemSend(
    item: Address,
    request: { from: Treasury } & (
      | { op: 'unstake' }
      | { op: 'claimRewards' }
      | { op: 'destroy' }
      | { op: 'restake'; duration: bigint }
    ),
  ): Promise<FarmReceipt>
  /** The staking minter's `get_staking_minter_data`. */
  stakeMinterData(staking: LocalStaking): Promise<StakeMinterData>
  /** A stake position's `get_staking_data`. */
  stakeItemData(item: Address): Promise<StakeItemData>
  /** Deploys the referral escrow venue's factory (`docs/referral-venues.md`). */
  deployEscrow(options?: { globalId?: bigint | undefined }): Promise<LocalEscrow>
  /** Deposits jettons into the sender's escrow vault, or with `owner` into that owner's. */
  depositToEscrow(
    escrow: LocalEscrow,
    request: { from: Treasury; jetton: LocalJetton; amount: bigint; owner?: Address | undefined },
  ): Promise<VenueCreditReceipt>
  /** The escrow vault of `owner` for `jetton` (`getVaultAddress`). */
  escrowVaultAddress(escrow: LocalEscrow, jetton: LocalJetton, owner: Address): Promise<Address>
  /** Deploys a fee-vault minter of referral venues A and B (`docs/referral-venues.md`). */
  deployFeeVaultMinter(): Promise<LocalFeeVaultMinter>
  /** The venue credits `owner` a jetton referral fee in its fee vault. */
  creditFeeVault(
    venue: LocalFeeVaultMinter,
    request: { from: Treasury; jetton: LocalJetton; amount: bigint; owner: Address },
  ): Promise<VenueCreditReceipt>
  /** A pool's state as `ton-dex-lab/core` models it. */
  poolState(pool: LocalPool): Promise<PoolState>
  /** DEX v2: what `owner`'s referral vault for `asset` holds. */
  vaultBalance(router: LocalRouter, owner: Address, asset: LocalAsset): Promise<bigint>
  /** A jetton balance (0 before the wallet exists). */
  jettonBalance(jetton: LocalJetton, owner: Address): Promise<bigint>
  /** An LP balance (0 before the LP wallet exists). */
  lpBalance(pool: LocalPool, owner: Address): Promise<bigint>
  /** What waits in `owner`'s LP account of a pool. */
  lpAccount(pool: LocalPool, owner: Address): Promise<{ amount0: bigint; amount1: bigint }>
  /** Subscribes to every executed transaction (the history is not kept); returns unsubscribe. */
  onTransactions(listener: TransactionListener): () => void
  /** A snapshot of the whole world (chain state and clock). */
  snapshot(): BlockchainSnapshot
  /** Restores a snapshot taken by {@link LocalDex.snapshot}. */
  restore(snapshot: BlockchainSnapshot): Promise<void>
}
