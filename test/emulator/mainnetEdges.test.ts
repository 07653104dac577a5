import { type Transaction, toNano } from '@ton/core'
import {
  compareTransaction,
  type FlatTransactionComparable,
  flattenTransaction,
} from '@ton/test-utils'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EXIT_CODES, POOL_KINDS, type PoolKind } from '../../core/index.js'
import { DEX_V2_OP, JETTON_OP } from '../../emulator/index.js'
import { dexV2SetParamsBody, dexV2SetRateBody } from '../../protocol/index.js'
import { buildKindWorld, type KindWorld } from './_support/kindWorld.js'

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
