import { isqrt } from '../core/math/isqrt.js'
import { provide } from '../core/ops/provide.js'
import { FIXED_ONE } from '../core/pool/PoolState.js'
import { formatRatio, parseDecimal } from '../core/quote/decimal.js'
import { toPoolState } from '../service/market/poolState.js'
import type { PoolRow, RouterRow } from '../store/rows/referenceRows.js'
import { demoAddress, isToken0 } from './demoAddresses.js'
import { type DemoSymbol, demoAssetAddress, demoAssetSpec } from './demoAssets.js'
import { type DemoRouterName, demoRouterAddress, demoRouterWallet } from './demoRouters.js'

type PoolSpec = {
  router: DemoRouterName
  /** The two assets and their reserves in whole tokens. */
  a: [DemoSymbol, bigint]
  b: [DemoSymbol, bigint]
  /** Weighted kinds: weight of `a`, 18 decimals. */
  weightA?: bigint
  /** Stableswap: plain A; weighted stableswap: 18-decimal amp. */
  amp?: bigint
  apy?: [string, string, string]
  volume24hUsd?: string
  deprecated?: boolean
}

const E18 = FIXED_ONE
/** Weights of `a` in 18 decimals; both quotients are exact (8·10^17 and 5·10^17). */
const WEIGHT_80 = (8n * E18) / 10n
const WEIGHT_50 = E18 / 2n
const SPECS: readonly PoolSpec[] = [
  {
    router: 'v1.0',
    a: ['TON', 1_500_000n],
    b: ['USDL', 4_800_000n],
    apy: ['0.0412', '0.0537', '0.0498'],
    volume24hUsd: '1250000.5',
  },
  {
    router: 'v1.0',
    a: ['TON', 200_000n],
    b: ['AQUA', 15_238_095n],
    apy: ['0.1282', '0.2404', '0.2431'],
    volume24hUsd: '310000',
  },
  {
    router: 'v1.0',
    a: ['AQUA', 5_000_000n],
    b: ['BOLT', 113_513n],
    apy: ['0.0711', '0.0655', '0.0602'],
  },
  {
    router: 'v2.1 ConstantProduct',
    a: ['TON', 50_000n],
    b: ['CORAL', 51_612_903n],
    apy: ['0.0931', '0.1012', '0.0987'],
    volume24hUsd: '48200',
  },
  {
    router: 'v2.1 ConstantProduct',
    a: ['TON', 300_000n],
    b: ['USDL', 960_000n],
    apy: ['0.0388', '0.0402', '0.0415'],
    volume24hUsd: '220000',
  },
  {
    router: 'v2.2 ConstantProduct',
    a: ['TON', 2_000_000n],
    b: ['USDL', 6_400_000n],
    apy: ['0.0456', '0.0521', '0.0533'],
    volume24hUsd: '3400000',
  },
  {
    router: 'v2.2 ConstantProduct',
    a: ['TON', 80_000n],
    b: ['DUNE', 20_645n],
    apy: ['0.0822', '0.0796', '0.0801'],
    volume24hUsd: '95000',
  },
  {
    router: 'v2.2 ConstantProduct',
    a: ['USDL', 300_000n],
    b: ['EMBER', 1_111_111n],
    apy: ['0.1533', '0.1421', '0.1398'],
  },
  { router: 'v2.2 ConstantProduct', a: ['DUNE', 0n], b: ['EMBER', 0n] },
  { router: 'v2.2 ConstantProduct', a: ['TON', 150n], b: ['GLYPH', 533_333n], deprecated: true },
  {
    router: 'v2.1 StableSwap',
    a: ['TON', 120_000n],
    b: ['XTON', 114_285n],
    amp: 50n,
    apy: ['0.0301', '0.0312', '0.0298'],
  },
  {
    router: 'v2.2 StableSwap',
    a: ['TON', 400_000n],
    b: ['XTON', 380_952n],
    amp: 200n,
    apy: ['0.0344', '0.0351', '0.0349'],
    volume24hUsd: '410000',
  },
  {
    router: 'v2.1 WeightedConstProduct',
    a: ['AQUA', 1_904_762n],
    b: ['TON', 6_250n],
    weightA: WEIGHT_80,
    apy: ['0.0912', '0.0877', '0.0865'],
  },
  {
    router: 'v2.2 WeightedConstProduct',
    a: ['BOLT', 43_243n],
    b: ['USDL', 20_000n],
    weightA: WEIGHT_80,
    apy: ['0.0644', '0.0633', '0.0618'],
  },
  {
    router: 'v2.1 WeightedStableSwap',
    a: ['TON', 60_000n],
    b: ['XTON', 57_142n],
    weightA: WEIGHT_50,
    amp: 100n * E18,
    apy: ['0.0288', '0.0291', '0.0285'],
  },
  {
    router: 'v2.2 WeightedStableSwap',
    a: ['TON', 250_000n],
    b: ['XTON', 238_095n],
    weightA: WEIGHT_50,
    amp: 100n * E18,
    apy: ['0.0357', '0.0362', '0.0360'],
    volume24hUsd: '180000',
  },
]

