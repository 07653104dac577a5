/**
 * A browser dApp against the local exchange: a page served from another origin (a static server
 * on its own 127.0.0.1 port) calls the local exchange with `fetch`, in headless Chromium
 * (Debian's `chromium`, driven by playwright-core). The page reads the test wallets, the wallet's
 * seqno over the TON HTTP API, sends a signed swap with `sendBoc` (a JSON POST, so the browser
 * sends a preflight first), and reads the result back, from the chain and from the REST API.
 * Signing happens in the test (in a real dApp the wallet, e.g. through TON Connect, signs).
 */
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { StonApiClient } from '@ston-fi/api'
import { dexFactory } from '@ston-fi/sdk'
import { Address, beginCell, external, internal, SendMode, storeMessage, toNano } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { TonClient, WalletContractV4 } from '@ton/ton'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it). */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
/**
 * Without Chromium the browser tests are skipped on a developer's machine (with a notice), never
 * in CI (`CI=true`), where a missing browser fails them.
 */
const noBrowser = CHROMIUM === undefined && process.env.CI !== 'true'
if (noBrowser) console.warn('browserDapp: skipped, no Chromium (apt-get install -y chromium)')

let exchange: RunningLocalExchange
let pageServer: Server
let pageOrigin: string
let browser: Browser
let page: Page

beforeAll(async () => {
  if (noBrowser) return
  if (CHROMIUM === undefined) {
    throw new Error('no Chromium at /usr/bin/chromium: apt-get install -y chromium')
  }
  exchange = await startDemoExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
  // The dApp's own origin: another port, so every call to the exchange is cross-origin.
  pageServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>dApp</title><h1>a dApp on another origin</h1>')
  })
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  page = await browser.newPage()
  await page.goto(pageOrigin)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => pageServer?.close(resolve))
  await exchange?.close()
})

/** What the page's `fetch` got: the JSON, or the browser's error (a CORS refusal is a TypeError). */
type Fetched = { ok: true; status: number; json: unknown } | { ok: false; error: string }

/** `fetch` from the page (origin {@link pageOrigin}). */
function pageFetch(url: string, init?: { method: string; body: unknown }): Promise<Fetched> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const res = await fetch(
          url,
          init === undefined
            ? undefined
            : {
                method: init.method,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(init.body),
              },
        )
        return { ok: true as const, status: res.status, json: await res.json() }
      } catch (e) {
        return { ok: false as const, error: String(e) }
      }
    },
    { url, init },
  )
}

/** The wallet's seqno and state, read by the page through the TON HTTP API's JSON-RPC. */
async function pageWallet(address: string): Promise<{ seqno: number; deployed: boolean }> {
  const got = await pageFetch(`${exchange.url}/api/v2/jsonRPC`, {
    method: 'POST',
    body: { jsonrpc: '2.0', id: 1, method: 'getWalletInformation', params: { address } },
  })
  if (!got.ok) throw new Error(`the page could not call getWalletInformation: ${got.error}`)
  const { result } = got.json as { result: { seqno?: number; account_state: string } }
  return { seqno: result.seqno ?? 0, deployed: result.account_state === 'active' }
}

/** A 5 USDT → STON swap on the DEX v2 router, built by `@ston-fi/sdk` and signed: the BoC. */
async function signedSwap(
  mnemonic: string,
  { seqno, deployed }: { seqno: number; deployed: boolean },
) {
  const api = new StonApiClient({ baseURL: exchange.url })
  const client = new TonClient({ endpoint: `${exchange.url}/api/v2/jsonRPC` })
  const keys = await mnemonicToPrivateKey(mnemonic.split(' '))
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey })
  const assets = await api.getAssets()
  const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
  const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
  const simulation = await api.simulateSwap({
    offerAddress: usdt,
    askAddress: ston,
    offerUnits: '5000000',
    slippageTolerance: '0.01',
    dexVersion: [2],
  })
  const router = client.open(dexFactory(simulation.router).Router.create(simulation.routerAddress))
  const tx = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: usdt,
    askJettonAddress: ston,
    offerAmount: simulation.offerUnits,
    minAskAmount: simulation.minAskUnits,
    queryId: 7,
  })
  const body = wallet.createTransfer({
    seqno,
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: tx.to, value: tx.value ?? toNano('0.3'), body: tx.body })],
  })
  const message = external({ to: wallet.address, body, init: deployed ? null : wallet.init })
  const boc = beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64')
  return { boc, simulation, ston }
}

