/**
 * The DEX v2 stableswap, weighted constant product and weighted stableswap fixtures reproduce
 * the reference vectors of `docs/contracts.md` §6 (computed by executing the public contracts), take
 * their parameters from the router's `set_params` (before and after the first provision) and the
 * rate setter's `set_rate`, and refund every math exception with its exit code.
 */
import { beginCell, toNano } from '@ton/core'
import { createShardAccount } from '@ton/sandbox'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPoolState, EXIT_CODES, provide } from '../../core/index.js'
import { LocalDexError } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { dexV2SetParamsBody, dexV2SetRateBody } from '../../protocol/dex/v2AdminMessages.js'
import { thrown } from '../_support/thrown.js'
import { buildKindWorld, type KindWorld } from './_support/kindWorld.js'

const E18 = 10n ** 18n
const emptyWeightedStable = createPoolState({
  dex: 'v2',
  kind: 'weighted_stableswap',
  w0: E18 / 2n,
})

/** Creates pool A/B with (amount0, amount1) in pool order. */
async function create(w: KindWorld, amount0: bigint, amount1: bigint) {
  const { pool, receipt } = await w.dex.createPool(w.router, {
    from: w.alice,
    assetA: w.poolAB.asset0,
    amountA: amount0,
    assetB: w.poolAB.asset1,
    amountB: amount1,
  })
  return { pool, receipt }
}

/**
 * Rewrites pool A/B's reserves and LP supply in its storage (the common prefix of every kind's
 * layout, docs/contracts.md §2.14), to start from a state no sequence of provisions reaches.
 */
async function overwritePoolBalances(
  w: KindWorld,
  next: { reserve0: bigint; reserve1: bigint; totalSupply: bigint },
) {
  const contract = await w.dex.blockchain.getContract(w.poolAB.address)
  const state = contract.accountState
  if (state?.type !== 'active' || !state.state.code || !state.state.data) throw new Error('no pool')
  const s = state.state.data.beginParse()
  const locked = s.loadBit()
  s.loadCoins()
  s.loadCoins()
  s.loadCoins()
  const data = beginCell()
    .storeBit(locked)
    .storeCoins(next.reserve0)
    .storeCoins(next.reserve1)
    .storeCoins(next.totalSupply)
    .storeSlice(s)
    .endCell()
  await w.dex.blockchain.setShardAccount(
    w.poolAB.address,
    createShardAccount({
      address: w.poolAB.address,
      code: state.state.code,
      data,
      balance: contract.balance,
    }),
  )
}

/** Swaps `amount` of token `side` into pool A/B. */
function swapIn(w: KindWorld, side: 0 | 1, amount: bigint, referralBps?: bigint) {
  const [offer, ask] =
    side === 0 ? [w.poolAB.asset0, w.poolAB.asset1] : [w.poolAB.asset1, w.poolAB.asset0]
  return w.dex.swap(w.router, {
    from: w.bob,
    offer,
    ask,
    amount,
    ...(referralBps === undefined ? {} : { referral: w.carol.address, referralBps }),
  })
}

