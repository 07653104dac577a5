import { describe, expect, test } from 'vitest'
import type { NodePlugin } from './NodePlugin.js'
import { startNode } from './startNode.js'

describe('startNode plugins', () => {
  test('routes on their paths, status fields, start after listening, stop in reverse before the parts close', async () => {
    const calls: string[] = []
    const plugin = (name: string): NodePlugin => ({
      name,
      paths: [`/${name}`],
      register: (front, node) => {
        front.get(`/${name}`, async () => ({ name, head: node.chain?.head.seqno ?? null }))
      },
      // `mode` is the node's own field: it stays.
      status: () => ({ [name]: 'ok', mode: 'overridden' }),
      start: (node) => {
        calls.push(`start ${name} ${node.url === undefined ? 'unlistened' : 'listening'}`)
      },
      stop: async (node) => {
        // The node's parts are still open while plugins stop: the database answers.
        calls.push(`stop ${name} ${(await node.store.listRouters()).length > 0 ? 'open' : 'empty'}`)
      },
    })
    const node = await startNode({
      chain: 'local',
      index: 'live',
      options: { dbPath: ':memory:', host: '127.0.0.1', port: 0, demo: 'reference' },
      plugins: [plugin('alpha'), plugin('bravo')],
    })
    const head = node.chain?.head.seqno
    expect(head).toBeGreaterThan(0)
    expect(await (await fetch(`${node.url}/alpha`)).json()).toEqual({ name: 'alpha', head })
    const status = (await (await fetch(`${node.url}/local/status`)).json()) as Record<
      string,
      unknown
    >
    expect(status).toMatchObject({ mode: 'live', state: 'ready', alpha: 'ok', bravo: 'ok' })
    // The node's own plugins are there too: the control API and the test funds.
    const mined = await fetch(`${node.url}/local/mine`, { method: 'POST' })
    expect(((await mined.json()) as { blocks: number[] }).blocks).toEqual([(head ?? 0) + 1])
    expect((await fetch(`${node.url}/local/wallets`)).status).toBe(200)
    // Other paths still reach the REST API.
    expect((await fetch(`${node.url}/v1/assets`)).status).toBe(200)
    await node.close()
    expect(calls).toEqual([
      'start alpha listening',
      'start bravo listening',
      'stop bravo open',
      'stop alpha open',
    ])
  }, 120_000)
})
