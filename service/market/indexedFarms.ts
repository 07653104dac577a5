import type { Decimal } from 'decimal.js'
import {
  accrueFarmPool,
  FARM_DAY_SECONDS,
  farmClaimPayout,
  farmPendingNanorewards,
  farmPoolRemaining,
  NANOREWARDS_PER_UNIT,
} from '../../core/farm/farmAccrual.js'
import {
  FARM_ITEM_STATUS,
  FARM_MINTER_STATUS,
  FARM_POOL_STATUS,
  farmStatusName,
} from '../../core/farm/farmStatus.js'
import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
import type {
  IndexedFarmPoolRow,
  IndexedFarmPositionRow,
  IndexedFarmRow,
  IndexedStakePositionRow,
} from '../../store/rows/indexerRows.js'
import type { FarmRewardRow, FarmRow } from '../../store/rows/referenceRows.js'
import type { StakeTotals } from '../../store/rows/statsRows.js'
import type { FarmNftRow, StakeNftRow, StakeRow } from '../../store/rows/walletRows.js'
import type { StoreReader } from '../../store/Store.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import { formatUsd, poolTvlUsd, usdDecimal, usdPrices } from '../wire/usdPricing.js'

/** Stake NFT statuses by code (stake-sdk: 0 uninitialized, 1 active, 2 unstaked, 3 claiming). */
const STAKE_STATUS = ['uninitialized', 'active', 'unstaked', 'claiming'] as const

/**
 * What the indexed farms and stakes look like on the wire, derived from the indexed chain
 * state (`docs/farms.md`, "The REST API"): one evaluation time (the newest indexed
 * transaction, the chain's clock), the masters of the minters' jetton wallets (the wallet
 * ledger) and the index's USD prices.
 *
 * @example
 * ```ts
 * const view = await indexedFarmView(store, undefined)
 * view.farms[0]?.apy // '0.4213…'
 * ```
 */
export type IndexedFarmView = {
  /** Farms whose LP jetton (pool) is known, by minter address. */
  readonly farms: readonly FarmRow[]
  /** A wallet's farm NFTs (destroyed positions left out). */
  farmNfts(owner: string): Promise<FarmNftRow[]>
  /** A wallet's staking position (its STON balance alone when it never staked), `undefined` when it has neither. */
  stake(owner: string): Promise<StakeRow | undefined>
  /** Sums over every indexed stake position and the STON the wallets hold. */
  stakeTotals(): Promise<StakeTotals | undefined>
}

/**
 * Derives the wire rows of the indexed farms and stakes (see {@link IndexedFarmView}); an
 * empty view when the indexer follows no farm or staking minter.
 *
 * Per farm: `pool_address` is the master of the minter's LP wallet; `status` the minter
 * status's SDK name; `locked_total_lp` the current stake, valued at the pool's TVL share
 * (`locked × TVL ÷ LP supply`); each reward pool's `remaining_rewards` is its un-accrued budget
 * accrued to the evaluation time, floored to base units; `reward_rate_24h` the rate in base
 * units a day; `apy` = Σ over distributing pools of rate/day × reward USD price × 365 ÷
 * locked USD (`null` without a stake, a USD value or a priced reward).
 *
 * @example
 * ```ts
 * const view = await indexedFarmView(store, { address: usdt, decimals: 6 })
 * await view.farmNfts(alice) // [{ status: 'active', rewards: [{ address: ston, amount: 1240n }], … }]
 * ```
 */
