import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFollowNode } from '../../local/startFollowNode.js'
import { type FollowHarness, followHarness, swapSeenOnFollower } from './_support/followHarness.js'

/**
 * A follow node stopped while its contract-layout recorder reads the upstream: `close()` waits
 * for the recorder (it ends after the contract it is reading and writes what it found) before
 * the store closes — no "recording layouts: … connection is not open" in the log, and no
 * request of the recorder's reaches the upstream once the node says it stopped.
 *
 * The node follows the demo exchange U through a real HTTP proxy that holds the recorder's
 * first reads (`runGetMethod` `get_jetton_data` / `get_router_data`, which nothing else of a
 * follower's start asks) until the node is stopping: the recorder is mid-read when a swap on U
 * is indexed and the node is stopped.
 */
let harness: FollowHarness
let proxy: Server
let proxyUrl: string
/** The recorder's reads: when each arrived (relative to the node's stop) and was answered. */
const reads: { method: string; afterStop: boolean }[] = []
let stopped = false
let release: () => void = () => undefined
const gate = new Promise<void>((resolve) => {
  release = resolve
})
const GATED = new Set(['get_jetton_data', 'get_router_data'])

beforeAll(async () => {
  harness = await followHarness('follow-layouts-stop', 2)
  const target = harness.upstream.url
  proxy = createServer((incoming, reply) => {
    const chunks: Buffer[] = []
    incoming.on('data', (c: Buffer) => chunks.push(c))
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks)
      let getMethod: string | undefined
      if (incoming.method === 'POST' && body.length > 0) {
        try {
          const rpc = JSON.parse(body.toString('utf8')) as {
            method?: string
            params?: { method?: unknown }
          }
          if (rpc.method === 'runGetMethod' && typeof rpc.params?.method === 'string') {
            getMethod = rpc.params.method
          }
        } catch {
          // not JSON: passed on as it is
        }
      }
      if (getMethod !== undefined && GATED.has(getMethod)) {
        reads.push({ method: getMethod, afterStop: stopped })
        await gate
      }
      const headers: Record<string, string> = {}
      const type = incoming.headers['content-type']
      if (typeof type === 'string') headers['content-type'] = type
      const answer = await fetch(`${target}${incoming.url ?? '/'}`, {
        method: incoming.method ?? 'GET',
        headers,
        ...(incoming.method === 'POST' ? { body } : {}),
      })
      reply.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      reply.end(Buffer.from(await answer.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}, 300_000)

afterAll(async () => {
  release()
  proxy?.closeAllConnections()
  await new Promise((resolve) => proxy?.close(resolve))
  await harness?.close()
})

test('stopped right after a transaction, mid-recording: no "connection is not open", no read after the stop', async () => {
  const log: string[] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    log.push(args.map(String).join(' '))
  }
  try {
    const node = await startFollowNode({
      ...{ dbPath: join(harness.dir, 'r.sqlite'), host: '127.0.0.1', port: 0 },
      follow: { url: `${proxyUrl}/api/v2/jsonRPC`, mode: 'blocks', rps: Number.POSITIVE_INFINITY },
    })
    // The recorder is reading the first jetton (held); a swap on U is indexed meanwhile.
    for (let i = 0; i < 600 && reads.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(reads.length).toBe(1)
    const seen = await swapSeenOnFollower(harness.upstream, node)
    expect(seen.seenAfterMs).toBeDefined()
    // Stop; the held read is let through once the stop has ended, or after 3 s (a stop that
    // waits for the recorder cannot end while its read is held).
    const stopping = node.close().then(() => {
      stopped = true
    })
    await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 3000))])
    release()
    await stopping
    // What an unawaited recorder would still do after the stop: read on, and write.
    await new Promise((resolve) => setTimeout(resolve, 2000))
  } finally {
    console.error = consoleError
  }
  expect(reads.filter((r) => r.afterStop)).toEqual([])
  expect(log.filter((line) => /recording layouts|not open/i.test(line))).toEqual([])
}, 300_000)
