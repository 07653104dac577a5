import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { SwapSimulationSchema } from '../../service/wire/simulation.js'
import type { PoolRow } from '../../store/rows/referenceRows.js'
import {
  demoAddresses,
  expectError,
  expectShape,
  type Query,
  swapQuery,
  url,
  useService,
} from './_support/setupService.js'

const market = demoMarketFixture()
const { asset, router, pool } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const USDL = asset('USDL')
const D = 10_000n

/** The constant-product swap of `docs/contracts.md` §1.1 / §2.2, written out as an oracle. */
function cpSwap(p: PoolRow, offer: string, amountIn: bigint, referralBps = 0n, lpFee = p.lpFee) {
  const [ri, ro] = p.token0Address === offer ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0]
  const aif = amountIn * (D - lpFee)
  // floor (non-negative operands), as the contract's muldiv; fees round up, as its muldivc.
  const gross = (aif * ro) / (ri * D + aif)
  const ceil = (x: bigint) => (x + D - 1n) / D
  const protocol = p.protocolFee > 0n ? ceil(gross * p.protocolFee) : 0n
  const referral = referralBps > 0n ? ceil(gross * referralBps) : 0n
  return gross - protocol - referral
}

const service = useService(market)

const post = (path: string, query: Query) =>
  service.app.inject({ method: 'POST', url: url(path, query) })
const v22 = pool(router(2, 2, 'ConstantProduct'), TON, USDL)
const v21 = pool(router(2, 1, 'ConstantProduct'), TON, USDL)
const v1 = pool(router(1, 0, 'ConstantProduct'), TON, USDL)

