import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'
import { restDifferences } from './_support/sameAnswers.js'
import { spawnServe } from './_support/spawnServe.js'

let harness: FollowHarness
let upstream: RunningLocalExchange

beforeAll(async () => {
  harness = await followHarness('follow-kill', 40)
  upstream = harness.upstream
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

/** `ton-dex-lab serve --follow` on the upstream, in a child process. */
const follow = () =>
  spawnServe(
    [
      ...['serve', '--follow', `${upstream.url}/api/v2/jsonRPC`, '--rps', 'unlimited'],
      ...['--db', join(harness.dir, 'r.sqlite'), '--port', '0'],
    ],
    'Routers:',
  )

const indexedSeqno = async (url: string): Promise<number> =>
  ((await (await fetch(`${url}/local/status`)).json()) as { index: { seqno: number } }).index.seqno

test('killed with SIGKILL mid-catch-up and restarted: the same answers, no operation twice', async () => {
  const head = upstream.chain?.head.seqno ?? 0
  const first = await follow()
  let at = 0
  while (at < head / 3) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    at = await indexedSeqno(first.url)
  }
  await first.kill()
  expect(at).toBeLessThan(head)
  const again = await follow()
  try {
    // It resumes at its committed block, not from the start.
    expect(await indexedSeqno(again.url)).toBeGreaterThanOrEqual(at)
    while ((await indexedSeqno(again.url)) < head) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await restDifferences(upstream.url, again.url)).toEqual([])
  } finally {
    await again.kill()
  }
}, 600_000)