/**
 * Address of a demo pool, named by its router and assets as listed in the spec table.
 *
 * @example
 * ```ts
 * demoPoolAddress('v2.2 ConstantProduct', 'TON', 'USDL') // 'EQCNbyZq1yD20quzhDbC_jjnhCmb9G-tCeHhs6w-9j8Hjx6D'
 * ```
 */
export function demoPoolAddress(router: DemoRouterName, a: DemoSymbol, b: DemoSymbol): string {
  return demoAddress(`pool ${router} ${a}/${b}`)
}

/**
 * The demo pools: every kind on both v2 minor versions, several constant-product pools on v1
 * and v2, one deployed-but-empty pool (for `Initial` provisions) and one deprecated pool.
 * Token order follows the contracts' rule (router wallet with the larger address-cell hash
 * first); the LP supply is what core's first provision of both reserves mints (v1:
 * floor(sqrtV1(r0·r1) / 1000); v2: the kind's initial invariant), as if each pool had been
 * seeded in one provision.
 *
 * @example
 * ```ts
 * demoPools(demoRouters()).length // 16
 * ```
 */
export function demoPools(routers: readonly RouterRow[]): PoolRow[] {
  return SPECS.map((spec) => {
    const router = routers.find((r) => r.address === demoRouterAddress(spec.router)) as RouterRow
    const [symbolA, wholeA] = spec.a
    const [symbolB, wholeB] = spec.b
    const aFirst = isToken0(demoRouterWallet(router, symbolA), demoRouterWallet(router, symbolB))
    const [s0, w0Whole, s1, w1Whole] = aFirst
      ? [symbolA, wholeA, symbolB, wholeB]
      : [symbolB, wholeB, symbolA, wholeA]
    const spec0 = demoAssetSpec(s0)
    const spec1 = demoAssetSpec(s1)
    const reserve0 = w0Whole * 10n ** BigInt(spec0.decimals)
    const reserve1 = w1Whole * 10n ** BigInt(spec1.decimals)
    const v1 = router.majorVersion === 1
    const tvl = add(value(w0Whole, spec0.priceUsd), value(w1Whole, spec1.priceUsd))
    const weighted = spec.weightA !== undefined
    const stable = router.routerType === 'StableSwap'
    const wstable = router.routerType === 'WeightedStableSwap'
    const amp = stable || wstable ? (spec.amp ?? null) : null
    const w0 = weighted
      ? aFirst
        ? (spec.weightA as bigint)
        : E18 - (spec.weightA as bigint)
      : null
    const seeded = seedSupply(router, reserve0, reserve1, { amp, w0 })
    const supply = seeded.supply
    return {
      address: demoPoolAddress(spec.router, symbolA, symbolB),
      routerAddress: router.address,
      token0Address: demoAssetAddress(s0),
      token1Address: demoAssetAddress(s1),
      reserve0,
      reserve1,
      lpTotalSupply: supply,
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 10n,
      protocolFeeAddress: v1 ? demoAssetAddress('TON') : demoAddress('protocol fee collector'),
      // floor: non-negative operands; a made-up 0.01 % of the reserves awaiting collection.
      collectedToken0ProtocolFee: reserve0 / 10_000n,
      collectedToken1ProtocolFee: reserve1 / 10_000n,
      deprecated: spec.deprecated ?? false,
      amp,
      rate: wstable ? (seeded.rate ?? rateOf(spec0.priceUsd, spec1.priceUsd)) : null,
      w0,
      lpTotalSupplyUsd: supply === 0n ? '0' : formatRatio(tvl, 2),
      lpPriceUsd:
        supply === 0n
          ? null
          : formatRatio(
              { numerator: tvl.numerator * 10n ** 9n, denominator: tvl.denominator * supply },
              9,
            ),
      apy1d: spec.apy?.[0] ?? null,
      apy7d: spec.apy?.[1] ?? null,
      apy30d: spec.apy?.[2] ?? null,
      volume24hUsd: spec.volume24hUsd ?? null,
      popularityIndex: supply === 0n ? 0 : Number(formatRatio(tvl, 0)) / 1000,
    }
  })
}

