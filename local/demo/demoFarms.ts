import { formatRatio, parseDecimal } from '../../core/quote/decimal.js'
import type { FarmRewardRow, FarmRow, PoolRow } from '../../store/rows/referenceRows.js'
import { demoAddress } from './demoAddresses.js'
import { type DemoSymbol, demoAssetAddress } from './demoAssets.js'
import { demoPoolAddress } from './demoPools.js'
import { type DemoRouterName, demoRouterAddress } from './demoRouters.js'

/** Names of the demo farms. */
export type DemoFarmName = 'TON/USDL v3' | 'TON/AQUA v2' | 'TON/USDL v1' | 'TON/DUNE v3'

type FarmSpec = {
  name: DemoFarmName
  pool: [DemoRouterName, DemoSymbol, DemoSymbol]
  version: string
  status: string
  finished: boolean
  /** Share of the pool's LP supply locked in the farm, in percent. */
  lockedPercent: bigint
  apy: string | null
  rewards: { symbol: DemoSymbol; remainingWhole: bigint; perDayWhole: bigint; end: string }[]
  created: string
}

const SPECS: readonly FarmSpec[] = [
  {
    name: 'TON/USDL v3',
    pool: ['v2.2 ConstantProduct', 'TON', 'USDL'],
    version: 'v3',
    status: 'operational',
    finished: false,
    lockedPercent: 40n,
    apy: '0.1245',
    rewards: [
      { symbol: 'AQUA', remainingWhole: 250_000n, perDayWhole: 5_000n, end: '2027-01-11T00:00:00' },
    ],
    created: '2026-09-01T10:00:00',
  },
  {
    name: 'TON/AQUA v2',
    pool: ['v1.0', 'TON', 'AQUA'],
    version: 'v2',
    status: 'active',
    finished: false,
    lockedPercent: 25n,
    apy: '0.3110',
    rewards: [
      { symbol: 'AQUA', remainingWhole: 90_000n, perDayWhole: 1_500n, end: '2027-01-21T00:00:00' },
    ],
    created: '2026-07-15T08:30:00',
  },
  {
    name: 'TON/USDL v1',
    pool: ['v1.0', 'TON', 'USDL'],
    version: 'v1',
    status: 'paused',
    finished: true,
    lockedPercent: 2n,
    apy: null,
    rewards: [{ symbol: 'AQUA', remainingWhole: 0n, perDayWhole: 0n, end: '2026-06-30T00:00:00' }],
    created: '2026-01-10T12:00:00',
  },
  {
    name: 'TON/DUNE v3',
    pool: ['v2.2 ConstantProduct', 'TON', 'DUNE'],
    version: 'v3',
    status: 'operational',
    finished: false,
    lockedPercent: 55n,
    apy: '0.2087',
    rewards: [
      { symbol: 'DUNE', remainingWhole: 1_200n, perDayWhole: 20n, end: '2027-01-20T00:00:00' },
      { symbol: 'AQUA', remainingWhole: 60_000n, perDayWhole: 1_000n, end: '2027-01-20T00:00:00' },
    ],
    created: '2026-10-05T09:15:00',
  },
]

/**
 * Minter address of a demo farm.
 *
 * @example
 * ```ts
 * demoFarmAddress('TON/DUNE v3') // 'EQAFFEklpvwjiK03NYmGZ3JZahs_aCo9AIiTrz4PGDfWV7Xn'
 * ```
 */
export function demoFarmAddress(name: DemoFarmName): string {
  return demoAddress(`farm ${name}`)
}

const DECIMALS: Partial<Record<DemoSymbol, bigint>> = { USDL: 6n, CORAL: 6n, EMBER: 8n }

/**
 * Raw units of `whole` tokens of a demo asset.
 *
 * @example
 * ```ts
 * demoUnits('USDL', 125n) // 125000000n
 * demoUnits('TON', 3n) // 3000000000n
 * ```
 */
export function demoUnits(symbol: DemoSymbol, whole: bigint): bigint {
  return whole * 10n ** (DECIMALS[symbol] ?? 9n)
}

/**
 * The demo farms: three running (one v2, two v3 with one and two reward streams) and one
 * finished v1 farm, on v1 and v2 constant-product pools.
 *
 * @example
 * ```ts
 * demoFarms(pools).map((f) => f.status) // ['operational', 'active', 'paused', 'operational']
 * ```
 */
export function demoFarms(pools: readonly PoolRow[]): FarmRow[] {
  return SPECS.map((spec) => {
    const [router, a, b] = spec.pool
    const pool = pools.find((p) => p.address === demoPoolAddress(router, a, b)) as PoolRow
    // floor: non-negative operands.
    const locked = (pool.lpTotalSupply * spec.lockedPercent) / 100n
    const rewards = spec.rewards.map(
      (reward, index): FarmRewardRow => ({
        index,
        address: demoAssetAddress(reward.symbol),
        status: spec.finished ? 'finished' : 'active',
        adminFee: '0.05',
        remainingRewards: demoUnits(reward.symbol, reward.remainingWhole),
        rewardRate24h: demoUnits(reward.symbol, reward.perDayWhole).toString(),
        estimatedEndTimestamp: reward.end,
        rewardsDistributed: spec.finished,
      }),
    )
    return {
      minterAddress: demoFarmAddress(spec.name),
      poolAddress: pool.address,
      status: spec.status,
      version: spec.version,
      minStakeDurationS: 86_400n,
      apy: spec.apy,
      lockedTotalLp: locked,
      lockedTotalLpUsd: lockedUsd(pool, locked),
      allRewardsDistributed: spec.finished,
      custodianAddress: demoAddress('farm custodian'),
      ownerAddress: demoAddress('farm owner'),
      createTimestamp: spec.created,
      meta: {
        image: `https://demo.ton-dex-lab.invalid/farms/${demoRouterAddress(router).slice(-6)}.png`,
        name: `${spec.name} farm`,
        description: `Made-up demo farm on the ${router} ${a}/${b} pool.`,
        socialLinks: [],
        marketplace: null,
      },
      rewards,
    }
  })
}

/** USD value of `lp` LP units (9 decimals) at the pool's LP price, 2 decimals rounded down. */
function lockedUsd(pool: PoolRow, lp: bigint): string | null {
  if (pool.lpPriceUsd === null) return null
  const price = parseDecimal(pool.lpPriceUsd, 'lpPriceUsd')
  return formatRatio(
    { numerator: price.numerator * lp, denominator: price.denominator * 10n ** 9n },
    2,
  )
}
