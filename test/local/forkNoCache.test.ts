/**
 * `serve --fork --fork-no-cache`: the accounts F read from U are not kept in its cache, so a
 * restart asks U again for those its own chain state does not hold; without the option, none
 * (as the restart test of `test/local/fork.test.ts` checks after swaps).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'

let dir: string
let upstream: RunningLocalExchange
let proxy: FaultProxy

const startFork = (db: string, noCache: boolean): Promise<RunningForkNode> =>
  startForkNode({
    dbPath: join(dir, db),
    host: '127.0.0.1',
    port: 0,
    fork: { url: `${proxy.url}/api/v2/jsonRPC`, rps: Number.POSITIVE_INFINITY, noCache },
  })

/** Every JSON-RPC request that reached the proxy: its method and its `address`, if any. */
const asked: { method: string; address?: string }[] = []
/** The accounts asked of U from index `from` of {@link asked} on (raw form, in order). */
const accountsAsked = (from: number) =>
  asked
    .slice(from)
    .filter((r) => r.method === 'getShardAccountCell' || r.method === 'getAddressInformation')
    .map((r) => Address.parse(r.address as string).toRawString())
const seen = (from: number, ...methods: string[]) =>
  asked.slice(from).filter((r) => methods.includes(r.method)).length

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-no-cache-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 0,
  })
  proxy = await startFaultProxy(upstream.url, ({ method, params }) => {
    const address = typeof params.address === 'string' ? params.address : undefined
    asked.push({ method, ...(address === undefined ? {} : { address }) })
    return { type: 'pass' }
  })
}, 600_000)

afterAll(async () => {
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

/**
 * Starts F on `db`, reads `accounts` on it (each loaded from U on this first touch), stops it,
 * starts it again and reads them once more (the same answers). Answers what F asked of U
 * after the restart: how many of `accounts` it read again, any other account it had not read
 * before, config reads, and all requests.
 */
async function restartCount(db: string, noCache: boolean, candidates: readonly string[]) {
  const first = await startFork(db, noCache)
  // One existing account the start did not read, and three with no account at S.
  const started = new Set(accountsAsked(0))
  const existing = candidates.find((a) => !started.has(Address.parse(a).toRawString()))
  expect(existing).toBeDefined()
  const accounts = [
    existing as string,
    ...[0x31, 0x32, 0x33].map((b) => new Address(0, Buffer.alloc(32, b)).toString()),
  ]
  const read = async (node: RunningForkNode) => {
    const out: unknown[] = []
    for (const address of accounts) {
      const response = await fetch(
        `${node.url}/api/v2/getAddressInformation?address=${encodeURIComponent(address)}`,
      )
      const { result } = (await response.json()) as { result: { sync_utime?: number } }
      const { sync_utime: _, ...account } = result
      out.push(account)
    }
    return out
  }
  const start = asked.length
  const before = await read(first)
  // The first touch of each (the start adopted U's market and read other accounts before).
  const raw = accounts.map((a) => Address.parse(a).toRawString())
  expect(accountsAsked(start)).toEqual(raw)
  const loaded = new Set(accountsAsked(0))
  // No block ran: the chain stores no snapshot, so its state after the restart holds none of
  // the accounts (a snapshot holds every account the chain had loaded; those are never read
  // again, cache or not).
  expect(first.chain.head.seqno).toBe(0)
  await first.close()
  const from = asked.length
  const all = proxy.requests.length
  const again = await startFork(db, noCache)
  try {
    const after = await read(again)
    expect(after).toEqual(before)
    const reread = accountsAsked(from)
    return {
      accounts: reread.filter((a) => raw.includes(a)).length,
      unknown: reread.filter((a) => !loaded.has(a)).length,
      config: seen(from, 'getConfigAll', 'getConfigParam'),
      all: proxy.requests.length - all,
    }
  } finally {
    await again.close()
  }
}

describe('serve --fork --fork-no-cache', () => {
  test('a restart reads the touched accounts from U again; with the cache, it does not', async () => {
    // U's users' jetton wallets: the start reads U's market and the test wallets, not these.
    const candidates = (await upstream.store.listIndexedJettonWallets()).map((w) => w.address)
    const uncached = await restartCount('no-cache.sqlite', true, candidates)
    // Every account again, and the config at S; no account the first run had not read.
    expect(uncached).toMatchObject({ accounts: 4, unknown: 0, config: 1 })
    expect(await restartCount('cache.sqlite', false, candidates)).toEqual({
      accounts: 0,
      unknown: 0,
      config: 0,
      all: 0,
    })
  }, 120_000)
})
