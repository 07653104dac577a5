import { describe, expect, test } from 'vitest'
import {
  cp,
  NOT,
  OTHER_ROUTER,
  PTON,
  ROUTER,
  USDT,
  USDT_RAW,
  v1TonUsdt,
} from './_support/market.js'
import { candidateRoutes } from './candidateRoutes.js'
import { type MarketPool, normalizeMarket } from './Market.js'

const v2 = (id: string, asset0: string, asset1: string, router = ROUTER): MarketPool => ({
  id,
  venue: 'dex_v2',
  asset0,
  asset1,
  state: cp('v2'),
  router: { address: router, nativeWrapperMaster: PTON },
})

describe('candidateRoutes', () => {
  test('direct pools first, then two-hop paths, in market order, with their mechanism', () => {
    const pools = normalizeMarket({
      pools: [
        v1TonUsdt,
        v2('b', 'native', NOT),
        v2('c', NOT, USDT),
        v2('d', USDT, NOT, OTHER_ROUTER),
        { ...v1TonUsdt, id: 'e', asset0: NOT, asset1: 'native' },
      ],
    })
    const routes = candidateRoutes(pools, 'native', USDT_RAW)
    expect(routes.map((r) => [r.hops.map((h) => `${h.pool.id}:${h.side}`), r.mechanism])).toEqual([
      [['v1-ton-usdt:0'], 'direct'],
      [['b:0', 'c:0'], 'cross_swap'],
      [['b:0', 'd:1'], 'chained'],
      [['e:1', 'c:0'], 'chained'],
      [['e:1', 'd:1'], 'chained'],
    ])
    // The reverse direction trades every pool on its other side.
    expect(
      candidateRoutes(pools, USDT_RAW, 'native').map((r) =>
        r.hops.map((h) => `${h.pool.id}:${h.side}`),
      ),
    ).toEqual([['v1-ton-usdt:1'], ['c:1', 'b:1'], ['c:1', 'e:0'], ['d:0', 'b:1'], ['d:0', 'e:0']])
  })

  test('a pool is never used twice and a path never returns to the offered asset', () => {
    const pools = normalizeMarket({ pools: [v2('x', 'native', NOT), v2('y', 'native', NOT)] })
    expect(candidateRoutes(pools, 'native', NOT).map((r) => r.hops.map((h) => h.pool.id))).toEqual([
      ['x'],
      ['y'],
    ])
    expect(candidateRoutes(pools, 'native', USDT_RAW)).toEqual([])
  })
})
