import type { Transaction } from '@ton/core'
import { beforeAll, describe, expect, test } from 'vitest'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalJetton } from '../../emulator/model.js'
import { openIndexHandlers, openIndexSession } from '../../indexer/ingest/createIndexer.js'
import type { IndexHandler } from '../../indexer/ingest/IndexHandler.js'
import { openIndexLoop } from '../../indexer/ingest/indexLoop.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/**
 * The indexer hands each transaction to its per-family handlers in a fixed order — wallets,
 * farms, venues, pools, vaults — and the first handler that owns a transaction's result (pools,
 * vaults) ends the round: the handlers after it do not see that transaction
 * (`indexer/ingest/IndexHandler.ts`, docs/indexer.md "Handlers"). So the handlers that own no
 * result (the wallet ledger, farms, venues) come first, and the order is part of what is
 * stored: the wallet ledger zeroes a referral vault's balance on its `v2.withdraw_fee`, a
 * transaction whose result the vault handler owns.
 *
 * A real emulator history (DEX v2 constant product: a pool created, fees set, two swaps with a
 * referral, the referral vault paid out, protocol fees collected, LP burnt) is indexed by
 * `openIndexSession`, and through the same loop by the handlers in the stated order and in
 * another: the stated order stores what the session stores (a change of the session's order
 * that changes what is stored fails here), the vault handler first stores a vault that keeps
 * what it paid out.
 */
const UNIT = 10n ** 9n
const STATED = ['wallets', 'farms', 'venues', 'pools', 'vaults']

let history: Transaction[]
let assetOf: (wallet: string) => string | undefined
/** The referral and protocol fees' owner: the fee withdrawals are paid to it. */
let feeOwner: string

beforeAll(async () => {
  const dex = await createLocalDex({ seed: 'indexer-handler-order', fastCells: true })
  const recorded: Transaction[] = []
  dex.onTransactions((t) => recorded.push(...t))
  const alice = await dex.wallet('alice')
  const bob = await dex.wallet('bob')
  const collector = await dex.wallet('collector')
  feeOwner = collector.address.toString()
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  for (const w of [alice, bob]) {
    await dex.mint(a, w.address, 10n ** 9n * UNIT)
    await dex.mint(b, w.address, 10n ** 9n * UNIT)
  }
  const router = await dex.deployRouter('v2', { kind: 'constant_product' })
  const pool = await dex.pool(router, a, b)
  const wallets = new Map<string, string>()
  for (const [w, asset] of [
    [pool.wallet0, pool.asset0],
    [pool.wallet1, pool.asset1],
  ] as const) {
    if (asset.kind === 'jetton') wallets.set(w.toString(), asset.minter.toString())
  }
  assetOf = (w) => wallets.get(w)
  const side0 = pool.asset0 as LocalJetton
  const side1 = pool.asset1 as LocalJetton
  await dex.createPool(router, {
    from: alice,
    ...{ assetA: side0, amountA: 1_000_000n * UNIT, assetB: side1, amountB: 900_000n * UNIT },
  })
  await dex.setFees(pool, { lpFee: 30n, protocolFee: 20n, protocolFeeAddress: collector.address })
  for (const [offer, ask, amount] of [
    [side0, side1, 20_000n * UNIT],
    [side1, side0, 35_000n * UNIT],
  ] as const) {
    const swap = await dex.swap(router, {
      ...{ from: bob, offer, ask, amount },
      ...{ referral: collector.address, referralBps: 25n },
    })
    expect(swap.status).toBe('ok')
  }
  await dex.withdrawReferralFees(router, { owner: collector.address, asset: side0 })
  await dex.collectFees(pool, { from: collector })
  await dex.burn(pool, { from: alice, lp: (await dex.lpBalance(pool, alice.address)) / 3n })
  history = recorded.splice(0)
}, 300_000)

/** Everything the index stored, as one comparable value. */
async function stored(store: Store) {
  const transactions = await store.listIndexedTransactions({ limit: 100_000 })
  return {
    transactions: transactions.map((t) => [t.hash, t.kind, t.resultCode]),
    operations: await store.listOperations({}),
    pools: await store.listIndexedPools(),
    jettonWallets: await store.listIndexedJettonWallets(),
    lpAccounts: await store.listIndexedLpAccounts(),
    vaults: await store.listIndexedVaults(),
    withdrawals: await store.listFeeWithdrawals(
      feeOwner,
      '2000-01-01T00:00:00',
      '2100-01-01T00:00:00',
    ),
  }
}

/** The history indexed by the handlers in `order` (names), through the indexer's own loop. */
async function indexedIn(order: readonly string[]) {
  const store = createSqliteStore({ path: ':memory:' })
  const { handlers, poolAt } = await openIndexHandlers({ store, assetOf })
  const byName = new Map(handlers.map((h) => [h.name, h]))
  const ordered = order.map((name) => byName.get(name) as IndexHandler)
  const loop = await openIndexLoop(
    {
      store,
      cursorName: 'order',
      batchSize: 2000,
      holdCutTraces: false,
      onBatch: undefined,
      poolAt,
    },
    ordered,
  )
  await loop.ingest(history)
  return stored(store)
}

describe("the indexer's handler order", () => {
  test('openIndexSession hands a transaction to wallets, farms, venues, pools, vaults', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    const { handlers } = await openIndexHandlers({ store })
    expect(handlers.map((h) => h.name)).toEqual(STATED)
  })

  test('the stated order stores what openIndexSession stores', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await (await openIndexSession({ store, assetOf })).ingest(history)
    const session = await stored(store)
    expect(session.operations.length).toBeGreaterThan(0)
    expect(session.withdrawals.length).toBeGreaterThan(0)
    expect(await indexedIn(STATED)).toEqual(session)
  })

  test('the wallet ledger before the vault handler: a paid-out referral vault is stored empty', async () => {
    const stated = await indexedIn(STATED)
    const paid = stated.withdrawals.map((w) => w.vaultAddress)
    expect(paid).toHaveLength(1)
    const balanceOf = (rows: typeof stated) =>
      rows.vaults.find((v) => v.address === paid[0])?.balance
    expect(balanceOf(stated)).toBe(0n)
    // The vault handler owns a `v2.withdraw_fee`'s result: placed first, the wallet ledger
    // never sees the payout, and the vault keeps the fees it paid out.
    const vaultsFirst = await indexedIn(['vaults', 'wallets', 'farms', 'venues', 'pools'])
    expect(vaultsFirst.withdrawals).toEqual(stated.withdrawals)
    expect(balanceOf(vaultsFirst)).toBeGreaterThan(0n)
  })
})