type Ratio = { numerator: bigint; denominator: bigint }

/**
 * The LP supply (and weighted-stableswap rate) of a pool seeded with both reserves in one
 * first provision, by core's `provide`; for a kind core cannot compute, the constant-product
 * figure floor(sqrt(r0·r1)) (v1: divided by 1000, floor) stands in.
 */
function seedSupply(
  router: RouterRow,
  reserve0: bigint,
  reserve1: bigint,
  params: { amp: bigint | null; w0: bigint | null },
): { supply: bigint; rate: bigint | null } {
  if (reserve0 === 0n || reserve1 === 0n) return { supply: 0n, rate: null }
  try {
    const empty = toPoolState(
      {
        ...EMPTY_POOL,
        amp: params.amp,
        w0: params.w0,
      },
      router,
    )
    const seeded = provide(empty, { amount0: reserve0, amount1: reserve1 })
    return {
      supply: seeded.pool.totalSupply,
      rate: seeded.pool.rate > 0n ? seeded.pool.rate : null,
    }
  } catch {
    const root = isqrt(reserve0 * reserve1)
    // floor: non-negative operands.
    return { supply: router.majorVersion === 1 ? root / 1000n : root, rate: null }
  }
}

/** A pool row with nothing in it, to build an empty core pool state from. */
const EMPTY_POOL: PoolRow = {
  address: '',
  routerAddress: '',
  token0Address: '',
  token1Address: '',
  reserve0: 0n,
  reserve1: 0n,
  lpTotalSupply: 0n,
  lpFee: 20n,
  protocolFee: 10n,
  refFee: 10n,
  protocolFeeAddress: '',
  collectedToken0ProtocolFee: 0n,
  collectedToken1ProtocolFee: 0n,
  deprecated: false,
  amp: null,
  rate: null,
  w0: null,
  lpTotalSupplyUsd: null,
  lpPriceUsd: null,
  apy1d: null,
  apy7d: null,
  apy30d: null,
  volume24hUsd: null,
  popularityIndex: null,
}

function value(whole: bigint, priceUsd: string): Ratio {
  const price = parseDecimal(priceUsd, 'priceUsd')
  return { numerator: whole * price.numerator, denominator: price.denominator }
}

function add(x: Ratio, y: Ratio): Ratio {
  return {
    numerator: x.numerator * y.denominator + y.numerator * x.denominator,
    denominator: x.denominator * y.denominator,
  }
}

/** Token0 units per token1 unit, 18 decimals, from USD prices (both demo LSD assets have 9 decimals). */
function rateOf(price0: string, price1: string): bigint {
  const p0 = parseDecimal(price0, 'price0')
  const p1 = parseDecimal(price1, 'price1')
  // floor: positive operands.
  return (p1.numerator * p0.denominator * E18) / (p1.denominator * p0.numerator)
}
