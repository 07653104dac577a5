/**
 * The example of `docs/emulator.md`, verbatim except for the import paths: if this test breaks,
 * the documentation is wrong.
 */
import { type Transaction, toNano } from '@ton/core'
import type { BlockchainSnapshot, BlockchainTransaction } from '@ton/sandbox'
import {
  compareTransaction,
  type FlatTransactionComparable,
  flattenTransaction,
} from '@ton/test-utils'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EXIT_CODES, swap as quote } from '../../core/index.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalJetton,
  type LocalPool,
  type LocalPton,
  type LocalRouter,
  type Treasury,
} from '../../emulator/index.js'

// @ton/test-utils' transaction matcher, registered for vitest as Blueprint does for jest.
expect.extend({
  toHaveTransaction(transactions: readonly Transaction[], match: FlatTransactionComparable) {
    const flat = transactions.map((tx) => flattenTransaction(tx))
    const pass = flat.some((tx) => compareTransaction(tx, match))
    return {
      pass,
      message: () =>
        `expected ${pass ? 'no' : 'a'} transaction matching ${JSON.stringify(match, jsonSafe)}` +
        ` among ${flat.length}: ${JSON.stringify(flat, jsonSafe)}`,
    }
  },
})
function jsonSafe(_key: string, value: unknown) {
  return typeof value === 'bigint' || (typeof value === 'object' && value && 'workChain' in value)
    ? String(value)
    : value
}
declare module 'vitest' {
  interface Matchers<T> {
    toHaveTransaction(match: FlatTransactionComparable): T
  }
}

describe('my dApp: TON → USDT swap', () => {
  let dex: LocalDex
  let alice: Treasury
  let usdt: LocalJetton
  let ton: LocalPton
  let router: LocalRouter
  let pool: LocalPool
  let base: BlockchainSnapshot

  beforeAll(async () => {
    dex = await createLocalDex({ now: 1_700_000_000, seed: 'my-dapp' })
    alice = await dex.wallet('alice')
    usdt = await dex.deployJetton('USDT')
    ton = await dex.deployPton('v2')
    router = await dex.deployRouter('v2', { pton: ton })
    await dex.mint(usdt, alice.address, 10_000_000n * 10n ** 6n)
    ;({ pool } = await dex.createPool(router, {
      from: alice,
      assetA: usdt,
      amountA: 300_000n * 10n ** 6n, // 300k USDT (6 decimals)
      assetB: ton,
      amountB: toNano('100000'), // 100k TON
    }))
    base = dex.snapshot() // every test starts from here
  })

  beforeEach(async () => {
    await dex.restore(base)
  })

  it('gets on chain exactly what ton-dex-lab/core quoted', async () => {
    const state = await dex.poolState(pool)
    const side = pool.asset0.minter.equals(ton.minter) ? 0 : 1
    const expected = quote(state, { side, amountIn: toNano('100') })
    const before = await dex.jettonBalance(usdt, alice.address)

    const r = await dex.swap(router, { from: alice, offer: ton, ask: usdt, amount: toNano('100') })

    expect(r.status).toBe('ok')
    expect(r.transactions).toHaveTransaction({
      from: router.address,
      to: pool.address,
      success: true,
    })
    expect(r.transactions).toHaveTransaction({
      from: pool.address,
      to: router.address,
      op: 0x657b54f5,
    }) // pay_to
    expect(r.amountOut).toBe(expected.amountOut)
    expect(r.amountOut).toBe(298_802_394n) // 298.80 USDT for 100 TON
    expect(await dex.jettonBalance(usdt, alice.address)).toBe(before + r.amountOut)
    expect(await dex.poolState(pool)).toEqual(expected.pool)
  })

  it('is refunded when the price moved past the slippage limit', async () => {
    await dex.swap(router, { from: alice, offer: ton, ask: usdt, amount: toNano('5000') })
    const r = await dex.swap(router, {
      from: alice,
      offer: ton,
      ask: usdt,
      amount: toNano('100'),
      minOut: 298_000_000n, // quoted before the big swap above
    })
    expect(r.status).toBe('refunded')
    expect(r.exitCode).toBe(EXIT_CODES.swap_refund_slippage)
    expect(r.refundAmount).toBe(toNano('100'))
    expect(r.transactions).not.toHaveTransaction({ success: false })
  })

  it('streams every transaction to an indexer', async () => {
    const seen: BlockchainTransaction[] = []
    const stop = dex.onTransactions((txs) => seen.push(...txs))
    await dex.swap(router, { from: alice, offer: usdt, ask: ton, amount: 1_000n * 10n ** 6n })
    stop()
    expect(seen.length).toBeGreaterThan(5)
    expect(seen.every((tx) => tx.now === 1_700_000_000)).toBe(true)
  })
})