test.skipIf(noBrowser)(
  'a page on another origin reads the test wallets and sends a signed swap through the TON HTTP API',
  async () => {
    // The local endpoints answer the page.
    const wallets = await pageFetch(`${exchange.url}/local/wallets`)
    if (!wallets.ok) throw new Error(`the page could not read /local/wallets: ${wallets.error}`)
    const listed = (wallets.json as { wallets: { address: string; mnemonic: string }[] }).wallets
    expect(listed).toHaveLength(5)
    const alpha = listed[0] as { address: string; mnemonic: string }

    // The page reads the seqno, the test signs, the page sends it (JSON POST: a preflight first).
    const before = await pageWallet(alpha.address)
    const { boc } = await signedSwap(alpha.mnemonic, before)
    const sent = await pageFetch(`${exchange.url}/api/v2/sendBoc`, {
      method: 'POST',
      body: { boc },
    })
    expect(sent).toMatchObject({ ok: true, status: 200, json: { ok: true } })

    // The chain moved: the page sees the new seqno and the swap's transaction.
    expect(await pageWallet(alpha.address)).toEqual({ seqno: before.seqno + 1, deployed: true })
    const txs = await pageFetch(
      `${exchange.url}/api/v2/getTransactions?address=${encodeURIComponent(alpha.address)}&limit=10`,
    )
    expect(txs).toMatchObject({ ok: true, status: 200, json: { ok: true } })
    const page10 = (txs as { json: { result: { in_msg: { source: string } }[] } }).json.result
    // The external message the page sent (no source), and what the swap sent back to the wallet.
    expect(page10.filter((t) => t.in_msg.source === '')).toHaveLength(1)
    expect(page10.length).toBeGreaterThan(1)

    // The REST API answers the page cross-origin too.
    expect(await pageFetch(`${exchange.url}/v1/assets`)).toMatchObject({ ok: true, status: 200 })
  },
  30_000,
)

test.skipIf(noBrowser)(
  'a page on another origin reads its swap from the REST API',
  async () => {
    const wallets = await pageFetch(`${exchange.url}/local/wallets`)
    const alpha = (wallets as { json: { wallets: { address: string; mnemonic: string }[] } }).json
      .wallets[0] as { address: string; mnemonic: string }
    const { boc, simulation, ston } = await signedSwap(
      alpha.mnemonic,
      await pageWallet(alpha.address),
    )
    const asset = `${exchange.url}/v1/wallets/${alpha.address}/assets/${ston}`
    const before = await pageFetch(asset)
    expect(before).toMatchObject({ ok: true, status: 200 })
    await pageFetch(`${exchange.url}/api/v2/sendBoc`, { method: 'POST', body: { boc } })
    const after = await pageFetch(asset)
    expect(after).toMatchObject({ ok: true, status: 200 })
    const balance = (f: Fetched) =>
      BigInt((f as { json: { asset: { balance?: string } } }).json.asset.balance ?? '0')
    // What the wallet received is what the simulation made just before said.
    expect(balance(after) - balance(before)).toBe(BigInt(simulation.askUnits))
    const status = await pageFetch(
      `${exchange.url}/v1/swap/status?router_address=${simulation.routerAddress}&owner_address=${alpha.address}&query_id=7`,
    )
    expect(status).toMatchObject({ ok: true, status: 200, json: { '@type': 'Found' } })
    expect(Address.parse(alpha.address)).toBeDefined()
  },
  30_000,
)