describe('POST /v1/swap/simulate', () => {
  test('default: the best TON/USDL pool, exact output, fees, rate, impact, gas', async () => {
    const res = await post('/v1/swap/simulate', swapQuery())
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expectShape(SwapSimulationSchema, body)
    const ask = cpSwap(v22, TON, 5_000_000_000n)
    expect(ask).toBe(15_951_992n)
    expect(cpSwap(v21, TON, 5_000_000_000n)).toBeLessThan(ask)
    expect(cpSwap(v1, TON, 5_000_000_000n)).toBeLessThan(ask)
    const feeless = cpSwap({ ...v22, protocolFee: 0n }, TON, 5_000_000_000n, 0n, 0n)
    const fee = feeless - ask
    expect(body).toMatchObject({
      offer_address: TON,
      ask_address: USDL,
      pool_address: v22.address,
      router_address: v22.routerAddress,
      offer_jetton_wallet: market.routers.find((r) => r.address === v22.routerAddress)
        ?.ptonWalletAddress,
      offer_units: '5000000000',
      ask_units: '15951992',
      min_ask_units: ((ask * 995n) / 1000n).toString(),
      recommended_slippage_tolerance: '0.005',
      recommended_min_ask_units: ((ask * 995n) / 1000n).toString(),
      slippage_tolerance: '0.005',
      fee_address: USDL,
      fee_units: fee.toString(),
      // 15.951992 USDL / 5 TON
      swap_rate: '3.1903984',
      fee_percent: decimal9(fee, ask + fee),
      gas_params: { forward_gas: '300000000', estimated_gas_consumption: '60000000' },
    })
    expect(fee).toBe(47_968n)
    // 1 − B·Ri·D / (a·(D − L)·Ro), with B the gross output before the protocol fee.
    const [ri, ro] =
      v22.token0Address === TON ? [v22.reserve0, v22.reserve1] : [v22.reserve1, v22.reserve0]
    const a = 5_000_000_000n
    const gross = (a * 9980n * ro) / (ri * D + a * 9980n)
    const ideal = a * 9980n * ro
    expect(body.price_impact).toBe(decimal9(ideal - gross * ri * D, ideal))
    expect(body.router).toMatchObject({
      address: v22.routerAddress,
      major_version: 2,
      minor_version: 2,
    })
    expect(body.gas_params.gas_budget).toBeUndefined()
    const jettonWallet = market.jettonWallets.find(
      (w) => w.ownerAddress === v22.routerAddress && w.jettonAddress === USDL,
    )
    expect(body.ask_jetton_wallet).toBe(jettonWallet?.walletAddress)
  })

  test('behavior: dex_v2=false and dex_version=1 pick the v1 pool with the v1 gas figures', async () => {
    const v1Only = (await post('/v1/swap/simulate', swapQuery({ dex_v2: 'false' }))).json()
    expect(v1Only).toMatchObject({
      pool_address: v1.address,
      ask_units: cpSwap(v1, TON, 5_000_000_000n).toString(),
      gas_params: { forward_gas: '185000000', estimated_gas_consumption: '45000000' },
    })
    const byVersion = (await post('/v1/swap/simulate', swapQuery({ dex_version: '1' }))).json()
    expect(byVersion.pool_address).toBe(v1.address)
    const bracketed = await service.app.inject({
      method: 'POST',
      url: `${url('/v1/swap/simulate', swapQuery())}&dex_version[0]=1`,
    })
    expect(bracketed.json().pool_address).toBe(v1.address)
    expectError(
      await post('/v1/swap/simulate', swapQuery({ dex_v2: 'false', dex_version: '2' })),
      422,
      'NO_POOL_FOR_PAIR',
    )
  })

  test('behavior: v1 jetton → TON uses the jetton → TON gas row with a budget', async () => {
    const aquaPool = pool(router(1, 0, 'ConstantProduct'), TON, asset('AQUA'))
    const body = (
      await post('/v1/swap/simulate', {
        offer_address: asset('AQUA'),
        ask_address: TON,
        units: '1000000000000',
        slippage_tolerance: '0.01',
        pool_address: aquaPool.address,
      })
    ).json()
    expect(body.gas_params).toEqual({
      gas_budget: '170000000',
      forward_gas: '125000000',
      estimated_gas_consumption: '45000000',
    })
    expect(body.ask_units).toBe(cpSwap(aquaPool, asset('AQUA'), 1_000_000_000_000n).toString())
  })

  test('behavior: pool_address forces a pool; a pool of another pair is refused', async () => {
    const forced = (
      await post('/v1/swap/simulate', swapQuery({ pool_address: v21.address }))
    ).json()
    expect(forced.pool_address).toBe(v21.address)
    expect(forced.ask_units).toBe(cpSwap(v21, TON, 5_000_000_000n).toString())
    const other = pool(router(2, 2, 'ConstantProduct'), TON, asset('DUNE'))
    expectError(
      await post('/v1/swap/simulate', swapQuery({ pool_address: other.address })),
      422,
      'POOL_PAIR_MISMATCH',
      'pool_address',
    )
    const unknown = new Address(0, Buffer.alloc(32, 9)).toString()
    expectError(
      await post('/v1/swap/simulate', swapQuery({ pool_address: unknown })),
      404,
      'POOL_NOT_FOUND',
    )
  })

  test('behavior: referral fees — v2 per swap (default 10 bps), v1 fixed by the pool', async () => {
    const referrer = demoAddresses(market).asset('AQUA')
    const forced = swapQuery({
      referral_address: referrer,
      referral_fee_bps: '50',
      pool_address: v22.address,
    })
    const withFee = (await post('/v1/swap/simulate', forced)).json()
    expect(withFee.ask_units).toBe(cpSwap(v22, TON, 5_000_000_000n, 50n).toString())
    // Unforced, 50 bps on DEX v2 loses to the v1 pool's fixed 10 bps: the v1 pool wins.
    const chosen = (
      await post(
        '/v1/swap/simulate',
        swapQuery({ referral_address: referrer, referral_fee_bps: '50' }),
      )
    ).json()
    expect(chosen.pool_address).toBe(v1.address)
    expect(chosen.ask_units).toBe(cpSwap(v1, TON, 5_000_000_000n, 10n).toString())
    const defaulted = (
      await post('/v1/swap/simulate', swapQuery({ referral_address: referrer }))
    ).json()
    expect(defaulted.ask_units).toBe(cpSwap(v22, TON, 5_000_000_000n, 10n).toString())
    const ignored = (await post('/v1/swap/simulate', swapQuery({ referral_fee_bps: '100' }))).json()
    expect(ignored.ask_units).toBe(cpSwap(v22, TON, 5_000_000_000n).toString())
    const v1Referral = (
      await post(
        '/v1/swap/simulate',
        swapQuery({ dex_v2: 'false', referral_address: referrer, referral_fee_bps: '90' }),
      )
    ).json()
    expect(v1Referral.ask_units).toBe(cpSwap(v1, TON, 5_000_000_000n, 10n).toString())
    expectError(
      await post('/v1/swap/simulate', swapQuery({ referral_fee_bps: '101' })),
      400,
      'INVALID_PARAMETER',
      'referral_fee_bps',
    )
  })

  test('behavior: a JSON body is the same request as the query string', async () => {
    const viaQuery = (await post('/v1/swap/simulate', swapQuery())).json()
    const viaBody = await service.app.inject({
      method: 'POST',
      url: '/v1/swap/simulate',
      payload: swapQuery(),
    })
    expect(viaBody.json()).toEqual(viaQuery)
  })

  test.each([
    [{ units: '0' }, 400, 'INVALID_AMOUNT', 'units'],
    [{ units: '-5' }, 400, 'INVALID_AMOUNT', 'units'],
    [{ units: '1.5' }, 400, 'INVALID_AMOUNT', 'units'],
    [{ units: (1n << 120n).toString() }, 400, 'INVALID_AMOUNT', 'units'],
    [{ units: undefined }, 400, 'MISSING_PARAMETER', 'units'],
    [{ slippage_tolerance: '1.5' }, 400, 'INVALID_SLIPPAGE', 'slippage_tolerance'],
    [{ slippage_tolerance: '-0.1' }, 400, 'INVALID_SLIPPAGE', 'slippage_tolerance'],
    [{ slippage_tolerance: '1e-3' }, 400, 'INVALID_SLIPPAGE', 'slippage_tolerance'],
    [{ offer_address: 'EQxyz' }, 400, 'INVALID_ADDRESS', 'offer_address'],
    [{ ask_address: TON }, 400, 'INVALID_PARAMETER', 'ask_address'],
    [{ dex_version: '3' }, 400, 'INVALID_PARAMETER', 'dex_version'],
    [
      { ask_address: new Address(0, Buffer.alloc(32, 1)).toString() },
      404,
      'ASSET_NOT_FOUND',
      'ask_address',
    ],
  ])('behavior: %j answers %i %s', async (extra, status, code, field) => {
    expectError(await post('/v1/swap/simulate', swapQuery(extra)), status, code, field)
  })

  test('behavior: pairs without an admitted pool answer 422 NO_POOL_FOR_PAIR', async () => {
    expectError(
      await post(
        '/v1/swap/simulate',
        swapQuery({ offer_address: USDL, ask_address: asset('CORAL') }),
      ),
      422,
      'NO_POOL_FOR_PAIR',
    )
    // The only TON/GLYPH pool is deprecated: never chosen, but it can still be named.
    expectError(
      await post('/v1/swap/simulate', swapQuery({ ask_address: asset('GLYPH') })),
      422,
      'NO_POOL_FOR_PAIR',
    )
    const glyph = pool(router(2, 2, 'ConstantProduct'), TON, asset('GLYPH'))
    const named = await post(
      '/v1/swap/simulate',
      swapQuery({ ask_address: asset('GLYPH'), pool_address: glyph.address }),
    )
    expect(named.statusCode).toBe(200)
  })
})

