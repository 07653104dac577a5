import { type Address, beginCell, type Transaction, toNano } from '@ton/core'
import type { BlockchainSnapshot } from '@ton/sandbox'
import {
  compareTransaction,
  type FlatTransactionComparable,
  flattenTransaction,
} from '@ton/test-utils'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EXIT_CODES, POOL_KINDS, type PoolKind, swap } from '../../core/index.js'
import { crossSwapRouterTon } from '../../emulator/crossSwapV2.js'
import type { LocalJetton } from '../../emulator/index.js'
import {
  DEX_V2_OP,
  dexV2SetParamsBody,
  dexV2SetRateBody,
  JETTON_OP,
  jettonBurnBody,
} from '../../protocol/index.js'
import { buildKindWorld, KIND_WORLD_MINT, type KindWorld } from './_support/kindWorld.js'

// The fixtures at the edges where the real STON.fi v2.2 contracts were measured to behave in a
// particular way (docs/emulator.md, "Local vs mainnet"): exit codes, gas floors, bounce flags
// and the TON contracts keep.

expect.extend({
  toHaveTransaction(transactions: readonly Transaction[], match: FlatTransactionComparable) {
    const flat = transactions.map((tx) => flattenTransaction(tx))
    const pass = flat.some((tx) => compareTransaction(tx, match))
    return {
      pass,
      message: () => `expected ${pass ? 'no' : 'a'} transaction matching the pattern`,
    }
  },
})
declare module 'vitest' {
  interface Matchers<T> {
    toHaveTransaction(match: FlatTransactionComparable): T
  }
}

const E18 = 10n ** 18n
const E9 = 10n ** 9n

/** The compute exit codes of the failed transactions, in order. */
function exitCodes(txs: readonly Transaction[]): number[] {
  return txs
    .map((tx) => flattenTransaction(tx))
    .filter((tx) => !tx.success)
    .map((tx) => tx.exitCode ?? tx.actionResultCode ?? 0)
}

describe('weighted stableswap admin edges (mainnet: router exit 92, pool exit 65535)', () => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld('weighted_stableswap')
  })
  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  async function seeded() {
    await w.dex.setPoolParams(w.poolAB, { amp: 10n * E18, w0: E18 / 2n })
    await w.dex.createPool(w.router, {
      from: w.alice,
      assetA: w.a,
      amountA: 1000n * E9,
      assetB: w.b,
      amountB: 2000n * E9,
    })
  }

  it('refuses set_params with weight 0 (92): bounced, the pool unchanged', async () => {
    await seeded()
    const before = await w.dex.poolState(w.poolAB)
    const body = dexV2SetParamsBody({
      kind: 'weighted_stableswap',
      amp: 20n * E18,
      rate: 0n,
      weight: 0n,
      side: w.poolAB.wallet0,
      rateSetter: w.dex.admin.address,
      wallet0: w.poolAB.wallet0,
      wallet1: w.poolAB.wallet1,
      excesses: w.dex.admin.address,
    })
    const r = await w.dex.admin.send({ to: w.router.address, value: toNano('0.1'), body })
    expect(exitCodes(r.transactions)).toEqual([92])
    expect(r.transactions).toHaveTransaction({
      from: w.router.address,
      to: w.dex.admin.address,
      inMessageBounced: true,
    })
    expect(r.transactions).not.toHaveTransaction({ to: w.poolAB.address })
    expect(await w.dex.poolState(w.poolAB)).toEqual(before)
  })

  it('setPoolParams({ amp }) resends the pool w0, which mainnet accepts', async () => {
    await seeded()
    await w.dex.setPoolParams(w.poolAB, { amp: 20n * E18 })
    const after = await w.dex.poolState(w.poolAB)
    expect([after.amp, after.w0]).toEqual([20n * E18, E18 / 2n])
  })

  it('setPoolParams without w0 on a pool whose w0 is unset fails as on chain (92)', async () => {
    await expect(w.dex.setPoolParams(w.poolAB, { amp: 20n * E18 })).rejects.toThrow(/exit code 92/)
  })

  it('accepts amp 0 (no lower bound on mainnet) and swaps on the weighted product alone', async () => {
    await seeded()
    await w.dex.setPoolParams(w.poolAB, { amp: 0n })
    const pool = await w.dex.poolState(w.poolAB)
    expect([pool.amp, pool.w0]).toEqual([0n, E18 / 2n])
    const side = w.poolAB.asset0.minter.equals(w.a.minter) ? 0 : 1
    const quote = swap(pool, { side, amountIn: 10n * E9 })
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n * E9,
    })
    expect(r.failures).toEqual([])
    expect(r.amountOut).toBe(quote.amountOut)
    expect(r.amountOut).toBeGreaterThan(0n)
  })

  it('refuses amp above 2000e18 (90): bounced, the pool unchanged', async () => {
    await seeded()
    const before = await w.dex.poolState(w.poolAB)
    await expect(w.dex.setPoolParams(w.poolAB, { amp: 2000n * E18 + 1n })).rejects.toThrow(
      /exit code 90/,
    )
    expect(await w.dex.poolState(w.poolAB)).toEqual(before)
  })

  it('set_rate from anyone but the rate setter exits 65535 and bounces', async () => {
    await seeded()
    const r = await w.bob.send({
      to: w.poolAB.address,
      value: toNano('0.05'),
      body: dexV2SetRateBody({ rate: 2n * E18 }),
    })
    expect(exitCodes(r.transactions)).toEqual([0xffff])
    expect(r.transactions).toHaveTransaction({
      from: w.poolAB.address,
      to: w.bob.address,
      inMessageBounced: true,
    })
  })
})

