import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningFollowNode } from '../../local/startFollowNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { type FollowHarness, followHarness, swapSeenOnFollower } from './_support/followHarness.js'
import { restDifferences } from './_support/sameAnswers.js'

/**
 * U is the local exchange with a demo history; R is `serve --follow` on U's TON HTTP API from an
 * empty database. R indexes U's chain block by block through the API and must then answer
 * every chain-derived REST route exactly as U, whose own indexer follows the chain in process.
 */
let harness: FollowHarness
let upstream: RunningLocalExchange
let follower: RunningFollowNode

beforeAll(async () => {
  harness = await followHarness('follow', 40)
  upstream = harness.upstream
  follower = await harness.follow()
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

describe('serve --follow over a ton-dex-lab upstream (blocks mode)', () => {
  test('catches up and answers every chain-derived route as the upstream does', async () => {
    const head = upstream.chain?.head.seqno ?? 0
    expect(head).toBeGreaterThan(100)
    await follower.follower.indexed(head)
    expect(follower.routers).toHaveLength(5)
    expect(await restDifferences(upstream.url, follower.url)).toEqual([])
    const status = (await (await fetch(`${follower.url}/local/status`)).json()) as Record<
      string,
      unknown
    >
    expect(status).toMatchObject({ mode: 'follow', index: { seqno: head }, head: { seqno: head } })
    expect(status.requests).toBeGreaterThan(3 * head)
  }, 300_000)

  test("records the layouts a replica derives addresses from: the upstream's own, found through its API", async () => {
    const expected = await upstream.store.listContractLayouts()
    expect(expected.map((row) => row.layout).sort()).toContain('dex-v2-constant-product')
    expect(expected.filter((row) => row.layout === 'tep74').length).toBeGreaterThan(3)
    await expect
      .poll(() => follower.store.listContractLayouts(), { timeout: 60_000, interval: 100 })
      .toEqual(expected)
  })

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
