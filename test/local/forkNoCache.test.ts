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
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
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

/** Requests of the proxy log from index `from` on whose method is one of `methods`. */
const seen = (from: number, ...methods: string[]) =>
  proxy.requests.slice(from).filter((r) => methods.includes(r.method)).length

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-no-cache-'))
  upstream = await startLocalExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 0,
  })
  proxy = await startFaultProxy(upstream.url, () => ({ type: 'pass' }))
}, 600_000)

afterAll(async () => {
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

/**
 * Starts F on `db`, reads `accounts` on it (each loaded from U on this first touch), stops it,
 * starts it again and reads them once more (the same answers). Answers what F asked of U
 * after the restart: account reads, config reads, all requests.
 */
async function restartCount(db: string, noCache: boolean, accounts: readonly string[]) {
  const first = await startFork(db, noCache)
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
  const before = await read(first)
  expect(first.fork.status().cached_accounts).toBe(accounts.length)
  // No block ran: the chain stores no snapshot, so its state after the restart holds none of
  // the accounts (a snapshot holds every account the chain had loaded; those are never read
  // again, cache or not).
  expect(first.chain.head.seqno).toBe(0)
  await first.close()
  const from = proxy.requests.length
  const again = await startFork(db, noCache)
  try {
    const after = await read(again)
    expect(after).toEqual(before)
    return {
      accounts: seen(from, 'getShardAccountCell', 'getAddressInformation'),
      config: seen(from, 'getConfigAll', 'getConfigParam'),
      all: proxy.requests.length - from,
    }
  } finally {
    await again.close()
  }
}

describe('serve --fork --fork-no-cache', () => {
  test('a restart reads the touched accounts from U again; with the cache, it does not', async () => {
    const accounts = [
      ...upstream.wallets.slice(0, 3).map((w) => w.address.toString()),
      new Address(0, Buffer.alloc(32, 0x31)).toString(),
    ]
    const uncached = await restartCount('no-cache.sqlite', true, accounts)
    // Every account again, and the config at S: nothing else (the block is the database's).
    expect(uncached).toEqual({ accounts: accounts.length, config: 1, all: accounts.length + 1 })
    expect(await restartCount('cache.sqlite', false, accounts)).toEqual({
      accounts: 0,
      config: 0,
      all: 0,
    })
  }, 120_000)
})