/** The params each kind needs before its first provision. */
async function seedKind(w: KindWorld, kind: PoolKind) {
  if (kind === 'stableswap') await w.dex.setPoolParams(w.poolAB, { amp: 100n })
  if (kind === 'weighted_const_product') await w.dex.setPoolParams(w.poolAB, { w0: E18 / 2n })
  if (kind === 'weighted_stableswap') {
    await w.dex.setPoolParams(w.poolAB, { amp: 10n * E18, w0: E18 / 2n })
  }
  await w.dex.createPool(w.router, {
    from: w.alice,
    assetA: w.a,
    amountA: 1000n * E9,
    assetB: w.b,
    amountB: 2000n * E9,
  })
}

describe.each(POOL_KINDS)('%s: bounce flags of the internal DEX messages', (kind) => {
  it('sends router / pool / LP account / LP wallet / vault messages bounceable', async () => {
    const w = await buildKindWorld(kind)
    const seen: Transaction[] = []
    const stop = w.dex.onTransactions((txs) => seen.push(...txs))
    await seedKind(w, kind)
    const swap = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n * E9,
      referral: w.bob.address,
      referralBps: 25n,
    })
    expect(swap.status).toBe('ok')
    await w.dex.burn(w.poolAB, { from: w.alice, lp: 1_000_000n })
    await w.dex.withdrawReferralFees(w.router, { owner: w.bob.address, asset: w.b })
    stop()
    const internal = [
      DEX_V2_OP.provideLp,
      DEX_V2_OP.addLiquidity,
      DEX_V2_OP.cbAddLiquidity,
      DEX_V2_OP.swap,
      DEX_V2_OP.payTo,
      DEX_V2_OP.payVault,
      DEX_V2_OP.depositRefFee,
      DEX_V2_OP.burnNotificationExt,
      DEX_V2_OP.vaultPayTo,
    ]
    for (const op of internal) {
      expect(seen).toHaveTransaction({ op, inMessageBounceable: true })
      expect(seen).not.toHaveTransaction({ op, inMessageBounceable: false })
    }
    // The router's transfers to its jetton wallets are bounceable too; excesses are not.
    expect(seen).toHaveTransaction({
      from: w.router.address,
      op: JETTON_OP.transfer,
      inMessageBounceable: true,
    })
    expect(seen).not.toHaveTransaction({ op: JETTON_OP.excesses, inMessageBounceable: true })
  })
})

describe.each(POOL_KINDS)('%s: far below the gas floor', (kind) => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld(kind)
    await seedKind(w, kind)
  })

  async function swapWith(routerTon: bigint) {
    const base = w.dex.snapshot()
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: E9,
      routerTon,
    })
    await w.dex.restore(base)
    return r
  }

  it('at 0.005 TON the router sends nothing and nothing fails (mainnet: exit 0, no refund)', async () => {
    const r = await swapWith(toNano('0.005'))
    expect(r.transactions).toHaveTransaction({ to: w.router.address, success: true })
    expect(r.transactions).not.toHaveTransaction({ from: w.router.address })
    expect(exitCodes(r.transactions)).toEqual([])
    expect([r.status, r.delivered]).toEqual(['refunded', 0n])
  })

  it('at 0.01 TON the router refunds with transfer_bounce_low_gas', async () => {
    const r = await swapWith(toNano('0.01'))
    expect(r.transactions).toHaveTransaction({ from: w.router.address, op: JETTON_OP.transfer })
    expect([r.status, r.exitCode]).toEqual(['refunded', EXIT_CODES.transfer_bounce_low_gas])
  })
})

