import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FollowOptions } from '../../../local/serveOptions.js'
import { type RunningFollowNode, startFollowNode } from '../../../local/startFollowNode.js'
import type { RunningLocalExchange } from '../../../local/startLocalExchange.js'
import { startDemoExchange } from '../../_support/demoExchange.js'
import { dapp } from './dapp.js'

/** An upstream U (the local exchange with a demo history) and the followers started on it. */
export type FollowHarness = {
  /** A temporary folder, removed by `close`. */
  readonly dir: string
  readonly upstream: RunningLocalExchange
  /**
   * `serve --follow` on U's TON HTTP API (or `url`, e.g. a proxy in front of it) from an empty
   * database in `dir` (`dbName`, default `r.sqlite`), without a request limit unless `follow`
   * sets one.
   */
  follow(follow?: Partial<FollowOptions>, dbName?: string): Promise<RunningFollowNode>
  /** Closes the followers, then U, and removes `dir`. */
  close(): Promise<void>
}

/**
 * Starts U with `demoSwaps` demo swaps in a new temporary folder (from a copy of the run's demo
 * database of that size: `startDemoExchange`).
 */
export async function followHarness(name: string, demoSwaps: number): Promise<FollowHarness> {
  const dir = mkdtempSync(join(tmpdir(), `ton-dex-lab-${name}-`))
  const upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps,
  })
  const followers: RunningFollowNode[] = []
  return {
    dir,
    upstream,
    async follow(follow = {}, dbName = 'r.sqlite') {
      const node = await startFollowNode({
        ...{ dbPath: join(dir, dbName), host: '127.0.0.1', port: 0 },
        follow: {
          url: `${upstream.url}/api/v2/jsonRPC`,
          mode: 'blocks',
          rps: Number.POSITIVE_INFINITY,
          ...follow,
        },
      })
      followers.push(node)
      return node
    },
    async close() {
      for (const node of followers) await node.close()
      await upstream.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Sends a swap to U with `@ston-fi/sdk` from a test wallet and waits (up to 60 s) until the
 * wallet's operations on R show it; answers how long after U answered, or `undefined`.
 */
export async function swapSeenOnFollower(
  upstream: RunningLocalExchange,
  follower: RunningFollowNode,
): Promise<{ upstreamCounted: boolean; seenAfterMs: number | undefined }> {
  const app = dapp(upstream.url)
  const wallet = upstream.wallets[1]
  if (wallet === undefined) throw new Error('no test wallet')
  const operations = async (base: string) => {
    const response = await fetch(
      `${base}/v1/wallets/${wallet.address}/operations?since=2020-01-01T00:00:00&until=2030-01-01T00:00:00`,
    )
    return ((await response.json()) as { operations: unknown[] }).operations.length
  }
  const before = await operations(follower.url)
  await app.send(wallet, await app.swapParams(wallet, 1_000_000n))
  const sent = performance.now()
  const upstreamCounted = (await operations(upstream.url)) === before + 1
  let seenAfterMs: number | undefined
  while (seenAfterMs === undefined && performance.now() - sent < 60_000) {
    if ((await operations(follower.url)) === before + 1) seenAfterMs = performance.now() - sent
    else await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { upstreamCounted, seenAfterMs }
}
