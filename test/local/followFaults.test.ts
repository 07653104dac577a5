import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningFollowNode } from '../../local/startFollowNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'
import { restDifferences } from './_support/sameAnswers.js'

/**
 * R follows U through a real proxy that answers some requests with toncenter's 429 body, some
 * with a 502, lets some hang past R's timeout, answers some `getMasterchainInfo` with an older
 * head, and drops one transaction from one `getBlockTransactionsExt` page (one whose account
 * transacts again in that page, so the gap shows). R must end with U's
 * answers, retrying a bounded number of times, never above its request rate.
 */
const RPS = 40
let harness: FollowHarness
let upstream: RunningLocalExchange
let proxy: FaultProxy
let follower: RunningFollowNode
let dropped = 0

beforeAll(async () => {
  harness = await followHarness('follow-faults', 12)
  upstream = harness.upstream
  proxy = await startFaultProxy(upstream.url, ({ method, n }) => {
    if (n % 37 === 5) return { type: 'ratelimit' }
    if (n % 41 === 7) return { type: 'bad-gateway' }
    if (n % 97 === 11) return { type: 'hang' }
    if (method === 'getMasterchainInfo' && n % 3 === 0) {
      return {
        type: 'rewrite',
        rewrite: (result) => {
          const info = result as { last: { seqno: number } }
          return { ...info, last: { ...info.last, seqno: Math.max(1, info.last.seqno - 7) } }
        },
      }
    }
    if (method === 'getBlockTransactionsExt' && dropped === 0) {
      return {
        type: 'rewrite',
        rewrite: (result) => {
          // A transaction whose account transacts again later in the page: the next one's
          // link to its previous transaction shows the gap.
          const page = result as { transactions: { address: { account_address: string } }[] }
          const accounts = page.transactions.map((t) => t.address.account_address)
          const gone = accounts.findIndex((a, i) => accounts.indexOf(a, i + 1) > i)
          if (gone < 0) return page
          dropped += 1
          return { ...page, transactions: page.transactions.filter((_, i) => i !== gone) }
        },
      }
    }
    return { type: 'pass' }
  })
  follower = await harness.follow({
    url: proxy.url,
    rps: RPS,
    timeoutMs: 2_000,
    backoff: { firstMs: 50, maxMs: 1_000 },
  })
}, 300_000)
afterAll(async () => {
  await follower?.close()
  await proxy?.close()
  await harness?.close()
})

describe('serve --follow through a faulty upstream', () => {
  test('ends with the upstream answers, bounded retries, within its request rate', async () => {
    await follower.follower.indexed(upstream.chain?.head.seqno ?? 0)
    expect(await restDifferences(upstream.url, follower.url)).toEqual([])
    const { injected } = proxy
    expect(injected.ratelimit).toBeGreaterThan(0)
    expect(injected['bad-gateway']).toBeGreaterThan(0)
    expect(injected.hang).toBeGreaterThan(0)
    expect(dropped).toBe(1)
    // Every fault costs one retry at most (a page that dropped a transaction is one more).
    const retries = follower.follower.status.retries
    const faults = injected.ratelimit + injected['bad-gateway'] + injected.hang + dropped
    expect(retries).toBeGreaterThan(0)
    expect(retries).toBeLessThanOrEqual(faults)
    // The client spaces its requests: at most RPS start in any second (one of slack for the
    // network between the client's clock and the proxy's).
    expect(proxy.maxPerSecond()).toBeLessThanOrEqual(RPS + 1)
  }, 600_000)
})