describe('stableswap router and pool', () => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld('stableswap')
  })
  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  it('mints D(A, a0, a1) first and swaps as docs/contracts.md §6 (A = 100)', async () => {
    await w.dex.setPoolParams(w.poolAB, { amp: 100n })
    const { receipt } = await create(w, 10n ** 12n, 10n ** 12n)
    expect([receipt.status, receipt.lpMinted, receipt.lpOut]).toEqual([
      'minted',
      2_000_000_000_000n,
      2_000_000_000_000n - 1001n,
    ])
    const r = await swapIn(w, 0, 1_000_000_000n)
    expect([r.status, r.amountOut]).toEqual(['ok', 996_982_488n])
    const state = await w.dex.poolState(w.poolAB)
    expect([state.kind, state.amp, state.collectedProtocolFee1]).toEqual([
      'stableswap',
      100n,
      997_981n,
    ])
  })

  it('mints a single-sided provision as docs/contracts.md §6', async () => {
    await w.dex.setPoolParams(w.poolAB, { amp: 100n })
    await create(w, 10n ** 12n, 10n ** 12n)
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.poolAB.asset0,
      amountA: 1_000_000_000n,
      assetB: w.poolAB.asset1,
      amountB: 0n,
    })
    expect([r.status, r.lpOut]).toEqual(['minted', 998_495_104n])
    expect((await w.dex.poolState(w.poolAB)).collectedProtocolFee0).toBe(500_002n)
  })

  it('changes A after the first provision and swaps with a referral (A = 200)', async () => {
    await create(w, 10n ** 12n, 9n * 10n ** 11n)
    expect((await w.dex.poolState(w.poolAB)).amp).toBe(1n)
    await w.dex.setPoolParams(w.poolAB, { amp: 200n })
    const r = await swapIn(w, 1, 500_000_000_000n, 10n)
    expect([r.status, r.amountOut, r.referralOut]).toEqual(['ok', 495_365_442_604n, 496_358_159n])
    expect(await w.dex.vaultBalance(w.router, w.carol.address, w.poolAB.asset0)).toBe(496_358_159n)
  })

  it('evaluates D with a balance the imbalance fee drove negative, and mints (issue example)', async () => {
    // A = 445, R = (48824290046952, 488242900469520000000000000), S = 2021132276449744395515164954,
    // L 64, P 71: the real pool mints 20312185799230597737566992691728 LP with protocol fee0
    // 9416082108908027555071 for (1326208823120508312846714, 142338770861210341).
    await w.dex.setPoolParams(w.poolAB, { amp: 445n })
    await create(w, 10n ** 12n, 10n ** 12n)
    await w.dex.setFees(w.poolAB, { lpFee: 64n, protocolFee: 71n, protocolFeeAddress: null })
    await overwritePoolBalances(w, {
      reserve0: 48_824_290_046_952n,
      reserve1: 488_242_900_469_520_000_000_000_000n,
      totalSupply: 2_021_132_276_449_744_395_515_164_954n,
    })
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.poolAB.asset0,
      amountA: 1_326_208_823_120_508_312_846_714n,
      assetB: w.poolAB.asset1,
      amountB: 142_338_770_861_210_341n,
    })
    expect([r.status, r.lpOut]).toEqual(['minted', 20_312_185_799_230_597_737_566_992_691_728n])
    expect((await w.dex.poolState(w.poolAB)).collectedProtocolFee0).toBe(
      9_416_082_108_908_027_555_071n,
    )
  })

  it('rejects A outside 1..2000 in the router (92) and reports the router type', async () => {
    const body = dexV2SetParamsBody({
      kind: 'stableswap',
      amp: 2001n,
      wallet0: w.poolAB.wallet0,
      wallet1: w.poolAB.wallet1,
      excesses: w.dex.admin.address,
    })
    const sent = await w.dex.admin.send({ to: w.router.address, value: toNano('0.1'), body })
    expect(failedTransactions(sent.transactions).map((f) => f.exitCode)).toEqual([92])
    await expect(w.dex.setPoolParams(w.poolAB, { amp: 0n })).rejects.toThrow(LocalDexError)
    await expect(w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })).rejects.toThrow(LocalDexError)
    const data = await w.dex.blockchain.runGetMethod(w.router.address, 'get_router_data')
    data.stackReader.skip(1)
    expect(data.stackReader.readString()).toBe('stableswap')
    await create(w, 10n ** 9n, 10n ** 9n)
    const type = await w.dex.blockchain.runGetMethod(w.poolAB.address, 'get_pool_type')
    expect(type.stackReader.readString()).toBe('stableswap')
  })
})

describe('weighted constant product router and pool', () => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld('weighted_const_product')
  })
  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  it('sets w0 once before the first provision and swaps as docs/contracts.md §6 (w0 = 0.8)', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: 8n * 10n ** 17n })
    const { receipt } = await create(w, 10n ** 12n, 2n * 10n ** 12n)
    expect(receipt.lpMinted).toBe(1_148_698_354_997n)
    // w0 is set once: a second write does not change it.
    await w.dex.setPoolParams(w.poolAB, { w0: 3n * 10n ** 17n })
    expect((await w.dex.poolState(w.poolAB)).w0).toBe(8n * 10n ** 17n)
    const snapshot = w.dex.snapshot()
    const r0 = await swapIn(w, 0, 1_000_000_000n)
    expect([r0.status, r0.amountOut]).toEqual(['ok', 7_956_155_491n])
    await w.dex.restore(snapshot)
    const r1 = await swapIn(w, 1, 1_000_000_000n, 10n)
    expect([r1.status, r1.amountOut, r1.referralOut]).toEqual(['ok', 124_461_684n, 124_712n])
  })

  it('refunds an input over 30 % of the reserve with exit code 97', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    await create(w, 10n ** 12n, 10n ** 12n)
    await w.dex.setFees(w.poolAB, { lpFee: 0n, protocolFee: 0n, protocolFeeAddress: null })
    const r = await swapIn(w, 0, 300_000_000_001n)
    expect([r.status, r.exitCode, r.refundAmount]).toEqual(['refunded', 97, 300_000_000_001n])
    const ok = await swapIn(w, 0, 300_000_000_000n)
    expect(ok.status).toBe('ok')
  })

  it('refunds swaps with complement error 51002 while w0 is unset, then works once set', async () => {
    await create(w, 10n ** 12n, 10n ** 12n)
    const r = await swapIn(w, 0, 1_000_000n)
    expect([r.status, r.exitCode, r.refundAmount]).toEqual(['refunded', 51002, 1_000_000n])
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    const ok = await swapIn(w, 0, 1_000_000n)
    expect([ok.status, ok.exitCode]).toEqual(['ok', EXIT_CODES.swap_ok])
  })
})

