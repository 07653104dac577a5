import { Address, Cell, loadTransaction } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { dapp } from './_support/dapp.js'

type V3Tx = {
  account: string
  hash: string
  lt: string
  mc_block_seqno: number
  trace_id: string
  prev_trans_hash: string
  prev_trans_lt: string
  in_msg: { hash: string } | null
  out_msgs: { hash: string }[]
}
type V2Tx = { transaction_id: { lt: string; hash: string }; data: string }

let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange.close()
})

const v3 = async <T>(path: string, query: [string, string | number][]) => {
  const search = new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))
  const res = await fetch(`${exchange.url}/api/v3/${path}?${search}`)
  return {
    status: res.status,
    cors: res.headers.get('access-control-allow-origin'),
    json: (await res.json()) as T,
  }
}

describe('toncenter v3 on a running local exchange', () => {
  test("a follower's accounts mode: routers paged by start_lt, gap-free by prev_trans, equal to v2 getTransactions", async () => {
    const routers = (
      (await (await fetch(`${exchange.url}/v1/routers`)).json()) as {
        router_list: { address: string }[]
      }
    ).router_list.map((r) => Address.parse(r.address))
    expect(routers.length).toBeGreaterThanOrEqual(2)
    const accounts = routers.map((r): [string, string] => ['account', r.toRawString()])

    // what the follower does: pages of 25 from start_lt = last seen lt + 1, until one is empty
    const seen: V3Tx[] = []
    let startLt = 0n
    let pages = 0
    for (;;) {
      const page = await v3<{ transactions: V3Tx[] }>('transactions', [
        ...accounts,
        ['start_lt', startLt.toString()],
        ['sort', 'asc'],
        ['limit', 25],
      ])
      expect(page.status).toBe(200)
      expect(page.cors).toBe('*')
      pages++
      if (page.json.transactions.length === 0) break
      seen.push(...page.json.transactions)
      startLt = BigInt(page.json.transactions.at(-1)!.lt) + 1n
    }
    expect(pages).toBeGreaterThan(2)

    const app = dapp(exchange.url)
    for (const router of routers) {
      const mine = seen.filter((t) => t.account === router.toRawString().toUpperCase())
      const fromV2 = (await (
        await fetch(
          `${exchange.url}/api/v2/getTransactions?address=${router.toString()}&limit=1000`,
        )
      ).json()) as { result: V2Tx[] }
      // same transactions, same order (oldest first here)
      expect(mine.map((t) => [t.lt, t.hash])).toEqual(
        fromV2.result.map((t) => [t.transaction_id.lt, t.transaction_id.hash]).reverse(),
      )
      // no gap: each transaction names the one before it, the first names none
      expect(mine[0]!.prev_trans_lt).toBe('0')
      for (let i = 1; i < mine.length; i++) {
        expect([mine[i]!.prev_trans_lt, mine[i]!.prev_trans_hash]).toEqual([
          mine[i - 1]!.lt,
          mine[i - 1]!.hash,
        ])
      }
      // and the last one is the account's last transaction now
      const state = await app.client.getContractState(router)
      expect(state.lastTransaction?.lt).toBe(mine.at(-1)!.lt)
      // each transaction is in the block (mc seqno) the chain recorded it in
      for (const tx of mine) {
        const block = exchange.chain!.blockTransactions(tx.mc_block_seqno)
        expect(block.some((b) => Buffer.from(b.hash).toString('base64') === tx.hash)).toBe(true)
        const parsed = loadTransaction(
          Cell.fromBase64(
            fromV2.result.find((t) => t.transaction_id.hash === tx.hash)!.data,
          ).beginParse(),
        )
        expect(tx.out_msgs).toHaveLength(parsed.outMessages.size)
      }
    }
  })

  test('a demo swap: its trace by any message in it, and the head in masterchainInfo', async () => {
    const info = await v3<{ last: { seqno: number } }>('masterchainInfo', [])
    expect(info.json.last.seqno).toBe(exchange.chain!.head.seqno)
    const pools = (
      (await (await fetch(`${exchange.url}/v1/pools`)).json()) as {
        pool_list: { address: string }[]
      }
    ).pool_list
    const traced = await v3<{
      traces: {
        trace_id: string
        transactions_order: string[]
        transactions: Record<string, V3Tx>
      }[]
    }>('traces', [
      ['account', pools[0]!.address],
      ['limit', 1],
    ])
    expect(traced.status).toBe(200)
    const [trace] = traced.json.traces
    expect(trace!.transactions_order.length).toBeGreaterThan(3)
    const inner = trace!.transactions[trace!.transactions_order.at(-1)!]!
    const again = await v3<{ traces: { trace_id: string }[] }>('traces', [
      ['msg_hash', inner.in_msg!.hash],
    ])
    expect(again.json.traces.map((t) => t.trace_id)).toEqual([trace!.trace_id])
  })
})
