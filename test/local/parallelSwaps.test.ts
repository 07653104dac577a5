import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { dexFactory } from '@ston-fi/sdk'
import { Address, Cell, internal, loadTransaction, SendMode } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { TonClient, WalletContractV4 } from '@ton/ton'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-parallel-'))
let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    dbPath: join(dir, 'dex.sqlite'),
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange.close()
  rmSync(dir, { recursive: true, force: true })
})

const SWAPS_PER_WALLET = 4
const OFFER = 2_000_000n // 2 USDT

test('twenty swaps from five wallets in parallel: all land, none interleaved, index = chain', async () => {
  const base = exchange.url
  const api = new StonApiClient({ baseURL: base })
  const client = new TonClient({ endpoint: `${base}/api/v2/jsonRPC` })
  const listed = (
    (await (await fetch(`${base}/local/wallets`)).json()) as { wallets: { mnemonic: string }[] }
  ).wallets
  expect(listed).toHaveLength(5)
  const wallets = await Promise.all(
    listed.map(async ({ mnemonic }) => {
      const keys = await mnemonicToPrivateKey(mnemonic.split(' '))
      const contract = client.open(
        WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }),
      )
      return { keys, contract, address: contract.address }
    }),
  )

  const assets = await api.getAssets()
  const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
  const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
  const routerInfo = (await api.getRouters()).find(
    (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
  )
  if (routerInfo === undefined) throw new Error('no DEX v2 router')
  const dex = dexFactory(routerInfo)
  const router = client.open(dex.Router.create(Address.parse(routerInfo.address)))
  const poolAddress = await router.getPoolAddressByJettonMinters({
    token0: usdt,
    token1: ston,
  })
  const pool = client.open(dex.Pool.create(poolAddress))

  async function swap(wallet: (typeof wallets)[number], minAskAmount: bigint): Promise<void> {
    const tx = await router.getSwapJettonToJettonTxParams({
      userWalletAddress: wallet.address,
      offerJettonAddress: usdt,
      askJettonAddress: ston,
      offerAmount: OFFER,
      minAskAmount,
    })
    await wallet.contract.sendTransfer({
      seqno: await wallet.contract.getSeqno(),
      secretKey: wallet.keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: tx.to, value: tx.value, body: tx.body ?? null })],
    })
  }
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')

  // One swap alone: what the wallet receives is exactly the simulation made just before.
  const [alone] = wallets
  if (alone === undefined) throw new Error('no wallet')
  const stonOf = async (address: Address) =>
    BigInt(
      (await api.getWalletAsset({ walletAddress: address.toString(), assetAddress: ston }))
        .balance ?? '0',
    )
  const simulation = await api.simulateSwap({
    offerAddress: usdt,
    askAddress: ston,
    offerUnits: OFFER.toString(),
    slippageTolerance: '0.01',
  })
  expect(Address.parse(simulation.poolAddress).equals(poolAddress)).toBe(true)
  const stonBefore = await stonOf(alone.address)
  await swap(alone, BigInt(simulation.minAskUnits))
  await exchange.indexed(chain.head.seqno)
  expect((await stonOf(alone.address)) - stonBefore).toBe(BigInt(simulation.askUnits))

  // Twenty swaps, five wallets at once, each wallet sending its next as soon as one is answered.
  const reservesBefore = await pool.getPoolData()
  const seqnosBefore = await Promise.all(wallets.map((w) => w.contract.getSeqno()))
  const headBefore = chain.head.seqno
  const started = new Date((chain.head.now - 1) * 1000)
  await Promise.all(
    wallets.map(async (wallet) => {
      for (let i = 0; i < SWAPS_PER_WALLET; i++) await swap(wallet, 1n)
    }),
  )
  const headAfter = chain.head.seqno
  await exchange.indexed(headAfter)

  // All land: every wallet's seqno moved by its swaps, one block each.
  const seqnosAfter = await Promise.all(wallets.map((w) => w.contract.getSeqno()))
  expect(seqnosAfter.map((s, i) => s - (seqnosBefore[i] ?? 0))).toEqual(
    wallets.map(() => SWAPS_PER_WALLET),
  )
  expect(headAfter - headBefore).toBe(wallets.length * SWAPS_PER_WALLET)

  // None interleaved: each block is one external message and the chain it caused, its
  // transactions contiguous in logical time after the block before it.
  let lastLt = -1n
  const walletRaw = new Set(wallets.map((w) => w.address.toRawString()))
  for (let seqno = headBefore + 1; seqno <= headAfter; seqno++) {
    const block = chain.blockTransactions(seqno)
    expect(block.length).toBeGreaterThanOrEqual(8)
    const externals = block.filter(
      (t) =>
        loadTransaction(Cell.fromBoc(Buffer.from(t.boc))[0]!.beginParse()).inMessage?.info.type ===
        'external-in',
    )
    expect(externals).toHaveLength(1)
    expect(block[0]).toBe(externals[0])
    expect(walletRaw.has(block[0]!.account)).toBe(true)
    for (const t of block) {
      expect(t.seqno).toBe(seqno)
      expect(t.lt).toBeGreaterThan(lastLt)
    }
    const lts = block.map((t) => t.lt)
    lastLt = lts.reduce((a, b) => (a > b ? a : b))
  }

  // The index equals the chain: every chain transaction indexed once.
  const indexed = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
  expect(new Set(indexed.map((t) => t.hash)).size).toBe(indexed.length)
  expect(indexed).toHaveLength(chain.transactionCount)

  // Each wallet's operations in the REST API are its swaps.
  const operations = await Promise.all(
    wallets.map((w) =>
      api.getWalletOperations({
        walletAddress: w.address.toString(),
        since: started,
        until: new Date(Date.now() + 60_000),
      }),
    ),
  )
  const ops = operations.flat().map((o) => o.operation)
  for (const [i, list] of operations.entries()) {
    const swaps = list.filter(
      (o) => o.operation.walletTxTimestamp >= started.toISOString().slice(0, 19),
    )
    expect(swaps.length).toBeGreaterThanOrEqual(SWAPS_PER_WALLET)
    for (const o of swaps) {
      expect(String(o.operation.operationType).toLowerCase()).toBe('swap')
      expect(o.operation.success).toBe(true)
      expect(Address.parse(o.operation.walletAddress).equals(wallets[i]!.address)).toBe(true)
      expect(Address.parse(o.operation.poolAddress).equals(poolAddress)).toBe(true)
    }
  }
  // The twenty swaps in the index moved the chain's pool by exactly their reserve deltas.
  const poolTx = ops.filter((o) => BigInt(o.poolTxLt) > lastLtBefore(chain, headBefore))
  expect(poolTx).toHaveLength(wallets.length * SWAPS_PER_WALLET)
  const reservesAfter = await pool.getPoolData()
  const sum = (key: 'asset0Delta' | 'asset1Delta') =>
    poolTx.reduce((s, o) => s + BigInt(o[key]), 0n)
  expect(sum('asset0Delta')).toBe(reservesAfter.reserve0 - reservesBefore.reserve0)
  expect(sum('asset1Delta')).toBe(reservesAfter.reserve1 - reservesBefore.reserve1)
  // And the REST API's pool is the chain's pool.
  const restPool = await api.getPool(poolAddress.toString())
  expect(BigInt(restPool.reserve0)).toBe(reservesAfter.reserve0)
  expect(BigInt(restPool.reserve1)).toBe(reservesAfter.reserve1)
})

/** The greatest logical time of block `seqno`. */
function lastLtBefore(chain: NonNullable<RunningLocalExchange['chain']>, seqno: number): bigint {
  return chain.blockTransactions(seqno).reduce((m, t) => (t.lt > m ? t.lt : m), 0n)
}
