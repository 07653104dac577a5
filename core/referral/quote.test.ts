import { Address, beginCell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { thrown } from '../../test/_support/thrown.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { swap } from '../ops/swap.js'
import {
  cp,
  ESCROW_MINTER,
  FEE_VAULT_MINTER,
  NOT,
  OTHER_ROUTER,
  PTON,
  poolOn,
  REFERRER,
  ROUTER,
  tonToUsdt,
  USDT,
  USDT_RAW,
  v1TonUsdt,
  v2TonUsdt,
  v2TonUsdtDeep,
} from './_support/market.js'
import { plain } from './_support/plain.js'
import { dexV2VaultAddress } from './dexV2VaultAddress.js'
import { NoRouteError } from './errors/NoRouteError.js'
import type { DexV2MarketPool } from './Market.js'
import { quote } from './quote.js'

const referrer = Address.parse(REFERRER)

describe('quote: the spec rules, pinned', () => {
  test('rule 1: 25 bps, not flexible: DEX v1 is excluded, DEX v2 charges 25 bps', () => {
    const q = quote({ pools: [v1TonUsdt, v2TonUsdt] }, tonToUsdt())
    expect(q.route.poolIds).toEqual(['v2-ton-usdt'])
    expect(q.route.hops[0]).toMatchObject({
      venue: 'dex_v2',
      amountIn: 10_000_000_000_000n,
      grossOut: 29_644_151_369n,
      protocolFeeOut: 29_644_152n,
      referralFeeOut: 74_110_379n, // ceil(29644151369 · 25 / 10000) = ceil(74110378.4225)
      amountOut: 29_540_396_838n,
      requestedReferralBps: 25n,
      referralBps: 25n,
      referralRule: 'applied',
    })
    expect(q.alternatives).toEqual([])
    expect(q.excluded).toHaveLength(1)
    expect(q.excluded[0]).toMatchObject({
      poolIds: ['v1-ton-usdt'],
      mechanism: 'direct',
      reason: {
        code: 'DEX_V1_FEE_ABOVE_FIXED',
        poolId: 'v1-ton-usdt',
        requestedBps: 25n,
        fixedBps: 10n,
      },
    })
  })

  test('rule 2: 25 bps, flexible: DEX v1 is best at its fixed 10 bps', () => {
    const q = quote({ pools: [v1TonUsdt, v2TonUsdt] }, tonToUsdt({}, true))
    expect(q.route.poolIds).toEqual(['v1-ton-usdt'])
    expect(q.route.hops[0]).toMatchObject({
      grossOut: 29_644_151_369n,
      protocolFeeOut: 29_644_152n,
      referralFeeOut: 29_644_152n, // ceil(29644151369 · 10 / 10000)
      amountOut: 29_584_863_065n,
      requestedReferralBps: 25n,
      referralBps: 10n,
      referralRule: 'lowered',
    })
    expect(plain(q.route.hops[0]?.recipient)).toEqual({
      kind: 'referrer',
      address: referrer.toRawString(),
      settlement: 'paid_in_swap',
    })
    // The DEX v2 route at the full 25 bps gives the user less.
    expect(q.alternatives.map((r) => [r.poolIds, r.amountOut])).toEqual([
      [['v2-ton-usdt'], 29_540_396_838n],
    ])
    expect(q.excluded).toEqual([])
  })

  test('rule 2: the fee is never increased: 5 bps never routes through DEX v1 (our choice)', () => {
    for (const flexible of [false, true]) {
      const q = quote({ pools: [v1TonUsdt, v2TonUsdt] }, tonToUsdt({ referrerFeeBps: 5 }, flexible))
      expect(q.route.poolIds).toEqual(['v2-ton-usdt'])
      expect(q.route.hops[0]).toMatchObject({ referralBps: 5n, referralFeeOut: 14_822_076n })
      expect(q.excluded[0]?.reason).toMatchObject({ code: 'DEX_V1_FEE_BELOW_FIXED' })
    }
  })

  test('rule 3: flexible, best route on DEX v2: the requested 25 bps applies in full', () => {
    const q = quote({ pools: [v1TonUsdt, v2TonUsdtDeep] }, tonToUsdt({}, true))
    expect(q.route.poolIds).toEqual(['v2-ton-usdt-deep'])
    expect(q.route.hops[0]).toMatchObject({
      grossOut: 29_865_485_613n,
      referralFeeOut: 74_663_715n,
      amountOut: 29_760_956_412n,
      referralBps: 25n,
      referralRule: 'applied',
    })
    expect(q.alternatives[0]).toMatchObject({
      poolIds: ['v1-ton-usdt'],
      amountOut: 29_584_863_065n,
    })
  })

  test('rule 3: the external venues and the escrow venue apply the requested fee in full', () => {
    for (const venue of ['external_a', 'external_b', 'escrow'] as const) {
      const q = quote({ pools: [v1TonUsdt, poolOn(venue)] }, tonToUsdt({}, true))
      const hop = q.alternatives.concat(q.route).find((r) => r.poolIds[0] === venue)?.hops[0]
      expect(hop).toMatchObject({ venue, referralBps: 25n, referralFeeOut: 74_110_379n })
    }
  })

  test('rule 4: the DEX v2 vault address is derived deterministically, per referrer × token', () => {
    const vaultCode = beginCell().storeUint(0x5641554c, 32).endCell() // stand-in vault code
    const wallets: [string, string] = [`0:${'61'.repeat(32)}`, `0:${'62'.repeat(32)}`]
    const pool: DexV2MarketPool = {
      ...v2TonUsdt,
      router: { ...v2TonUsdt.router, vaultCode },
      routerWallets: wallets,
    }
    const recipients = [10n ** 6n, 10n ** 9n, 10n ** 13n].map(
      (amountIn) => quote({ pools: [pool] }, tonToUsdt({ amountIn })).route.hops[0]?.recipient,
    )
    const expected = dexV2VaultAddress({
      vaultCode,
      owner: referrer,
      tokenWallet: wallets[1],
      router: ROUTER,
    })
    for (const recipient of recipients) {
      expect(plain(recipient)).toMatchObject({
        kind: 'dex_v2_vault',
        routerTokenWallet: wallets[1],
      })
      if (recipient?.kind !== 'dex_v2_vault') throw new Error('unreachable')
      expect(recipient.vaultAddress?.equals(expected)).toBe(true)
      expect(recipient.tokenMinter.toRawString()).toBe(USDT_RAW)
    }
  })

  test('rule 5: native-coin fees on DEX v2 are keyed by the native-coin wrapper master', () => {
    const q = quote(
      { pools: [v2TonUsdt] },
      tonToUsdt({ offerAsset: USDT, askAsset: 'native', amountIn: 3_000n * 10n ** 6n }),
    )
    const hop = q.route.hops[0]
    expect(hop).toMatchObject({
      askAsset: 'native',
      referralBps: 25n,
      referralFeeOut: 2_492_512_473n,
    })
    expect(hop?.recipient).toMatchObject({ kind: 'dex_v2_vault', vaultAddress: undefined })
    if (hop?.recipient?.kind !== 'dex_v2_vault') throw new Error('unreachable')
    expect(hop.recipient.tokenMinter.toRawString()).toBe(PTON)
    expect(hop.recipient.owner.equals(referrer)).toBe(true)
    expect(hop.recipient.router.toRawString()).toBe(ROUTER)
  })
})

describe('quote: routes and recipients', () => {
  const shallowV1 = {
    ...v1TonUsdt,
    state: cp('v1', { reserve0: 10n ** 14n, reserve1: 3n * 10n ** 11n }),
  }
  const tonNot: DexV2MarketPool = {
    id: 'v2-ton-not',
    venue: 'dex_v2',
    asset0: 'native',
    asset1: NOT,
    state: cp('v2', { reserve0: 10n ** 15n, reserve1: 10n ** 17n }),
    router: { address: ROUTER, nativeWrapperMaster: PTON },
  }
  const notUsdt: DexV2MarketPool = {
    id: 'v2-not-usdt',
    venue: 'dex_v2',
    asset0: NOT,
    asset1: USDT,
    state: cp('v2', { reserve0: 10n ** 17n, reserve1: 3n * 10n ** 12n }),
    router: { address: ROUTER },
  }
  const notUsdtElsewhere: DexV2MarketPool = {
    ...notUsdt,
    id: 'v2b-not-usdt',
    router: { address: OTHER_ROUTER },
  }

  test('two hops on one DEX v2 router are a cross-swap; each hop charges the referral', () => {
    const q = quote({ pools: [shallowV1, tonNot, notUsdt, notUsdtElsewhere] }, tonToUsdt({}, true))
    expect(q.route.poolIds).toEqual(['v2-ton-not', 'v2-not-usdt'])
    expect(q.route.mechanism).toBe('cross_swap')
    // The same hops computed one by one with the pool math.
    const first = swap(tonNot.state, { side: 0, amountIn: 10n ** 13n, referralBps: 25n })
    const second = swap(notUsdt.state, { side: 0, amountIn: first.amountOut, referralBps: 25n })
    expect(q.route.hops.map((h) => [h.amountIn, h.amountOut, h.referralFeeOut])).toEqual([
      [10n ** 13n, first.amountOut, first.referralFeeOut],
      [first.amountOut, second.amountOut, second.referralFeeOut],
    ])
    expect(q.route.amountOut).toBe(29_092_238_941n)
    expect(q.route.hops.map((h) => h.recipient?.kind)).toEqual(['dex_v2_vault', 'dex_v2_vault'])
    // Same output through another router: a tie, broken by the pool ids; it is a chained route.
    const direct = swap(shallowV1.state, { side: 0, amountIn: 10n ** 13n, hasReferral: true })
    expect(q.alternatives.map((r) => [r.poolIds, r.mechanism, r.amountOut])).toEqual([
      [['v2-ton-not', 'v2b-not-usdt'], 'chained', 29_092_238_941n],
      [['v1-ton-usdt'], 'direct', direct.amountOut],
    ])
    expect(direct.amountOut).toBe(27_168_685_214n)
  })

  test('a pool whose math refunds excludes the candidate with the error as the reason', () => {
    const dry = { ...v2TonUsdt, id: 'dry', state: cp('v2', { reserve0: 10n ** 15n, reserve1: 1n }) }
    const q = quote({ pools: [dry, v2TonUsdtDeep] }, tonToUsdt())
    expect(q.route.poolIds).toEqual(['v2-ton-usdt-deep'])
    const reason = q.excluded[0]?.reason
    expect(reason).toMatchObject({
      code: 'SWAP_FAILED',
      poolId: 'dry',
      message: 'pool dry rejects the swap: SWAP_REFUND_0_OUT',
    })
    if (reason?.code !== 'SWAP_FAILED') throw new Error('unreachable')
    expect(reason.error).toBeInstanceOf(PoolMathError)
  })

  test('recipients per venue: fee-vault minter (native instant, jettons to the vault), escrow', () => {
    const toUsdt = tonToUsdt()
    const toTon = tonToUsdt({ offerAsset: USDT, askAsset: 'native', amountIn: 3_000n * 10n ** 6n })
    for (const venue of ['external_a', 'external_b'] as const) {
      expect(plain(quote({ pools: [poolOn(venue)] }, toUsdt).route.hops[0]?.recipient)).toEqual({
        kind: 'fee_vault',
        owner: referrer.toRawString(),
        jetton: USDT_RAW,
        minter: FEE_VAULT_MINTER,
      })
      expect(plain(quote({ pools: [poolOn(venue)] }, toTon).route.hops[0]?.recipient)).toEqual({
        kind: 'referrer',
        address: referrer.toRawString(),
        settlement: 'credited_instantly',
      })
    }
    expect(plain(quote({ pools: [poolOn('escrow')] }, toUsdt).route.hops[0]?.recipient)).toEqual({
      kind: 'escrow_vault',
      owner: referrer.toRawString(),
      asset: USDT_RAW,
      minter: ESCROW_MINTER,
    })
  })

  test('without a referral every venue is eligible and no hop names a recipient', () => {
    const q = quote({ pools: [v1TonUsdt, v2TonUsdt] }, tonToUsdt({ referrerFeeBps: 0 }))
    expect(q.route.hops[0]).toMatchObject({
      referralBps: 0n,
      referralFeeOut: 0n,
      recipient: undefined,
      referralRule: 'none',
    })
    expect(q.alternatives).toHaveLength(1)
    expect(q.excluded).toEqual([])
  })

  test('NoRouteError: nothing links the assets, or every candidate is excluded', () => {
    const none = thrown(() => quote({ pools: [tonNot] }, tonToUsdt()))
    expect(none).toBeInstanceOf(NoRouteError)
    expect(none).toMatchObject({
      code: 'NO_ROUTE',
      offerAsset: 'native',
      askAsset: USDT_RAW,
      excluded: [],
    })
    const ruled = thrown(() => quote({ pools: [v1TonUsdt] }, tonToUsdt()))
    expect(ruled).toMatchObject({
      excluded: [{ poolIds: ['v1-ton-usdt'], reason: { code: 'DEX_V1_FEE_ABOVE_FIXED' } }],
    })
    expect(() => quote({ pools: [v1TonUsdt] }, tonToUsdt())).toThrowErrorMatchingInlineSnapshot(`
      [NoRouteError: No route from native to 0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe.

      candidates excluded: 1
      v1-ton-usdt: DEX_V1_FEE_ABOVE_FIXED]
    `)
  })
})
