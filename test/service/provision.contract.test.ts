import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Side } from '../../core/curves/Curve.js'
import { curveOf } from '../../core/curves/curveOf.js'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import { isqrt } from '../../core/math/isqrt.js'
import { burn } from '../../core/ops/burn.js'
import { provide } from '../../core/ops/provide.js'
import { FIXED_ONE, type PoolState } from '../../core/pool/PoolState.js'
import { parseDecimal } from '../../core/quote/decimal.js'
import { poolStateArbitrary } from '../../core/testing/poolStateArbitrary.js'
import { DEMO_WALLET_ADDRESSES, demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { toPoolState } from '../../service/market/poolState.js'
import { wholeSpotRate } from '../../service/simulate/provisionPrice.js'
import { ProvisionSimulationSchema } from '../../service/wire/simulation.js'
import type { PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import { fuzz, reachedCases } from '../_support/fuzz.js'
import {
  demoAddresses,
  expectError,
  expectShape,
  url,
  useService,
} from './_support/setupService.js'

const market = demoMarketFixture()
const { asset, router, pool } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const USDL = asset('USDL')
const v22 = pool(router(2, 2, 'ConstantProduct'), TON, USDL)
const v1 = pool(router(1, 0, 'ConstantProduct'), TON, USDL)
const routerOf = (address: string) => market.routers.find((r) => r.address === address) as RouterRow

const service = useService(market)
const simulate = (query: Record<string, string | undefined>) =>
  service.app.inject({
    method: 'POST',
    url: url('/v1/liquidity_provision/simulate', { slippage_tolerance: '0.01', ...query }),
  })

describe('POST /v1/liquidity_provision/simulate', () => {
  test('Balanced: the counterpart at the pool ratio (rounded up) and core’s LP amount', async () => {
    const res = await simulate({
      provision_type: 'Balanced',
      token_a: TON,
      token_b: USDL,
      token_a_units: '1000000000',
      pool_address: v22.address,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expectShape(ProvisionSimulationSchema, body)
    const [rTon, rUsdl] =
      v22.token0Address === TON ? [v22.reserve0, v22.reserve1] : [v22.reserve1, v22.reserve0]
    // ceil(1e9 · R_usdl / R_ton)
    const usdl = (1_000_000_000n * rUsdl + rTon - 1n) / rTon
    expect(usdl).toBe(3_200_000n)
    const state = toPoolState(v22, routerOf(v22.routerAddress))
    const expected = provide(
      state,
      v22.token0Address === TON
        ? { amount0: 1_000_000_000n, amount1: usdl }
        : { amount0: usdl, amount1: 1_000_000_000n },
    )
    expect(body).toMatchObject({
      provision_type: 'Balanced',
      pool_address: v22.address,
      router_address: v22.routerAddress,
      token_a: TON,
      token_b: USDL,
      token_a_units: '1000000000',
      token_b_units: '3200000',
      estimated_lp_units: expected.lpOut.toString(),
      min_lp_units: ((expected.lpOut * 99n) / 100n).toString(),
      min_token_a_units: '990000000',
      min_token_b_units: '3168000',
      lp_total_supply: v22.lpTotalSupply.toString(),
      lp_account_address: null,
      lp_account_token_a_balance: '0',
      estimated_token_a_rate: '3.2',
      estimated_token_b_rate: '0.3125',
      price_impact: '0',
    })
    // What burning the minted LP right away would pay, by core's burn on the pool after.
    const paid = burn(expected.pool, { lp: expected.lpOut })
    const [paidTon, paidUsdl] =
      v22.token0Address === TON ? [paid.amount0, paid.amount1] : [paid.amount1, paid.amount0]
    expect(body.estimated_token_a_units).toBe(paidTon.toString())
    expect(body.estimated_token_b_units).toBe(paidUsdl.toString())
    const fromB = await simulate({
      provision_type: 'Balanced',
      token_a: TON,
      token_b: USDL,
      token_b_units: '3200000',
      pool_address: v22.address,
    })
    expect(fromB.json().token_a_units).toBe('1000000000')
  })

  test('Arbitrary: single-sided on DEX v2 moves the price; DEX v1 needs over 1000 units per side', async () => {
    const single = (
      await simulate({
        provision_type: 'Arbitrary',
        token_a: USDL,
        token_b: TON,
        token_a_units: '1000000000',
        token_b_units: '0',
        pool_address: v22.address,
      })
    ).json()
    expect(BigInt(single.estimated_lp_units)).toBeGreaterThan(0n)
    expect(single.price_impact).not.toBe('0')
    expectError(
      await simulate({
        provision_type: 'Arbitrary',
        token_a: TON,
        token_b: USDL,
        token_a_units: '1000',
        token_b_units: '5000000',
        pool_address: v1.address,
      }),
      400,
      'INVALID_AMOUNT',
      'token_a_units',
    )
    expectError(
      await simulate({
        provision_type: 'Arbitrary',
        token_a: TON,
        token_b: USDL,
        token_a_units: '5000000000',
        token_b_units: '1000',
        pool_address: v1.address,
      }),
      400,
      'INVALID_AMOUNT',
      'token_b_units',
    )
  })

  test('Initial: a deployed empty pool of the pair; v2 locks 1001 units', async () => {
    const dune = asset('DUNE')
    const ember = asset('EMBER')
    const empty = pool(router(2, 2, 'ConstantProduct'), dune, ember)
    const body = (
      await simulate({
        provision_type: 'Initial',
        token_a: dune,
        token_b: ember,
        token_a_units: '4000000000',
        token_b_units: '9000000000',
      })
    ).json()
    expect(body).toMatchObject({
      pool_address: empty.address,
      estimated_lp_units: (isqrt(4_000_000_000n * 9_000_000_000n) - 1001n).toString(),
      lp_total_supply: '0',
      price_impact: '0',
    })
    expectError(
      await simulate({
        provision_type: 'Initial',
        token_a: TON,
        token_b: USDL,
        token_a_units: '1',
        token_b_units: '1',
      }),
      422,
      'POOL_ALREADY_INITIALIZED',
    )
    expectError(
      await simulate({
        provision_type: 'Initial',
        token_a: USDL,
        token_b: asset('CORAL'),
        token_a_units: '1',
        token_b_units: '1',
      }),
      422,
      'POOL_NOT_DEPLOYED',
    )
    expectError(
      await simulate({
        provision_type: 'Balanced',
        token_a: dune,
        token_b: ember,
        token_a_units: '1',
        pool_address: empty.address,
      }),
      422,
      'POOL_EMPTY',
      'pool_address',
    )
  })

  test('wallet_address reports the LP account and its pending amounts on the a/b sides', async () => {
    const bob = DEMO_WALLET_ADDRESSES.bob
    const position = market.lpPositions.find((p) => p.walletAddress === bob)
    const bobsPool = market.pools.find((p) => p.address === position?.poolAddress)
    if (position === undefined || bobsPool === undefined) throw new Error('demo data changed')
    const body = (
      await simulate({
        provision_type: 'Balanced',
        token_a: bobsPool.token1Address,
        token_b: bobsPool.token0Address,
        token_a_units: '1000000000',
        pool_address: bobsPool.address,
        wallet_address: bob,
      })
    ).json()
    expect(body.lp_account_address).toBe(position.lpAccountAddress)
    expect(body.lp_account_token_a_balance).toBe(position.token1Balance.toString())
    expect(body.lp_account_token_b_balance).toBe(position.token0Balance.toString())
  })

  test.each([
    [{ provision_type: undefined }, 400, 'MISSING_PARAMETER', 'provision_type'],
    [{ provision_type: 'Lopsided' }, 400, 'INVALID_PARAMETER', 'provision_type'],
    [{ token_b_units: '5' }, 400, 'INVALID_PARAMETER', 'token_b_units'],
    [{ token_a_units: undefined }, 400, 'MISSING_PARAMETER', 'token_a_units'],
    [{ pool_address: undefined }, 400, 'MISSING_PARAMETER', 'pool_address'],
    [{ token_b: TON }, 400, 'INVALID_PARAMETER', 'token_b'],
    [{ token_a_units: '-1' }, 400, 'INVALID_AMOUNT', 'token_a_units'],
    [{ slippage_tolerance: '2' }, 400, 'INVALID_SLIPPAGE', 'slippage_tolerance'],
    [{ token_b: asset('DUNE') }, 422, 'POOL_PAIR_MISMATCH', 'pool_address'],
  ])('%j answers %i %s', async (extra, status, code, field) => {
    const query = {
      provision_type: 'Balanced',
      token_a: TON,
      token_b: USDL,
      token_a_units: '1000000000',
      pool_address: v22.address,
      ...extra,
    }
    expectError(await simulate(query), status, code, field)
  })
})

/**
 * Whether `rate` (a whole-token decimal string) is a tiny fee-free swap's rate on `pool`: the
 * gross output B of a = R_in / 1e7 in whole tokens, B·10^dIn / (a·10^dOut), within 2e-6 plus
 * 10 units of B (stableswap's rounding) plus the string's last digit (1e-9).
 */
function isTinySwapRate(
  pool: PoolState,
  side: Side,
  decimalsIn: number,
  decimalsOut: number,
  rate: string,
): boolean | undefined {
  const feeless: PoolState = { ...pool, lpFee: 0n }
  const amountIn = (side === 0 ? pool.reserve0 : pool.reserve1) / 10_000_000n // floor
  let gross: bigint
  try {
    gross = curveOf(feeless).grossOut(feeless, side, amountIn)
  } catch (error) {
    if (error instanceof PoolMathError) return undefined // the pool refuses the swap
    throw error
  }
  // rate = n/d; swap = B·sIn / (a·sOut). Compare n·a·sOut with d·B·sIn (common scale).
  const { numerator, denominator } = parseDecimal(rate, 'rate')
  const scaleIn = 10n ** BigInt(decimalsIn)
  const scaleOut = 10n ** BigInt(decimalsOut)
  const quoted = numerator * amountIn * scaleOut
  const swapped = denominator * gross * scaleIn
  const diff = quoted > swapped ? quoted - swapped : swapped - quoted
  // 2e-6·swapped + 10 units of B + 1e-9 whole tokens, on the common scale
  const unit = denominator * scaleIn
  const lastDigit = (denominator * amountIn * scaleOut) / 1_000_000_000n
  return diff * 1_000_000n <= 2n * swapped + 10_000_000n * unit + 1_000_000n * (lastDigit + 1n)
}

describe('provision previews price every kind by its marginal price', () => {
  const kinds: [string, PoolRow][] = [
    ['v1 constant product', v1],
    ['v2 constant product', v22],
    ['stableswap', pool(router(2, 2, 'StableSwap'), TON, asset('XTON'))],
    ['weighted constant product', pool(router(2, 1, 'WeightedConstProduct'), asset('AQUA'), TON)],
    ['weighted stableswap', pool(router(2, 2, 'WeightedStableSwap'), TON, asset('XTON'))],
  ]

  test.each(kinds)(
    '%s: the rates are a tiny swap’s rate on the pool after the provision',
    async (_, row) => {
      const [tokenA, tokenB] = [row.token1Address, row.token0Address]
      const decimalsOf = (address: string) =>
        market.assets.find((a) => a.address === address)?.decimals ?? 9
      const body = (
        await simulate({
          provision_type: 'Balanced',
          token_a: tokenA,
          token_b: tokenB,
          token_a_units: (row.reserve1 / 1000n).toString(),
          pool_address: row.address,
        })
      ).json()
      const state = toPoolState(row, routerOf(row.routerAddress))
      const after = provide(state, {
        amount0: BigInt(body.token_b_units),
        amount1: BigInt(body.token_a_units),
      }).pool
      const [dA, dB] = [decimalsOf(tokenA), decimalsOf(tokenB)]
      expect(isTinySwapRate(after, 1, dA, dB, body.estimated_token_a_rate)).toBe(true)
      expect(isTinySwapRate(after, 0, dB, dA, body.estimated_token_b_rate)).toBe(true)
      // A balanced provision keeps the price (up to the counterpart's rounding up).
      expect(Number(body.price_impact)).toBeLessThan(1e-6)
    },
  )

  test('weighted constant product: TON in AQUA at w_TON = 0.2 is a quarter of the reserve ratio', async () => {
    const row = kinds[3]?.[1] as PoolRow
    const body = (
      await simulate({
        provision_type: 'Balanced',
        token_a: TON,
        token_b: asset('AQUA'),
        token_a_units: '1000000000',
        pool_address: row.address,
      })
    ).json()
    const tonIs0 = row.token0Address === TON
    const [rTon, rAqua] = tonIs0 ? [row.reserve0, row.reserve1] : [row.reserve1, row.reserve0]
    const w0 = row.w0 ?? 0n
    const [wTon, wAqua] = tonIs0 ? [w0, FIXED_ONE - w0] : [FIXED_ONE - w0, w0]
    expect(wTon * 4n).toBe(wAqua) // the demo's 80/20 pool
    // (R_aqua / w_aqua) / (R_ton / w_ton), both assets with 9 decimals: ≈ 304.76 / 4 = 76.19
    const rate = Number(body.estimated_token_a_rate)
    expect(rate).toBeCloseTo(Number(rAqua) / Number(rTon) / 4, 3)
    expect(rate).toBeGreaterThan(76)
    expect(rate).toBeLessThan(76.4)
    expect(Number(body.estimated_token_b_rate)).toBeCloseTo(1 / rate, 6)
  })

  test('a single-sided provision reports the move of the marginal price', async () => {
    const row = kinds[3]?.[1] as PoolRow
    const body = (
      await simulate({
        provision_type: 'Arbitrary',
        token_a: TON,
        token_b: asset('AQUA'),
        token_a_units: '100000000000',
        token_b_units: '0',
        pool_address: row.address,
      })
    ).json()
    const state = toPoolState(row, routerOf(row.routerAddress))
    const tonIs0 = row.token0Address === TON
    const after = provide(state, {
      amount0: tonIs0 ? 100_000_000_000n : 0n,
      amount1: tonIs0 ? 0n : 100_000_000_000n,
    }).pool
    // p = R1·w0 / (R0·w1): the weights cancel in the relative move, which is the reserve
    // ratio's: |p′/p − 1| with p′/p = (R1′·R0) / (R1·R0′).
    const move = Math.abs(
      (Number(after.reserve1) * Number(state.reserve0)) /
        (Number(state.reserve1) * Number(after.reserve0)) -
        1,
    )
    expect(Number(body.price_impact)).toBeCloseTo(move, 8)
    expect(move).toBeGreaterThan(0.001)
  })

  test('property: the preview rate of every kind is a tiny swap’s rate, any decimals', () => {
    const parameters = fuzz({ numRuns: 300 })
    const cases = reachedCases(parameters, 0.9) // all observed
    fc.assert(
      fc.property(
        poolStateArbitrary({ minReserve: 10n ** 12n, maxReserve: 10n ** 20n }),
        fc.constantFrom<Side>(0, 1),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        (state, side, decimalsIn, decimalsOut) => {
          const rate = wholeSpotRate(state, side, decimalsIn, decimalsOut)
          const ok = isTinySwapRate(state, side, decimalsIn, decimalsOut, rate)
          if (ok === undefined) return
          cases.reached()
          expect(ok, `${state.kind} rate ${rate}`).toBe(true)
        },
      ),
      parameters,
    )
    cases.check()
  })
})
