import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningFollowNode } from '../../local/startFollowNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { type FollowHarness, followHarness, swapSeenOnFollower } from './_support/followHarness.js'
import { restDifferences } from './_support/sameAnswers.js'

/**
 * R follows U in `accounts` mode: it discovers the routers' transactions through U's toncenter
 * v3 subset, reads each trace, fetches the exact transactions with v2 `getTransactions`, and
 * must then answer every chain-derived REST route as U does (wallets' jetton balances are read
 * from U's v3 `jetton/wallets`: transfers outside the exchange's traces are not followed).
 */
let harness: FollowHarness
let upstream: RunningLocalExchange
let follower: RunningFollowNode

let proxy: FaultProxy
let dropped = 0

beforeAll(async () => {
  harness = await followHarness('follow-accounts', 40)
  upstream = harness.upstream
  // One discovery page drops a router transaction (one with its router's transactions before
  // and after it in the page, so the next one's link shows the gap).
  proxy = await startFaultProxy(
    upstream.url,
    () => ({ type: 'pass' }),
    ({ method }) => {
      if (method !== 'GET /api/v3/transactions' || dropped > 0) return { type: 'pass' }
      return {
        type: 'rewrite',
        rewrite: (answer) => {
          const page = answer as { transactions: { account: string }[] }
          const accounts = page.transactions.map((t) => t.account)
          const gone = accounts.findIndex(
            (a, i) => accounts.indexOf(a) < i && accounts.indexOf(a, i + 1) > i,
          )
          if (gone < 0) return page
          dropped += 1
          return { ...page, transactions: page.transactions.filter((_, i) => i !== gone) }
        },
      }
    },
  )
  follower = await harness.follow({ mode: 'accounts', url: `${proxy.url}/api/v2/jsonRPC` })
}, 300_000)
afterAll(async () => {
  await follower?.close()
  await proxy?.close()
  await harness?.close()
})

describe('serve --follow --follow-mode accounts over a ton-dex-lab upstream', () => {
  test('catches up through v3 discovery and v2 transactions, with the upstream answers', async () => {
    const head = upstream.chain?.head.seqno ?? 0
    await follower.follower.indexed(head)
    expect(await restDifferences(upstream.url, follower.url)).toEqual([])
    // The dropped router transaction was noticed by its successor's link and read again.
    expect(dropped).toBe(1)
    expect(follower.follower.status.retries).toBeGreaterThanOrEqual(1)
    const status = (await (await fetch(`${follower.url}/local/status`)).json()) as Record<
      string,
      unknown
    >
    expect(status).toMatchObject({ mode: 'follow', index: { seqno: head } })
    // Far fewer requests than walking every block (four per block).
    expect(status.requests).toBeLessThan(2 * head)
  }, 300_000)

  test("a swap @ston-fi/sdk sends to the upstream shows in the follower's REST API", async () => {
    const { upstreamCounted, seenAfterMs } = await swapSeenOnFollower(upstream, follower)
    expect(upstreamCounted).toBe(true)
    expect(seenAfterMs).toBeDefined()
    console.info(
      `swap on the follower ${Math.round(seenAfterMs ?? 0)} ms after the upstream answered`,
    )
    expect(await restDifferences(upstream.url, follower.url)).toEqual([])
  }, 120_000)
})