describe('weighted stableswap router and pool', () => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld('weighted_stableswap')
  })
  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  it('sets the rate at the first provision and swaps as docs/contracts.md §6', async () => {
    await w.dex.setPoolParams(w.poolAB, { amp: 100n * E18, w0: 8n * 10n ** 17n })
    const { receipt } = await create(w, 10n ** 12n, 2n * 10n ** 12n)
    expect(receipt.status).toBe('minted')
    const state = await w.dex.poolState(w.poolAB)
    expect([state.amp, state.rate, state.w0]).toEqual([
      100n * E18,
      5n * 10n ** 17n,
      8n * 10n ** 17n,
    ])
    const r = await swapIn(w, 1, 1_000_000_000n, 10n)
    expect([r.status, r.amountOut, r.referralOut]).toEqual(['ok', 495_036_918n, 496_029n])
  })

  it('keeps a first provision whose rate does not fit rate:uint128 in the LP account, as core refuses it (5)', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    // floor(a0·1e18 / 1000) < 2^128 for a0, ≥ 2^128 for a0 + 1.
    const a0 = ((1n << 128n) - 1n) / (E18 / 1000n) // floor: positive operands
    const refused = await create(w, a0 + 1n, 1000n)
    expect(refused.receipt.status).toBe('stored')
    expect(
      thrown(() => provide(emptyWeightedStable, { amount0: a0 + 1n, amount1: 1000n })),
    ).toMatchObject({
      exitCode: EXIT_CODES.integer_out_of_range,
    })
    await w.dex.restore(w.base)
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    const minted = await create(w, a0, 1000n)
    const expected = provide(emptyWeightedStable, { amount0: a0, amount1: 1000n })
    expect([minted.receipt.status, minted.receipt.lpMinted]).toEqual(['minted', expected.lpMinted])
    expect((await w.dex.poolState(w.poolAB)).rate).toBe(expected.pool.rate)
  })

  it('mints 2999999999999 for (1e12, 2e12) with amp 1, w0 0.8', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: 8n * 10n ** 17n })
    const { receipt } = await create(w, 10n ** 12n, 2n * 10n ** 12n)
    expect(receipt.lpMinted).toBe(2_999_999_999_999n)
  })

  it('swaps 1:1 pools at both scales of docs/contracts.md §6', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    await create(w, 10n ** 12n, 10n ** 12n)
    const r = await swapIn(w, 0, 1_000_000_000n)
    expect([r.status, r.amountOut]).toEqual(['ok', 996_670_440n])
    await w.dex.restore(w.base)
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    await create(w, 10n ** 24n, 10n ** 24n)
    const big = await swapIn(w, 0, 1_000_000_000n)
    expect([big.status, big.amountOut]).toEqual(['ok', 996_995_444n])
  })

  it('takes a new rate from the rate setter only, and the amp range from the router (90)', async () => {
    await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
    await create(w, 10n ** 12n, 10n ** 12n)
    const setRate = dexV2SetRateBody({ rate: 2n * E18 })
    const stranger = await w.bob.send({
      to: w.poolAB.address,
      value: toNano('0.05'),
      body: setRate,
    })
    expect(failedTransactions(stranger.transactions).map((f) => f.exitCode)).toEqual([0xffff])
    const setter = await w.dex.admin.send({
      to: w.poolAB.address,
      value: toNano('0.05'),
      body: setRate,
    })
    expect(failedTransactions(setter.transactions)).toEqual([])
    expect((await w.dex.poolState(w.poolAB)).rate).toBe(2n * E18)
    const zero = await w.dex.admin.send({
      to: w.poolAB.address,
      value: toNano('0.05'),
      body: dexV2SetRateBody({ rate: 0n }),
    })
    expect(failedTransactions(zero.transactions).map((f) => f.exitCode)).toEqual([92])
    await expect(w.dex.setPoolParams(w.poolAB, { amp: 2001n * E18 })).rejects.toThrow(
      /exit code 90/,
    )
    const pool = await w.dex.blockchain.runGetMethod(w.poolAB.address, 'get_pool_data')
    pool.stackReader.skip(12)
    expect([pool.stackReader.readBigNumber(), pool.stackReader.readBigNumber()]).toEqual([
      E18,
      2n * E18,
    ])
    pool.stackReader.skip(1)
    expect(pool.stackReader.readAddressOpt()?.equals(w.dex.admin.address)).toBe(true)
  })
})