/** The real v2.2 contracts' lowest forwarded TON per kind (SDK amounts, pool 1 000 A / 2 000 B). */
const MAINNET_FLOOR: Record<PoolKind, { swap: bigint; referral: bigint }> = {
  constant_product: { swap: toNano('0.1973'), referral: toNano('0.1982') },
  stableswap: { swap: toNano('0.2262'), referral: toNano('0.2270') },
  weighted_const_product: { swap: toNano('0.2163'), referral: toNano('0.2173') },
  weighted_stableswap: { swap: toNano('0.3765'), referral: toNano('0.3770') },
}
const MARGIN = toNano('0.001')

describe.each(POOL_KINDS)('%s: swap gas floors as on mainnet (±0.001 TON)', (kind) => {
  let w: KindWorld
  beforeAll(async () => {
    w = await buildKindWorld(kind)
    await seedKind(w, kind)
  })

  async function swapWith(routerTon: bigint, referral: boolean) {
    const base = w.dex.snapshot()
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n * E9,
      referral: referral ? w.bob.address : undefined,
      referralBps: referral ? 25n : undefined,
      routerTon,
    })
    await w.dex.restore(base)
    return r
  }

  for (const referral of [false, true]) {
    const name = referral ? 'referral swap' : 'swap'
    it(`${name}: delivers just above the floor, refunds just below`, async () => {
      const floor = MAINNET_FLOOR[kind][referral ? 'referral' : 'swap']
      const above = await swapWith(floor + MARGIN, referral)
      expect([above.status, above.delivered > 0n, above.failures]).toEqual(['ok', true, []])
      if (referral) expect(above.referralOut).toBeGreaterThan(0n)
      const below = await swapWith(floor - MARGIN, referral)
      expect([below.status, below.exitCode, below.failures]).toEqual([
        'refunded',
        EXIT_CODES.transfer_bounce_low_gas,
        [],
      ])
      expect(below.transactions).toHaveTransaction({
        from: w.router.address,
        op: JETTON_OP.transfer,
      })
    })
  }
})

describe('constant product cross-swap: every hop passes the router gas check', () => {
  let w: KindWorld
  let path: LocalJetton[]
  beforeAll(async () => {
    w = await buildKindWorld('constant_product')
    const c = await w.dex.deployJetton('CCC')
    const d = await w.dex.deployJetton('DDD')
    path = [w.a, w.b, c, d]
    for (const jetton of [c, d]) await w.dex.mint(jetton, w.alice.address, KIND_WORLD_MINT)
    for (let i = 0; i < 3; i++) {
      await w.dex.createPool(w.router, {
        from: w.alice,
        assetA: path[i] as LocalJetton,
        amountA: 1000n * E9,
        assetB: path[i + 1] as LocalJetton,
        amountB: 2000n * E9,
      })
    }
  })

  /** Which asset of the path alice got back (the index), or -1. */
  async function crossWith(hops: number, routerTon?: bigint) {
    const base = w.dex.snapshot()
    const assets = path.slice(0, hops + 1)
    const before = await Promise.all(assets.map((t) => w.dex.jettonBalance(t, w.alice.address)))
    const r = await w.dex.crossSwap(w.router, {
      from: w.alice,
      path: assets,
      amount: 10n * E9,
      routerTon,
    })
    const after = await Promise.all(assets.map((t) => w.dex.jettonBalance(t, w.alice.address)))
    await w.dex.restore(base)
    const gained = after.map((b, i) => b > (before[i] as bigint))
    const got = gained.lastIndexOf(true)
    const back = after[0] === before[0] ? 0 : -1
    return { got: got > 0 ? got : back, failures: r.failures, r }
  }

  it('forwards the SDK swap TON plus 0.05 per later hop by default, which delivers', async () => {
    expect(crossSwapRouterTon('constant_product', 2)).toBe(toNano('0.29'))
    expect(crossSwapRouterTon('constant_product', 3)).toBe(toNano('0.34'))
    expect((await crossWith(2)).got).toBe(2)
    expect((await crossWith(3)).got).toBe(3)
  })

  it('two hops: C above the floor, B (the first hop paid out) below it, A back below one hop', async () => {
    // Mainnet 0.2363 TON, ours 0.2361 (docs/emulator.md, "Local vs mainnet"): pinned at ±0.001.
    expect((await crossWith(2, toNano('0.2373'))).got).toBe(2)
    const mid = await crossWith(2, toNano('0.2353'))
    expect([mid.got, mid.failures]).toEqual([1, []])
    expect(mid.r.transactions).toHaveTransaction({ from: w.router.address, op: JETTON_OP.transfer })
    expect((await crossWith(2, toNano('0.1963'))).got).toBe(0)
  })

  it('three hops: D above the floor, C below it', async () => {
    // Ours 0.2571 TON (mainnet not measured; the later hop's routing gas is an estimate).
    expect((await crossWith(3, toNano('0.2581'))).got).toBe(3)
    expect((await crossWith(3, toNano('0.2561'))).got).toBe(2)
  })
})

