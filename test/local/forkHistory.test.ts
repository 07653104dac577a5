/**
 * `serve --fork`: an account's history on F is F's own transactions, then U's at or below the
 * pinned block S (forwarded to U through a counting, fault-injecting proxy), with toncenter's
 * paging across the boundary; U's transactions after S are not F's past.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address, toNano } from '@ton/core'
import { TonClient } from '@ton/ton'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestWallet } from '../../chain/wallets/testWallets.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type Fault, type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { dapp } from './_support/dapp.js'

let dir: string
let upstream: RunningLocalExchange
let proxy: FaultProxy
let fork: RunningForkNode
let wallet: TestWallet
let plan: (request: { method: string }) => Fault = () => ({ type: 'pass' })
/** The wallet's transactions on U before the fork (newest first), as U answers them. */
let before: Tx[]
/** The wallet's transactions on F (newest first), as F's chain holds them. */
let onFork: string[]

type Tx = {
  transaction_id: { lt: string; hash: string }
  data: string
  in_msg?: { source: string; destination: string; created_lt: string }
}
const id = (tx: Tx) => `${tx.transaction_id.lt}:${tx.transaction_id.hash}`

/** A toncenter v2 call (GET) on `base`: the status and the JSON body. */
async function call<T>(
  base: string,
  method: string,
  params: Record<string, string | number>,
): Promise<{ status: number; ok: boolean; result: T; error_code?: string }> {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  )
  const response = await fetch(`${base}/api/v2/${method}?${query}`)
  return { status: response.status, ...((await response.json()) as { ok: boolean; result: T }) }
}

/** `getTransactions` of the wallet on `base`. */
const transactions = (base: string, params: Record<string, string | number>) =>
  call<Tx[]>(base, 'getTransactions', { address: wallet.address.toString(), ...params })

