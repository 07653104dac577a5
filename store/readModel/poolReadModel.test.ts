import { describe, expect, test } from 'vitest'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { IndexedPoolRow } from '../rows/indexerRows.js'
import type { PoolRow, RouterRow } from '../rows/referenceRows.js'
import { kindParameters, listedPools, unlistedPools } from './poolReadModel.js'

const router = (address: string, routerType: RouterRow['routerType']): RouterRow => ({
  ...{ address, majorVersion: 2, minorVersion: 2, routerType },
  ...{ ptonMasterAddress: 'EQpton', ptonWalletAddress: 'EQptonWallet', ptonVersion: '2.1' },
  poolCreationEnabled: true,
})
const indexed = (address: string, over: Partial<IndexedPoolRow> = {}): IndexedPoolRow => ({
  ...{ address, routerAddress: 'EQcp', dex: 'v2', kind: 'constant_product' },
  ...{ wallet0: 'EQw0', wallet1: 'EQw1', asset0Address: 'EQusdt', asset1Address: NATIVE_ADDRESS },
  ...{ reserve0: 1_000_000_000n, reserve1: 2_000_000_000_000n, totalSupply: 44_721_359_549n },
  ...{ lpFee: 20n, protocolFee: 10n, refFee: 10n, collected0: 3n, collected1: 4n },
  ...{ amp: 0n, w0: 0n, rate: 0n, protocolFeeAddress: 'EQcollector' },
  ...over,
})
const reference = (address: string): PoolRow => ({
  ...{ address, routerAddress: 'EQcp', token0Address: 'EQusdt', token1Address: NATIVE_ADDRESS },
  ...{ reserve0: 5n, reserve1: 6n, lpTotalSupply: 7n, lpFee: 30n, protocolFee: 0n, refFee: 0n },
  ...{
    protocolFeeAddress: 'EQold',
    collectedToken0ProtocolFee: 0n,
    collectedToken1ProtocolFee: 0n,
  },
  ...{ deprecated: true, amp: null, rate: null, w0: null },
  ...{ lpTotalSupplyUsd: '12.5', lpPriceUsd: null, apy1d: '0.1', apy7d: null, apy30d: null },
  ...{ volume24hUsd: '3', popularityIndex: 9 },
})
const routers = new Map([
  ['EQcp', router('EQcp', 'ConstantProduct')],
  ['EQstable', router('EQstable', 'StableSwap')],
])
const assets = new Set([NATIVE_ADDRESS, 'EQusdt'])

describe('listedPools', () => {
  test('a reference pool the indexer follows shows the chain state over its reference fields', () => {
    const [row] = listedPools({
      reference: [reference('EQa')],
      indexed: [indexed('EQa')],
      routers,
      assets,
    })
    expect(row).toEqual({
      ...reference('EQa'),
      ...{ reserve0: 1_000_000_000n, reserve1: 2_000_000_000_000n, lpTotalSupply: 44_721_359_549n },
      ...{ lpFee: 20n, protocolFee: 10n, refFee: 10n, protocolFeeAddress: 'EQcollector' },
      ...{ collectedToken0ProtocolFee: 3n, collectedToken1ProtocolFee: 4n },
    })
  })

  test('a reference pool the indexer does not follow is listed as written (an import)', () => {
    const rows = listedPools({ reference: [reference('EQa')], indexed: [], routers, assets })
    expect(rows).toEqual([reference('EQa')])
  })

  test('an indexed pool is listed on a listed router of its kind between listed assets', () => {
    const stable = indexed('EQs', { routerAddress: 'EQstable', kind: 'stableswap', amp: 100n })
    const rows = listedPools({
      reference: [],
      indexed: [
        indexed('EQb'),
        stable,
        indexed('EQforeignRouter', { routerAddress: 'EQlookalike' }),
        indexed('EQwrongKind', { routerAddress: 'EQstable' }),
        indexed('EQunlisted', { asset0Address: 'EQunknownJetton' }),
        indexed('EQnoFee', { protocolFeeAddress: null }),
      ],
      routers,
      assets,
    })
    expect(rows.map((r) => r.address)).toEqual(['EQb', 'EQnoFee', 'EQs'])
    expect(rows[2]).toMatchObject({ amp: 100n, rate: null, w0: null, deprecated: false })
    expect(rows[2]).toMatchObject({ token0Address: 'EQusdt', token1Address: NATIVE_ADDRESS })
    expect(rows[1]?.protocolFeeAddress).toBe(NATIVE_ADDRESS)
    expect(rows[0]).toMatchObject({ lpTotalSupplyUsd: null, apy1d: null, popularityIndex: null })
  })

  test('kindParameters: each kind shows the parameters it has', () => {
    const p = { amp: 100n, rate: 2n, w0: 3n }
    expect(kindParameters({ ...p, kind: 'constant_product' })).toEqual({
      amp: null,
      rate: null,
      w0: null,
    })
    expect(kindParameters({ ...p, kind: 'weighted_const_product' })).toEqual({
      amp: null,
      rate: null,
      w0: 3n,
    })
    expect(kindParameters({ ...p, kind: 'weighted_stableswap' })).toEqual({
      amp: 100n,
      rate: 2n,
      w0: 3n,
    })
  })
})

describe('unlistedPools: what listedPools leaves out, and why', () => {
  test('every indexed pool not listed is said with its reason; listed ones are not', () => {
    const pools = [
      indexed('EQlisted'),
      indexed('EQunnamed', { asset0Address: 'EQw0' }), // its token0 wallet was not named
      indexed('EQother', { asset1Address: 'EQnotListed' }),
      indexed('EQnoRouter', { routerAddress: 'EQgone' }),
      indexed('EQkind', { kind: 'stableswap' }),
    ]
    const input = { reference: [], indexed: pools, routers, assets }
    const listed = listedPools(input).map((p) => p.address)
    const unlisted = unlistedPools(input)
    expect(listed).toEqual(['EQlisted'])
    expect(unlisted).toEqual([
      {
        address: 'EQunnamed',
        why: 'token0 EQw0 is not a listed asset (a router wallet whose asset was not named)',
      },
      { address: 'EQother', why: 'token1 EQnotListed is not a listed asset' },
      { address: 'EQnoRouter', why: 'its router EQgone is not listed' },
      { address: 'EQkind', why: "its kind stableswap is not its router's type ConstantProduct" },
    ])
    // Together they are every indexed pool: none is left out silently.
    expect(listed.length + unlisted.length).toBe(pools.length)
  })
})
