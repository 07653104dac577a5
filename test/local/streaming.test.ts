import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { dapp } from './_support/dapp.js'

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

type StreamEvent = {
  type: string
  finality: string
  trace_external_hash_norm: string
  transactions?: { account: string; hash: string; lt: string }[]
  actions?: {
    type: string
    success: boolean
    accounts: string[]
    details: { asset_in?: string; asset_out?: string; sender?: string }
  }[]
}

/** Reads `data:` events of an SSE answer until `done` says enough (or the deadline passes). */
async function readEvents(
  response: Response,
  done: (events: readonly StreamEvent[]) => boolean,
  deadlineMs: number,
): Promise<StreamEvent[]> {
  const reader = response.body?.getReader()
  if (reader === undefined) throw new Error('no body')
  const events: StreamEvent[] = []
  const decoder = new TextDecoder()
  let buffered = ''
  const timeout = setTimeout(() => void reader.cancel(), deadlineMs)
  try {
    while (!done(events)) {
      const { value, done: ended } = await reader.read()
      if (ended) break
      buffered += decoder.decode(value, { stream: true })
      let end = buffered.indexOf('\n\n')
      while (end >= 0) {
        const chunk = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        for (const line of chunk.split('\n')) {
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as StreamEvent)
        }
        end = buffered.indexOf('\n\n')
      }
    }
  } finally {
    clearTimeout(timeout)
    await reader.cancel().catch(() => undefined)
  }
  return events
}

test("default: a wallet's swap arrives as a finalized transactions event and a jetton_swap action", async () => {
  const app = dapp(exchange.url)
  const [, , charlie] = exchange.wallets
  if (charlie === undefined) throw new Error('no test wallet')
  const raw = charlie.address.toRawString().toUpperCase()
  const response = await fetch(`${exchange.url}/api/streaming/v2/sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      addresses: [charlie.address.toString()],
      types: ['transactions', 'actions'],
    }),
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const reading = readEvents(
    response,
    (events) =>
      events.some((e) => e.type === 'transactions') && events.some((e) => e.type === 'actions'),
    90_000,
  )
  await app.send(charlie, await app.swapParams(charlie, 2_000_000n))
  const events = await reading
  const transactions = events.find((e) => e.type === 'transactions')
  const actions = events.find((e) => e.type === 'actions')
  expect(transactions?.finality).toBe('finalized')
  expect(transactions?.transactions?.some((tx) => tx.account === raw)).toBe(true)
  // Newest first, as toncenter orders a trace's transactions.
  const lts = transactions?.transactions?.map((tx) => BigInt(tx.lt)) ?? []
  expect(lts).toEqual([...lts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
  expect(lts.length).toBeGreaterThan(3)
  const swap = actions?.actions?.find((a) => a.type === 'jetton_swap')
  expect(swap?.success).toBe(true)
  expect(swap?.details.sender).toBe(raw)
  expect(swap?.accounts).toContain(raw)
  expect(actions?.trace_external_hash_norm).toBe(transactions?.trace_external_hash_norm)
})

test('error: an unknown type or no addresses is a 400 with the parameter named', async () => {
  for (const body of [
    {
      addresses: ['EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'],
      types: ['account_state_change'],
    },
    { types: ['transactions'] },
    { addresses: ['nope'], types: ['transactions'] },
  ]) {
    const response = await fetch(`${exchange.url}/api/streaming/v2/sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { ok: boolean; error_code: string }
    expect(answer).toMatchObject({ ok: false, error_code: 'TON_API_INVALID_PARAMETER' })
  }
})