export async function indexedFarmView(
  store: StoreReader,
  configured: UsdStablecoin | undefined,
): Promise<IndexedFarmView> {
  const [farmRows, stakings] = await Promise.all([
    store.listIndexedFarms(),
    store.listIndexedStakings(),
  ])
  if (farmRows.length === 0 && stakings.length === 0) {
    return {
      farms: [],
      farmNfts: async () => [],
      stake: async () => undefined,
      stakeTotals: async () => undefined,
    }
  }
  const [newest] = await store.listIndexedTransactions({ limit: 1 })
  const now = BigInt(newest === undefined ? 0 : unixSeconds(newest.timestamp))
  const wallets = await store.listIndexedJettonWallets()
  const masters = new Map(wallets.map((w) => [w.address, w.masterAddress]))
  const masterOf = (wallet: string | null) =>
    wallet === null ? null : (masters.get(wallet) ?? null)
  const usd = await resolveStablecoin(store, configured)
  const { pools } = await loadIndexedMarket(store, usd)
  const prices = usdPrices(pools, usd)
  const poolByAddress = new Map(pools.map((p) => [p.address, p]))

  /** Every reward pool accrued to the evaluation time (a view: the chain state is unchanged). */
  const accrued = (farm: IndexedFarmRow): IndexedFarmPoolRow[] =>
    farm.pools.map((pool) => ({
      ...pool,
      ...accrueFarmPool(pool, {
        now: now > pool.lastUpdateTime ? now : pool.lastUpdateTime,
        staked: farm.currentStaked,
        nanorewardsPer24h: pool.nanorewardsPer24h,
        adminFee: pool.adminFee,
        active:
          farm.status === FARM_MINTER_STATUS.operational && pool.status === FARM_POOL_STATUS.active,
      }),
    }))
  const accruedByFarm = new Map(farmRows.map((f) => [f.address, accrued(f)]))

  const farms: FarmRow[] = []
  for (const farm of farmRows) {
    // The wallet ledger's master once the LP wallet is deployed, else the one the indexer told
    // from the wallet's address (a farm is listed from its `init`, before any stake).
    const poolAddress = masterOf(farm.stakingTokenWallet) ?? farm.stakingTokenMaster
    if (poolAddress === null) continue
    const current = accruedByFarm.get(farm.address) ?? []
    const operational = farm.status === FARM_MINTER_STATUS.operational
    const retired = farm.status === FARM_MINTER_STATUS.retired
    const lp = poolByAddress.get(poolAddress)
    const tvl = lp === undefined ? usdDecimal(0) : poolTvlUsd(lp, prices)
    const lockedUsd =
      lp === undefined || lp.totalSupply === 0n
        ? usdDecimal(0)
        : tvl.mul(farm.currentStaked.toString()).div(lp.totalSupply.toString())
    let yearly: Decimal = usdDecimal(0)
    let priced = false
    const rewards: FarmRewardRow[] = current.map((pool) => {
      const remaining = farmPoolRemaining(pool)
      const distributed = retired || remaining < NANOREWARDS_PER_UNIT
      const distributing =
        operational &&
        pool.status === FARM_POOL_STATUS.active &&
        !distributed &&
        pool.nanorewardsPer24h > 0n
      const address = masterOf(pool.rewardTokenWallet) ?? pool.rewardTokenMaster
      const price = address === null ? undefined : prices.get(address)
      if (distributing && price !== undefined) {
        priced = true
        yearly = yearly.add(
          price
            .mul(pool.nanorewardsPer24h.toString())
            .div(NANOREWARDS_PER_UNIT.toString())
            .mul(365),
        )
      }
      return {
        index: pool.index,
        address,
        status: String(farmStatusName(FARM_POOL_STATUS, pool.status) ?? pool.status),
        adminFee: pool.adminFee.toString(),
        remainingRewards: remaining / NANOREWARDS_PER_UNIT, // whole base units: floor (≥ 0)
        rewardRate24h: decimalRate(pool.nanorewardsPer24h),
        estimatedEndTimestamp: distributing
          ? // the second the last reward accrues at today's rate: floor (both positive)
            isoSeconds(Number(now + (remaining * FARM_DAY_SECONDS) / pool.nanorewardsPer24h))
          : null,
        rewardsDistributed: distributed,
      }
    })
    farms.push({
      minterAddress: farm.address,
      poolAddress,
      status: String(farmStatusName(FARM_MINTER_STATUS, farm.status) ?? farm.status),
      version: 'v3',
      minStakeDurationS: farm.minStakeTime,
      apy: priced && !lockedUsd.isZero() ? formatUsd(yearly.div(lockedUsd)) : null,
      lockedTotalLp: farm.currentStaked,
      lockedTotalLpUsd: lockedUsd.isZero() ? null : formatUsd(lockedUsd),
      allRewardsDistributed: rewards.length > 0 && rewards.every((r) => r.rewardsDistributed),
      custodianAddress: farm.adminAddress,
      ownerAddress: farm.adminAddress,
      createTimestamp: farm.createTimestamp,
      meta: null,
      rewards,
    })
  }
  const farmByAddress = new Map(farmRows.map((f) => [f.address, f]))

  const farmNft = (p: IndexedFarmPositionRow): FarmNftRow | undefined => {
    const farm = farmByAddress.get(p.farmAddress)
    if (farm === undefined || p.destroyed) return undefined
    const current = accruedByFarm.get(farm.address) ?? []
    const open = p.status !== FARM_ITEM_STATUS.unstaked
    const claimed = new Map(p.claimedPerUnit.map((c) => [c.poolIndex, c.perUnit]))
    const rewards = current.map((pool) => {
      const from = claimed.get(pool.index) ?? 0n
      const pending =
        open && pool.accruedPerUnit > from
          ? farmPendingNanorewards(p.staked, pool.accruedPerUnit, from)
          : 0n
      return {
        address:
          masterOf(pool.rewardTokenWallet) ?? pool.rewardTokenMaster ?? pool.rewardTokenWallet,
        amount: farmClaimPayout(pending), // what a claim now pays: floor, the rest forfeited
      }
    })
    return {
      address: p.address,
      farmAddress: p.farmAddress,
      ownerAddress: p.ownerAddress,
      createTimestamp: isoSeconds(Number(p.stakeDate)),
      minUnstakeTimestamp: isoSeconds(Number(p.stakeDate + farm.minStakeTime)),
      nonclaimedRewards: rewards.reduce((sum, r) => sum + r.amount, 0n),
      stakedTokens: p.staked,
      status: String(farmStatusName(FARM_ITEM_STATUS, p.status) ?? p.status),
      unstakeTimestamp: p.revokeTime === 0n ? null : isoSeconds(Number(p.revokeTime)),
      rewards,
    }
  }

  const stonMasters = new Set(
    stakings.map((s) => masterOf(s.stakingTokenWallet)).filter((m): m is string => m !== null),
  )
  const stakeNft = (p: IndexedStakePositionRow): StakeNftRow => ({
    address: p.address,
    imageUrl: '',
    minUnstakingTimestamp: isoSeconds(Number(p.minUnstakeDate)),
    mintedGemston: p.gemston,
    stakedTokens: p.staked,
    stakingTimestamp: isoSeconds(Number(p.lockDate)),
    status: STAKE_STATUS[p.status] ?? String(p.status),
    unstakeTimestamp: p.revokeTime === 0n ? null : isoSeconds(Number(p.revokeTime)),
    votingPower: p.votePower,
  })
  const locked = (p: IndexedStakePositionRow) => p.status === 1 || p.status === 3

  return {
    farms,
    async farmNfts(owner) {
      const rows = await store.listIndexedFarmPositions(owner)
      return rows.map(farmNft).filter((n): n is FarmNftRow => n !== undefined)
    },
    async stake(owner) {
      const rows = (await store.listIndexedStakePositions(owner)).filter((p) => !p.destroyed)
      const held = wallets
        .filter(
          (w) =>
            w.ownerAddress === owner &&
            w.masterAddress !== null &&
            stonMasters.has(w.masterAddress),
        )
        .reduce((sum, w) => sum + w.balance, 0n)
      // A wallet that never staked and holds no STON has no staking position.
      if (rows.length === 0 && held === 0n) return undefined
      return {
        walletAddress: owner,
        stonBalance: held,
        stakedSton: rows.filter(locked).reduce((sum, p) => sum + p.staked, 0n),
        mintedGemston: rows.reduce((sum, p) => sum + p.gemston, 0n),
        votingPower: rows.filter(locked).reduce((sum, p) => sum + p.votePower, 0n),
        nfts: rows.map(stakeNft),
      }
    },
    async stakeTotals() {
      if (stakings.length === 0) return undefined
      const rows = await store.listIndexedStakePositions()
      const stakers = new Set(stakings.map((s) => s.address))
      return {
        // STON held by wallets (not by the staking minters' own wallets).
        stonBalance: wallets
          .filter(
            (w) =>
              w.masterAddress !== null &&
              stonMasters.has(w.masterAddress) &&
              !stakers.has(w.ownerAddress ?? ''),
          )
          .reduce((sum, w) => sum + w.balance, 0n),
        stakedSton: stakings.reduce((sum, s) => sum + s.currentStaked, 0n),
        mintedGemston: rows.reduce((sum, p) => sum + p.gemston, 0n),
      }
    },
  }
}

/** Nanorewards per 24 h as reward base units a day, exact (up to 9 decimals). */
function decimalRate(nanorewardsPer24h: bigint): string {
  const whole = nanorewardsPer24h / NANOREWARDS_PER_UNIT
  const fraction = (nanorewardsPer24h % NANOREWARDS_PER_UNIT)
    .toString()
    .padStart(9, '0')
    .replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}
