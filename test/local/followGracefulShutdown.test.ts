import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { INDEX_CURSOR, parseCursor } from '../../store/indexCursor.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'
import { restDifferences } from './_support/sameAnswers.js'
import { spawnServe } from './_support/spawnServe.js'

let harness: FollowHarness
let upstream: RunningLocalExchange

beforeAll(async () => {
  harness = await followHarness('follow-term', 6)
  upstream = harness.upstream
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

/** `ton-dex-lab serve --follow` on the upstream, in a child process, at `rps` requests a second. */
const follow = (rps: string) =>
  spawnServe(
    [
      ...['serve', '--follow', `${upstream.url}/api/v2/jsonRPC`, '--rps', rps],
      ...['--db', join(harness.dir, 'r.sqlite'), '--port', '0'],
    ],
    'Routers:',
  )

const indexedSeqno = async (url: string): Promise<number> =>
  ((await (await fetch(`${url}/local/status`)).json()) as { index: { seqno: number } }).index.seqno

test('SIGTERM mid-catch-up: exit 0, readers see no 5xx, the batch ends whole, a restart ends identical', async () => {
  const head = upstream.chain?.head.seqno ?? 0
  const first = await follow('100')
  let at = 0
  while (at < head / 4) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    at = await indexedSeqno(first.url)
  }
  // Readers on the REST API and the operators' routes while the signal lands (bounded loops).
  const statuses: number[] = []
  let stopping = false
  const reader = async (path: string) => {
    for (let i = 0; i < 2_000; i++) {
      try {
        const response = await fetch(`${first.url}${path}`)
        await response.arrayBuffer()
        statuses.push(response.status)
      } catch {
        if (stopping) return // the server is gone
        throw new Error(`${path} failed before the signal`)
      }
    }
  }
  const readers = ['/v1/pools', '/local/status', '/metrics'].map(reader)
  await new Promise((resolve) => setTimeout(resolve, 50))
  stopping = true
  const code = await first.stop('SIGTERM')
  await Promise.all(readers)
  expect(code).toBe(0)
  expect(first.output().err).not.toMatch(/Stopping failed|following stopped/)
  // No error line in its JSON log (level 50 error, 60 fatal).
  expect(first.output().out).not.toMatch(/"level":(50|60)/)
  expect(statuses.length).toBeGreaterThan(0)
  expect(statuses.filter((s) => s >= 500)).toEqual([])

  // The stopped database: no indexed row past the cursor (the last batch was committed whole, or
  // not at all), and the cursor is not behind what the node said it had indexed.
  const db = new Database(join(harness.dir, 'r.sqlite'), { readonly: true })
  let cursor: number | undefined
  try {
    const text = (
      db.prepare('SELECT value FROM cursors WHERE name = ?').get(INDEX_CURSOR) as { value: string }
    ).value
    cursor = parseCursor(text)?.seqno
    const newest = db
      .prepare('SELECT MAX(block_seqno) AS seqno FROM indexed_transactions')
      .get() as {
      seqno: number | null
    }
    expect(cursor).toBeGreaterThanOrEqual(at)
    expect(newest.seqno ?? 0).toBeLessThanOrEqual(cursor ?? -1)
  } finally {
    db.close()
  }
  expect(cursor).toBeLessThan(head)

  // Restarted: it resumes at its cursor and ends with the upstream's answers (nothing lost,
  // nothing counted twice).
  const again = await follow('unlimited')
  try {
    expect(await indexedSeqno(again.url)).toBeGreaterThanOrEqual(cursor ?? 0)
    while ((await indexedSeqno(again.url)) < head) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await restDifferences(upstream.url, again.url)).toEqual([])
  } finally {
    await again.kill()
  }
}, 600_000)
