import type { BlockchainTransaction } from '@ton/sandbox'
import { describe, expect, it } from 'vitest'
import { createLocalDex } from '../../emulator/index.js'

async function world(seed: string) {
  const dex = await createLocalDex({ now: 1_700_000_500, seed })
  const alice = await dex.wallet('alice')
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  const router = await dex.deployRouter('v2')
  await dex.mint(a, alice.address, 10n ** 15n)
  await dex.mint(b, alice.address, 10n ** 15n)
  await dex.createPool(router, {
    from: alice,
    assetA: a,
    amountA: 10n ** 12n,
    assetB: b,
    amountB: 10n ** 12n,
  })
  return { dex, alice, a, b, router }
}

describe('transaction stream', () => {
  it('hands every transaction to subscribers in order, with block time and lt, and keeps none', async () => {
    const { dex, alice, a, b, router } = await world('stream')
    const seen: BlockchainTransaction[] = []
    const stop = dex.onTransactions((txs) => seen.push(...txs))
    const r = await dex.swap(router, { from: alice, offer: a, ask: b, amount: 10n ** 9n })
    expect(seen.map((t) => t.lt)).toEqual(r.transactions.map((t) => t.lt))
    expect(seen.length).toBeGreaterThanOrEqual(8)
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.lt).toBeGreaterThan(seen[i - 1]!.lt)
    expect(new Set(seen.map((t) => t.now))).toEqual(new Set([1_700_000_500]))
    // The sandbox's own history is dropped after each batch: memory stays flat.
    expect(await dex.blockchain.getTransactions(alice.address)).toEqual([])
    stop()
    await dex.swap(router, { from: alice, offer: b, ask: a, amount: 10n ** 9n })
    expect(seen.length).toBe(r.transactions.length)
  })

  it('is deterministic: the same seed and time give the same transactions; restore replays them', async () => {
    const one = await world('same-seed')
    const two = await world('same-seed')
    const snap = one.dex.snapshot()
    const first = await one.dex.swap(one.router, {
      from: one.alice,
      offer: one.a,
      ask: one.b,
      amount: 777n * 10n ** 6n,
    })
    const other = await two.dex.swap(two.router, {
      from: two.alice,
      offer: two.a,
      ask: two.b,
      amount: 777n * 10n ** 6n,
    })
    const hashes = (txs: readonly BlockchainTransaction[]) =>
      txs.map((t) => t.hash().toString('hex'))
    expect(hashes(other.transactions)).toEqual(hashes(first.transactions))
    await one.dex.restore(snap)
    const replay = await one.dex.swap(one.router, {
      from: one.alice,
      offer: one.a,
      ask: one.b,
      amount: 777n * 10n ** 6n,
    })
    expect(hashes(replay.transactions)).toEqual(hashes(first.transactions))
  })
})