/** `get_wallet_address(owner)` of a minter (a jetton minter or a pool). */
async function walletOf(w: KindWorld, minter: Address, owner: Address): Promise<Address> {
  const r = await w.dex.blockchain.runGetMethod(minter, 'get_wallet_address', [
    { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
  ])
  return r.stackReader.readAddress()
}

describe.each(POOL_KINDS)('%s: TON the contracts keep', (kind) => {
  it('pool 0.01 TON, LP wallet 0.01 + its unused gas budget, a new jetton wallet 0.01 + 0.015 budget', async () => {
    const w = await buildKindWorld(kind)
    const tonOf = async (address: Address) => (await w.dex.blockchain.getContract(address)).balance
    await seedKind(w, kind)
    // The real pool keeps max(its balance before, 0.01 TON) at every send.
    expect(await tonOf(w.poolAB.address)).toBe(toNano('0.01'))
    // The real LP wallet keeps 0.0169 TON after one mint (0.01 storage + 0.01 gas budget − gas).
    const lpKept = await tonOf(await walletOf(w, w.poolAB.address, w.alice.address))
    expect(lpKept).toBeGreaterThan(toNano('0.015'))
    expect(lpKept).toBeLessThan(toNano('0.02'))
    // The reference TEP-74 wallet keeps 0.0219 TON after its first receive (0.015 gas budget).
    await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n * E9,
      receiver: w.carol.address,
    })
    const carolB = await tonOf(await walletOf(w, w.b.minter, w.carol.address))
    expect(carolB).toBeGreaterThan(toNano('0.02'))
    expect(carolB).toBeLessThan(toNano('0.025'))
  })
})

/** The real contracts' lowest TON per kind: provision (forwarded), burn (sent to the LP wallet). */
const MAINNET_LP_FLOOR: Record<PoolKind, { provide: bigint; burn: bigint }> = {
  constant_product: { provide: toNano('0.1231'), burn: toNano('0.2402') },
  stableswap: { provide: toNano('0.1263'), burn: toNano('0.2492') },
  weighted_const_product: { provide: toNano('0.1964'), burn: toNano('0.2441') },
  weighted_stableswap: { provide: toNano('0.1964'), burn: toNano('0.2492') },
}

describe.each(POOL_KINDS)(
  '%s: provision and burn gas floors as on mainnet (±0.001 TON)',
  (kind) => {
    let w: KindWorld
    let base: BlockchainSnapshot
    beforeAll(async () => {
      w = await buildKindWorld(kind)
      await seedKind(w, kind)
      base = w.dex.snapshot()
    })
    beforeEach(async () => {
      await w.dex.restore(base)
    })

    const provideWith = (routerTon: bigint) =>
      w.dex.provide(w.router, {
        from: w.alice,
        assetA: w.a,
        amountA: 100n * E9,
        assetB: w.b,
        amountB: 200n * E9,
        routerTon,
      })

    it('provision: mints just above the floor, both sides refunded just below', async () => {
      const above = await provideWith(MAINNET_LP_FLOOR[kind].provide + MARGIN)
      expect([above.status, above.failures]).toEqual(['minted', []])
      await w.dex.restore(base)
      const below = await provideWith(MAINNET_LP_FLOOR[kind].provide - MARGIN)
      expect([below.status, below.exitCode]).toEqual([
        'refunded',
        EXIT_CODES.transfer_bounce_low_gas,
      ])
    })

    it('burn: pays out just above the floor; just below it fails and the LP comes back', async () => {
      const lpWallet = await walletOf(w, w.poolAB.address, w.alice.address)
      const lp = await w.dex.lpBalance(w.poolAB, w.alice.address)
      const burnWith = (value: bigint) =>
        w.alice.send({
          to: lpWallet,
          value,
          body: jettonBurnBody({ amount: lp / 3n, response: null }),
        })
      const above = await burnWith(MAINNET_LP_FLOOR[kind].burn + MARGIN)
      expect(exitCodes(above.transactions)).toEqual([])
      expect(above.transactions).toHaveTransaction({ from: w.poolAB.address, op: DEX_V2_OP.payTo })
      expect(await w.dex.lpBalance(w.poolAB, w.alice.address)).toBe(lp - lp / 3n)
      await w.dex.restore(base)
      const below = await burnWith(MAINNET_LP_FLOOR[kind].burn - MARGIN)
      expect(exitCodes(below.transactions).length).toBe(1)
      expect(below.transactions).toHaveTransaction({ inMessageBounced: true })
      expect(await w.dex.lpBalance(w.poolAB, w.alice.address)).toBe(lp)
    })
  },
)
