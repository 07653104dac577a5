import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX } from '@ston-fi/sdk'
import { Address, internal, SendMode } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { WalletContractV4 } from '@ton/ton'
import { afterAll, expect, test } from 'vitest'
import { spawnServe } from './_support/spawnServe.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-first-minute-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Issue 27's first minute: `npm start` on an empty database, then at once the official
 * quickstart (docs/local-exchange.md). The swap is the wall clock's, listed by a since-an-hour-ago
 * query, and pays exactly the simulation quoted before it: nothing else moved the pool.
 */
test('the quickstart swap 1 s after the first answer of a fresh start: dated now, listed, pays the simulation', async () => {
  const server = await spawnServe(
    ['serve', '--db', join(dir, 'dex.sqlite'), '--port', '0'],
    'Database:',
  )
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const base = server.url
    const api = new StonApiClient({ baseURL: base })
    const client = new Client({ endpoint: `${base}/api/v2/jsonRPC`, stonApiClient: api })
    const [alpha] = (
      (await (await fetch(`${base}/local/wallets`)).json()) as { wallets: { mnemonic: string }[] }
    ).wallets
    if (alpha === undefined) throw new Error('no test wallet')
    const keys = await mnemonicToPrivateKey(alpha.mnemonic.split(' '))
    const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }))
    const assets = await api.getAssets()
    const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
    const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
    const v2 = (await api.getRouters()).find(
      (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
    )
    if (v2 === undefined) throw new Error('no DEX v2 router')
    const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
    const simulation = await api.simulateSwap({
      offerAddress: usdt,
      askAddress: ston,
      offerUnits: '5000000',
      slippageTolerance: '0.01',
    })
    const stonBefore = (
      await api.getWalletAsset({ walletAddress: wallet.address.toString(), assetAddress: ston })
    ).balance
    const tx = await router.getSwapJettonToJettonTxParams({
      userWalletAddress: wallet.address,
      offerJettonAddress: usdt,
      askJettonAddress: ston,
      offerAmount: 5_000_000n,
      minAskAmount: BigInt(simulation.minAskUnits),
    })
    await wallet.sendTransfer({
      seqno: await wallet.getSeqno(),
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: tx.to, value: tx.value, body: tx.body ?? null })],
    })
    const sentAt = Date.now()
    // Listed by the query a dApp makes for its recent activity (polled: no timing assertion).
    let operations: Awaited<ReturnType<typeof api.getWalletOperations>> = []
    for (let attempt = 0; attempt < 100 && operations.length === 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20))
      operations = await api.getWalletOperations({
        walletAddress: wallet.address.toString(),
        since: new Date(sentAt - 3_600_000),
        until: new Date(sentAt + 60_000),
      })
    }
    expect(operations.map((o) => String(o.operation.operationType).toLowerCase())).toEqual(['swap'])
    // Dated by the wall clock (toncenter's utime of the wallet's transaction too).
    const swapAt = Date.parse(`${operations[0]?.operation.poolTxTimestamp}Z`)
    expect(Math.abs(swapAt - sentAt)).toBeLessThanOrEqual(60_000)
    const [last] = await client.getTransactions(wallet.address, { limit: 1 })
    expect(Math.abs((last?.now ?? 0) * 1000 - sentAt)).toBeLessThanOrEqual(60_000)
    // Exactly what the simulation quoted a moment before.
    const stonAfter = (
      await api.getWalletAsset({ walletAddress: wallet.address.toString(), assetAddress: ston })
    ).balance
    expect(BigInt(stonAfter ?? '0') - BigInt(stonBefore ?? '0')).toBe(BigInt(simulation.askUnits))
  } finally {
    await server.kill()
  }
})