describe('POST /v1/reverse_swap/simulate', () => {
  test('default: the least input reaching the wanted output', async () => {
    const res = await post('/v1/reverse_swap/simulate', swapQuery({ units: '16000000' }))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expectShape(SwapSimulationSchema, body)
    const offer = BigInt(body.offer_units)
    expect(body.ask_units).toBe('16000000')
    expect(body.pool_address).toBe(v22.address)
    expect(cpSwap(v22, TON, offer)).toBeGreaterThanOrEqual(16_000_000n)
    expect(cpSwap(v22, TON, offer - 1n)).toBeLessThan(16_000_000n)
    expect(body.min_ask_units).toBe(((16_000_000n * 995n) / 1000n).toString())
  })

  test('behavior: an output beyond the reserves is 422 UNREACHABLE_OUTPUT', async () => {
    expectError(
      await post(
        '/v1/reverse_swap/simulate',
        swapQuery({ units: v22.reserve0.toString(), pool_address: v22.address }),
      ),
      422,
      'UNREACHABLE_OUTPUT',
    )
  })
})

/** floor(n / d) as a decimal string with at most 9 fraction digits, trailing zeros dropped. */
function decimal9(n: bigint, d: bigint): string {
  const scaled = (n * 10n ** 9n) / d
  const fraction = (scaled % 10n ** 9n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction === '' ? (scaled / 10n ** 9n).toString() : `${scaled / 10n ** 9n}.${fraction}`
}
