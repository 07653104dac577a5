import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { swap } from '../../core/ops/swap.js'
import { priceImpact } from '../../core/quote/priceImpact.js'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { toPoolState } from '../../service/market/poolState.js'
import type { PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import {
  demoAddresses,
  expectError,
  type Query,
  setupService,
  swapQuery,
  url,
  useService,
} from './_support/setupService.js'

/** Swap simulations on every pool kind, and the clean 422 for kinds core cannot compute. */

const market = demoMarketFixture()
const { asset, router, pool } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const USDL = asset('USDL')
const v22 = pool(router(2, 2, 'ConstantProduct'), TON, USDL)

const service = useService(market)

const post = (path: string, query: Query) =>
  service.app.inject({ method: 'POST', url: url(path, query) })

describe('pool kinds', () => {
  test('behavior: every pool kind answers with core exact math, or a clean 422 while core lacks the kind', async () => {
    const XTON = asset('XTON')
    const cases: [RouterRow, string, string][] = [
      [routerRow(router(2, 1, 'StableSwap')), TON, XTON],
      [routerRow(router(2, 2, 'StableSwap')), TON, XTON],
      [routerRow(router(2, 1, 'WeightedConstProduct')), asset('AQUA'), TON],
      [routerRow(router(2, 2, 'WeightedConstProduct')), asset('BOLT'), USDL],
      [routerRow(router(2, 1, 'WeightedStableSwap')), TON, XTON],
      [routerRow(router(2, 2, 'WeightedStableSwap')), TON, XTON],
    ]
    for (const [routerRow_, offer, ask] of cases) {
      const p = pool(routerRow_.address, offer, ask)
      const res = await post('/v1/swap/simulate', {
        offer_address: offer,
        ask_address: ask,
        units: '1000000000',
        slippage_tolerance: '0.01',
        pool_address: p.address,
      })
      if (res.statusCode === 422) {
        expectError(res, 422, 'UNSUPPORTED_POOL_KIND')
        continue
      }
      expect(res.statusCode).toBe(200)
      const expected = swap(toPoolState(p, routerRow_), {
        side: p.token0Address === offer ? 0 : 1,
        amountIn: 1_000_000_000n,
      })
      expect(res.json().ask_units).toBe(expected.amountOut.toString())
      expect(BigInt(res.json().ask_units)).toBeGreaterThan(0n)
      // Price impact against the kind's marginal price (core's spotPrice), not the reserve
      // ratio: a 1-unit swap on these deep pools barely moves it (a reserve-ratio price would
      // put a 80/20 pool's impact near 75 %).
      const impact = priceImpact(toPoolState(p, routerRow_), {
        side: p.token0Address === offer ? 0 : 1,
        amountIn: 1_000_000_000n,
      })
      expect(res.json().price_impact).toBe(impact)
      expect(Number(impact)).toBeLessThan(0.001)
    }
  })
})

describe('UNSUPPORTED_POOL_KIND', () => {
  test('a pool whose router type core has no kind for answers a clean 422', async () => {
    const sumRouter: RouterRow = {
      ...(market.routers[1] as RouterRow),
      address: new Address(0, Buffer.alloc(32, 3)).toString(),
      routerType: 'ConstantSum',
    }
    const sumPool: PoolRow = {
      ...v22,
      address: new Address(0, Buffer.alloc(32, 4)).toString(),
      routerAddress: sumRouter.address,
    }
    const custom = await setupService({
      ...market,
      routers: [...market.routers, sumRouter],
      pools: [...market.pools, sumPool],
    })
    try {
      const res = await custom.app.inject({
        method: 'POST',
        url: url('/v1/swap/simulate', swapQuery({ pool_address: sumPool.address })),
      })
      expectError(res, 422, 'UNSUPPORTED_POOL_KIND')
      // Without pool_address the supported pools of the pair still serve the request.
      const auto = await custom.app.inject({
        method: 'POST',
        url: url('/v1/swap/simulate', swapQuery()),
      })
      expect(auto.statusCode).toBe(200)
    } finally {
      await custom.close()
    }
  })
})

function routerRow(address: string): RouterRow {
  return market.routers.find((r) => r.address === address) as RouterRow
}
