import { Address, type Transaction, toNano } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chainReader } from '../../demo/chainReader.js'
import { emulatedWalletData } from '../../demo/emulatedWalletData.js'
import { runScenario, type ScenarioResult } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import type { LocalJetton, LocalPool } from '../../emulator/model.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { WalletLedgerMismatchError } from '../../indexer/wallets/WalletLedgerMismatchError.js'
import { dexV2DirectAddLiquidityBody } from '../../protocol/dex/v2Messages.js'
import { jettonTransferBody } from '../../protocol/jetton/messages.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { internalTransferBody } from '../_support/ledgerChain.js'

/**
 * The indexer's wallet ledger against the emulator: a scenario plus the awkward cases (a forged
 * internal_transfer, a stranger's transfer, a DEX v2 burn the pool rejects and that bounces, a
 * partial direct_add_liquidity that destroys the LP account), indexed, then every derived
 * balance compared with the contracts' getters.
 */
describe('wallet ledger: balances derived from transactions equal the emulator', () => {
  let dex: LocalDex
  let recorded: Transaction[]
  let scenario: ScenarioResult
  let store: Store
  let usdt: LocalJetton
  let v2pool: LocalPool
  let destroyedLpAccount: Address

  beforeAll(async () => {
    dex = await createLocalDex({ seed: 'wallet-ledger-e2e' })
    recorded = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 30, seed: 5 })
    usdt = scenario.assets.find((a) => a.kind === 'jetton' && a.symbol === 'USDT') as LocalJetton
    v2pool = scenario.pools[0] as LocalPool
    const [alice, bob] = [await dex.wallet('alice'), await dex.wallet('bob')]
    const eve = await dex.wallet('eve')
    const chain = chainReader(dex)
    const aliceUsdt = await chain.walletAddress(usdt.minter, alice.address)
    // A forged internal_transfer (the wallet aborts, 707) and a stranger's transfer (705).
    const forged = internalTransferBody(10n ** 12n, eve.address)
    await eve.send({ to: aliceUsdt, value: toNano('0.2'), body: forged })
    const theft = jettonTransferBody({
      ...{ amount: 10n ** 6n, destination: eve.address },
      ...{ response: eve.address, forwardTonAmount: 0n },
    })
    await eve.send({ to: aliceUsdt, value: toNano('0.2'), body: theft })
    // DEX v2 rejects a burn with a response address (86): the notification bounces back.
    const rejected = await dex.burn(v2pool, { from: bob, lp: 1_000_000n, response: bob.address })
    expect(rejected.status).toBe('rejected')
    // Both sides wait in the LP account (min_lp_out unreachable), then half is added directly:
    // the DEX v2 LP account forwards it and self-destructs with the other half.
    await dex.provide(v2pool.router, {
      ...{ from: alice, assetA: v2pool.asset0, amountA: 4_000_000n },
      ...{ assetB: v2pool.asset1, amountB: 6_000_000n, minLpOut: 10n ** 30n },
    })
    const waiting = await dex.lpAccount(v2pool, alice.address)
    expect(waiting.amount0).toBeGreaterThan(0n)
    expect(waiting.amount1).toBeGreaterThan(0n)
    destroyedLpAccount = await chain.lpAccountAddress(v2pool, alice.address)
    const direct = dexV2DirectAddLiquidityBody({
      ...{ amount0: waiting.amount0 / 2n, amount1: waiting.amount1 / 2n },
      ...{ minLpOut: 1n, user: alice.address },
    })
    await alice.send({ to: destroyedLpAccount, value: toNano('1'), body: direct })
    stop()
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf, batchSize: 53 }).run()
  })

  const getter = async (account: string, method: string) => {
    const address = Address.parse(account)
    const contract = await dex.blockchain.getContract(address)
    if (contract.accountState?.type !== 'active') return undefined
    return (await dex.blockchain.runGetMethod(address, method)).stackReader
  }

  it('derives every jetton and LP wallet exactly (balance, owner, master)', async () => {
    const wallets = await store.listIndexedJettonWallets()
    // About 20 with this seed; which asset each swap pays out (and so which wallets and vaults
    // appear) follows the pools' token order, i.e. the hashes of the contracts' addresses.
    expect(wallets.length).toBeGreaterThanOrEqual(15)
    for (const w of wallets) {
      const r = await getter(w.address, 'get_wallet_data')
      expect(r, w.address).toBeDefined()
      expect([w.balance, w.ownerAddress, w.masterAddress]).toEqual([
        r?.readBigNumber(),
        r?.readAddressOpt()?.toString() ?? null,
        r?.readAddress().toString(),
      ])
    }
    for (const owner of scenario.wallets) {
      for (const asset of scenario.assets) {
        if (asset.kind !== 'jetton') continue
        const row = wallets.find(
          (w) => w.ownerAddress === owner.toString() && w.masterAddress === asset.minter.toString(),
        )
        expect(row?.balance ?? 0n).toBe(await dex.jettonBalance(asset, owner))
      }
    }
  })

  it('keeps supply: USDT wallets sum to what was minted, LP wallets to each pool supply', async () => {
    const wallets = await store.listIndexedJettonWallets()
    const sum = (master: string) =>
      wallets.filter((w) => w.masterAddress === master).reduce((s, w) => s + w.balance, 0n)
    expect(sum(usdt.minter.toString())).toBe(4n * 100_000_000n * 10n ** 6n)
    // DEX v1 mints the first provision's LP tokens to addr_none; DEX v2 mints 1001 to no one.
    for (const pool of await store.listIndexedPools()) {
      expect(sum(pool.address)).toBe(pool.totalSupply - (pool.dex === 'v2' ? 1001n : 0n))
    }
    const locked = wallets.filter((w) => w.ownerAddress === null)
    const v1 = scenario.pools.filter((p) => p.router.dex === 'v1').map((p) => p.address.toString())
    expect(locked.map((w) => w.masterAddress)).toEqual(v1)
    for (const w of locked) expect(w.balance).toBeGreaterThan(0n)
  })

  it('restores the LP tokens of the burn the DEX v2 pool bounced', async () => {
    const bob = (await dex.wallet('bob')).address
    const lpWallet = (await chainReader(dex).walletAddress(v2pool.address, bob)).toString()
    const bounce = recorded.find(
      (t) =>
        t.inMessage?.info.type === 'internal' &&
        t.inMessage.info.bounced &&
        t.inMessage.info.dest.toString() === lpWallet,
    )
    expect(bounce).toBeDefined()
    const row = (await store.listIndexedJettonWallets()).find((w) => w.address === lpWallet)
    expect(row?.balance).toBe(await dex.lpBalance(v2pool, bob))
    expect(row?.balance ?? 0n).toBeGreaterThan(1_000_000n)
  })

  it('derives LP accounts, the self-destructed one at zero, and every referral vault', async () => {
    const accounts = await store.listIndexedLpAccounts()
    expect(accounts.length).toBeGreaterThanOrEqual(scenario.pools.length)
    for (const a of accounts) {
      const r = await getter(a.address, 'get_lp_account_data')
      r?.readAddress()
      r?.readAddress()
      expect([a.amount0, a.amount1]).toEqual([r?.readBigNumber() ?? 0n, r?.readBigNumber() ?? 0n])
    }
    const destroyed = accounts.find((a) => a.address === destroyedLpAccount.toString())
    expect(destroyed).toMatchObject({ amount0: 0n, amount1: 0n })
    expect(await getter(destroyedLpAccount.toString(), 'get_lp_account_data')).toBeUndefined()
    const vaults = await store.listIndexedVaults()
    expect(vaults.some((v) => v.balance > 0n)).toBe(true)
    expect(vaults.some((v) => v.balance === 0n)).toBe(true) // withdrawn by the scenario
    for (const v of vaults) {
      const r = await getter(v.address, 'get_vault_data')
      for (let i = 0; i < 3; i += 1) r?.readAddress()
      expect(v.balance).toBe(r?.readBigNumber() ?? 0n)
    }
  })

  it('feeds the demo market rows, and the demo build refuses a ledger that disagrees', async () => {
    const pools = await store.listIndexedPools()
    const chain = chainReader(dex)
    const data = await emulatedWalletData(dex, chain, scenario, store, pools)
    const alice = (await dex.wallet('alice')).address
    const usdtRow = data.balances.find(
      (b) => b.walletAddress === alice.toString() && b.assetAddress === usdt.minter.toString(),
    )
    expect(usdtRow?.balance).toBe(await dex.jettonBalance(usdt, alice))
    expect(data.lpPositions.length).toBeGreaterThan(0)
    const tampered = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store: tampered, source: recorded, assetOf: scenario.assetOf }).run()
    const [first] = await tampered.listIndexedJettonWallets()
    if (first === undefined) throw new Error('no wallet')
    await tampered.applyIndexBatch({
      ...{ transactions: [], operations: [], pools: [], feeWithdrawals: [], links: [] },
      jettonWallets: [{ ...first, balance: first.balance + 1n }],
      cursor: { name: 'other', value: '0:' },
    })
    await expect(emulatedWalletData(dex, chain, scenario, tampered, pools)).rejects.toThrow(
      WalletLedgerMismatchError,
    )
    await tampered.close()
  })

  it('resumes exactly: two runs over a split source give the same ledger as one', async () => {
    const resumed = createSqliteStore({ path: ':memory:' })
    const half = Math.floor(recorded.length / 2)
    const options = { store: resumed, assetOf: scenario.assetOf, batchSize: 41 }
    await createIndexer({ ...options, source: recorded.slice(0, half) }).run()
    await createIndexer({ ...options, source: recorded }).run()
    expect(await resumed.listIndexedJettonWallets()).toEqual(await store.listIndexedJettonWallets())
    expect(await resumed.listIndexedLpAccounts()).toEqual(await store.listIndexedLpAccounts())
    expect(await resumed.listIndexedVaults()).toEqual(await store.listIndexedVaults())
    await resumed.close()
  })
})