const to = (n: number) => new Address(0, Buffer.alloc(32, 0x60 + n))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-history-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 0,
  })
  wallet = upstream.wallets[2]!
  proxy = await startFaultProxy(upstream.url, (request) => plan(request))
  // Three transfers on U before the fork …
  const u = dapp(upstream.url)
  for (const n of [1, 2, 3]) await u.send(wallet, { to: to(n), value: toNano('0.1') })
  fork = await startForkNode({
    dbPath: join(dir, 'f.sqlite'),
    host: '127.0.0.1',
    port: 0,
    fork: {
      url: `${proxy.url}/api/v2/jsonRPC`,
      rps: Number.POSITIVE_INFINITY,
      timeoutMs: 3_000,
      attempts: 2,
    },
  })
  before = (await transactions(upstream.url, { limit: 100 })).result
  // … one on U after it (not F's past), two on F after it.
  await u.send(wallet, { to: to(4), value: toNano('0.1') })
  const f = dapp(fork.url)
  for (const n of [5, 6]) await f.send(wallet, { to: to(n), value: toNano('0.1') })
  onFork = fork.chain
    .transactions(wallet.address, { limit: 100 })
    .map((tx) => `${tx.lt}:${Buffer.from(tx.hash).toString('base64')}`)
}, 600_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('getTransactions on a fork', () => {
  test('lists F’s transactions, then U’s before the fork, in lt order', async () => {
    expect(before.length).toBeGreaterThanOrEqual(3)
    // Each transfer to an empty address: the wallet's transaction and the bounce back.
    expect(onFork).toHaveLength(4)
    for (const tx of before) expect(BigInt(tx.transaction_id.lt)).toBeLessThan(fork.fork.pin.endLt)
    const all = await transactions(fork.url, { limit: 100 })
    expect(all.status).toBe(200)
    expect(all.result.map(id)).toEqual([...onFork, ...before.map(id)])
    // U's own rendering of its transactions, passed on unchanged.
    expect(all.result.slice(onFork.length)).toEqual(before)
    const lts = all.result.map((tx) => BigInt(tx.transaction_id.lt))
    for (let i = 1; i < lts.length; i++) expect(lts[i]!).toBeLessThan(lts[i - 1]!)
    // U's transaction after S is on U, not in F's history.
    const onU = (await transactions(upstream.url, { limit: 1 })).result[0]!
    expect(BigInt(onU.transaction_id.lt)).toBeGreaterThanOrEqual(fork.fork.pin.endLt)
    expect(all.result.map(id)).not.toContain(id(onU))
  })

  test('pages across the boundary with lt/hash, and stops at to_lt', async () => {
    const expected = [...onFork, ...before.map(id)]
    // toncenter's paging: each next page starts at the previous page's last transaction.
    const paged: string[] = []
    let page = await transactions(fork.url, { limit: 3 })
    paged.push(...page.result.map(id))
    while (page.result.length === 3) {
      const last = page.result.at(-1)!
      page = await transactions(fork.url, {
        limit: 3,
        lt: last.transaction_id.lt,
        hash: last.transaction_id.hash,
      })
      expect(page.status).toBe(200)
      expect(id(page.result[0]!)).toBe(id(last))
      paged.push(...page.result.slice(1).map(id))
    }
    expect(paged).toEqual(expected)
    // A page from F's oldest transaction goes on into U's.
    const [lt, hash] = onFork.at(-1)!.split(':') as [string, string]
    const across = await transactions(fork.url, { limit: 2, lt, hash })
    expect(across.result.map(id)).toEqual(expected.slice(onFork.length - 1, onFork.length + 1))
    // to_lt: transactions above it only, on both sides of the boundary.
    const toLt = before[1]!.transaction_id.lt
    const above = await transactions(fork.url, { limit: 100, to_lt: toLt })
    expect(above.result.map(id)).toEqual(expected.slice(0, onFork.length + 1))
    // A hash that is not the transaction's at lt, below the fork: U does not know it.
    const wrong = await transactions(fork.url, {
      limit: 2,
      lt: before[0]!.transaction_id.lt,
      hash: before[1]!.transaction_id.hash,
    })
    expect(wrong.status).toBe(404)
    expect(wrong.error_code).toBe('LIVE_CHAIN_TRANSACTION_NOT_FOUND')
  })

  test('TonClient.getTransactions reads the whole history', async () => {
    const client = new TonClient({ endpoint: `${fork.url}/api/v2/jsonRPC` })
    const txs = await client.getTransactions(wallet.address, { limit: 20 })
    expect(txs.map((tx) => `${tx.lt}:${tx.hash().toString('base64')}`)).toEqual([
      ...onFork,
      ...before.map(id),
    ])
    // And pages from an upstream transaction, inclusive as TonClient asks.
    const from = before[0]!.transaction_id
    const older = await client.getTransactions(wallet.address, {
      limit: 20,
      lt: from.lt,
      hash: from.hash,
      inclusive: false,
    })
    expect(older.map((tx) => tx.lt.toString())).toEqual(
      before.slice(1).map((tx) => tx.transaction_id.lt),
    )
  })

  test('tryLocate*: a message created before the fork is found on U, one after it on F', async () => {
    // The bounce of a transfer U ran before the fork: the wallet received it from `to(n)`.
    const bounce = before.find((tx) => tx.in_msg?.source)!
    const message = {
      source: bounce.in_msg!.source,
      destination: bounce.in_msg!.destination,
      created_lt: bounce.in_msg!.created_lt,
    }
    for (const method of ['tryLocateTx', 'tryLocateResultTx']) {
      const onF = await call<Tx>(fork.url, method, message)
      expect(onF.status).toBe(200)
      expect(id(onF.result)).toBe(id(bounce))
    }
    // The source's transaction that sent it: U's answer, passed on.
    const source = await call<Tx>(fork.url, 'tryLocateSourceTx', message)
    expect(source.result).toEqual(
      (await call<Tx>(upstream.url, 'tryLocateSourceTx', message)).result,
    )
    // A bounce on F: F's own history answers, U is not asked.
    const local = (await transactions(fork.url, { limit: onFork.length })).result.find(
      (tx) => tx.in_msg?.source,
    )!
    const from = proxy.requests.length
    const onF = await call<Tx>(fork.url, 'tryLocateTx', {
      source: local.in_msg!.source,
      destination: local.in_msg!.destination,
      created_lt: local.in_msg!.created_lt,
    })
    expect(id(onF.result)).toBe(id(local))
    expect(proxy.requests.length).toBe(from)
    // A message U never saw before the fork: not found.
    const none = await call<Tx>(fork.url, 'tryLocateTx', { ...message, created_lt: 1 })
    expect(none.status).toBe(404)
    expect(none.error_code).toBe('LIVE_CHAIN_TRANSACTION_NOT_FOUND')
  })

  test('the upstream failing: 503 with the fork’s error code, then answered again', async () => {
    plan = ({ method }) =>
      method === 'getTransactions' ? { type: 'bad-gateway' } : { type: 'pass' }
    const failed = await transactions(fork.url, { limit: 100 })
    plan = () => ({ type: 'pass' })
    expect(failed.status).toBe(503)
    expect(failed.error_code).toBe('LIVE_CHAIN_FORK_UNAVAILABLE')
    // F's own transactions alone never ask the upstream.
    const from = proxy.requests.length
    const local = await transactions(fork.url, { limit: onFork.length })
    expect(local.result.map(id)).toEqual(onFork)
    expect(proxy.requests.length).toBe(from)
    expect((await transactions(fork.url, { limit: 100 })).result).toHaveLength(
      onFork.length + before.length,
    )
  }, 60_000)
})
