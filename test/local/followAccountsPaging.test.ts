import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tonApiAccountsSource } from '../../indexer/source/tonApiAccountsSource.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'

/**
 * `accounts` mode over a history longer than one discovery call reads (4 pages): with pages of
 * 10 router transactions and ranges of 7 blocks at a time, the source must still reach the
 * head, delivering every transaction the one-page reading delivers, each once.
 */
let harness: FollowHarness
let upstream: RunningLocalExchange

beforeAll(async () => {
  harness = await followHarness('follow-accounts-paging', 40)
  upstream = harness.upstream
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

async function readAll(discoveryPage: number): Promise<string[]> {
  const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
  const routers = (await (await fetch(`${upstream.url}/v1/routers`)).json()) as {
    router_list: { address: string }[]
  }
  const source = tonApiAccountsSource({
    client,
    routers: routers.router_list.map((r) => r.address),
    discoveryPage,
  })
  const head = await source.head()
  const hashes: string[] = []
  let after = 0
  for (let calls = 0; after < head.seqno; calls++) {
    if (calls > 1000) throw new Error(`stuck at block ${after} of ${head.seqno}`)
    // A follower asks for a bounded range at a time: transactions past it are read later.
    const blocks = await source.blocks(after, Math.min(head.seqno, after + 7))
    for (const block of blocks) {
      for (const tx of block.transactions) hashes.push(tx.hash().toString('hex'))
    }
    after = blocks.at(-1)?.seqno ?? after
  }
  return hashes
}

describe('accounts mode over a long history', () => {
  test('small discovery pages reach the head with the same transactions, none twice', async () => {
    const whole = await readAll(1000)
    const paged = await readAll(10)
    expect(whole.length).toBeGreaterThan(100)
    expect(new Set(paged).size).toBe(paged.length)
    expect([...paged].sort()).toEqual([...whole].sort())
  }, 300_000)
})
