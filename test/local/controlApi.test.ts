import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address, internal, SendMode, toNano } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LiveChain } from '../../chain/LiveChain.js'
import { mineWhenIdle } from '../../local/control/mineWhenIdle.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { jettonMintBody } from '../../protocol/jetton/messages.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { dapp } from './_support/dapp.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-control-'))
let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    ...{ dbPath: join(dir, 'control.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange.close()
  rmSync(dir, { recursive: true, force: true })
})

const post = async (path: string, body?: unknown) => {
  const response = await fetch(`${exchange.url}${path}`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
const get = async (path: string) => (await fetch(`${exchange.url}${path}`)).json() as Promise<never>
const errorOf = (json: Record<string, unknown>) =>
  (json.error ?? {}) as { code?: string; field?: string }
const chain = () => {
  if (exchange.chain === undefined) throw new Error('no chain')
  return exchange.chain
}
const STRANGER = Address.parseRaw(`0:${'5e'.repeat(32)}`)

describe('POST /local/time', () => {
  test("default: moves the next block's time, and a wallet's deadline with it; back to the snapshot restores it", async () => {
    const { json: snapshot } = await post('/local/snapshots')
    const app = dapp(exchange.url)
    const [alpha] = exchange.wallets
    if (alpha === undefined) throw new Error('no test wallet')
    const before = chain().time
    const moved = await post('/local/time', { increase: 7_200 })
    expect(moved.status).toBe(200)
    expect(moved.json.time).toBeGreaterThanOrEqual(before + 7_200)
    expect(chain().time).toBeGreaterThanOrEqual(before + 7_200)
    // A transfer signed with the wall clock's valid_until (now + 60 s) is past its deadline now.
    await expect(app.send(alpha, { to: STRANGER, value: toNano('1') })).rejects.toThrow()
    // A DEX v2 swap whose deadline is 10 minutes of wall clock away is past it too: refunded.
    const pools = async () =>
      ((await get('/v1/pools')) as { pool_list: Record<string, string>[] }).pool_list.map(
        (p) => `${p.address} ${p.reserve0} ${p.reserve1}`,
      )
    const wallet = app.client.open(alpha.contract)
    const swapWithDeadline = async (deadline: number) => {
      const params = await app.swapParams(alpha, 1_000_000n, deadline)
      await wallet.sendTransfer({
        seqno: await wallet.getSeqno(),
        secretKey: (await alpha.keyPair()).secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        timeout: chain().time + 60,
        messages: [internal({ to: params.to, value: params.value, body: params.body as never })],
      })
      await exchange.indexed(chain().head.seqno)
    }
    const listed = await pools()
    await swapWithDeadline(Math.floor(Date.now() / 1000) + 600)
    expect(await pools()).toEqual(listed)
    await swapWithDeadline(chain().time + 600)
    expect(await pools()).not.toEqual(listed)
    const mined = await post('/local/mine', { blocks: 1 })
    const block = (mined.json.blocks as number[])[0]!
    const header = (await get(`/api/v2/getMasterchainInfo`)) as {
      result: { last: { seqno: number } }
    }
    expect(header.result.last.seqno).toBe(block)
    expect(chain().head.now).toBeGreaterThanOrEqual(before + 7_200)
    // Set: later is fine, back is refused and changes nothing.
    const later = chain().time + 60
    expect((await post('/local/time', { set: later })).json.time).toBe(later)
    const back = await post('/local/time', { set: later - 3_600 })
    expect(back.status).toBe(409)
    expect(errorOf(back.json).code).toBe('LOCAL_TIME_BACKWARDS')
    expect(chain().time).toBeGreaterThanOrEqual(later)
    // Back to the snapshot: the wallet's deadline holds again.
    expect((await post(`/local/snapshots/${snapshot.id}/revert`)).status).toBe(200)
    expect(chain().time).toBeLessThan(before + 7_200)
    await app.send(alpha, { to: STRANGER, value: toNano('1') })
  })

  test('error: bad bodies get a 4xx with a stable code', async () => {
    const cases: [unknown, number, string][] = [
      [{ increase: -5 }, 400, 'LOCAL_INVALID_FIELD'],
      [{ increase: 'soon' }, 400, 'LOCAL_INVALID_FIELD'],
      [{ set: 1, increase: 1 }, 400, 'LOCAL_INVALID_BODY'],
      [{}, 400, 'LOCAL_INVALID_BODY'],
      ['{"increase": ', 400, 'LOCAL_INVALID_JSON'],
      [{ set: 1 }, 409, 'LOCAL_TIME_BACKWARDS'],
    ]
    for (const [body, status, code] of cases) {
      const { status: got, json } = await post('/local/time', body)
      expect([got, errorOf(json)?.code], JSON.stringify([body, json])).toEqual([status, code])
    }
    const huge = await post('/local/time', { set: 1, pad: 'x'.repeat(2_000_000) })
    expect([huge.status, errorOf(huge.json).code]).toEqual([413, 'LOCAL_BODY_TOO_LARGE'])
  })
})

describe('POST /local/mine', () => {
  test('default: n blocks without transactions, in the TON API and the index', async () => {
    const head = chain().head.seqno
    const transactions = chain().transactionCount
    const { status, json } = await post('/local/mine', { blocks: 3 })
    expect(status).toBe(200)
    expect(json.blocks).toEqual([head + 1, head + 2, head + 3])
    expect(chain().transactionCount).toBe(transactions)
    const info = (await get('/api/v2/getMasterchainInfo')) as {
      result: { last: { seqno: number } }
    }
    expect(info.result.last.seqno).toBe(head + 3)
    const status2 = (await get('/local/status')) as { index: { seqno: number } }
    expect(status2.index.seqno).toBe(head + 3)
    const one = await post('/local/mine')
    expect(one.json.blocks).toEqual([head + 4])
    const bad = await post('/local/mine', { blocks: 0 })
    expect([bad.status, errorOf(bad.json).code, errorOf(bad.json).field]).toEqual([
      400,
      'LOCAL_INVALID_FIELD',
      'blocks',
    ])
  })

  test('--block-time: an idle chain makes empty blocks on its own', async () => {
    const live = await LiveChain.open()
    const stop = mineWhenIdle(live, 0.1)
    try {
      const deadline = Date.now() + 60_000
      while (live.head.seqno < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(live.head.seqno).toBeGreaterThanOrEqual(3)
      expect(live.transactionCount).toBe(0)
    } finally {
      stop()
      await live.close()
    }
  })
})

describe('POST /local/snapshots and revert', () => {
  test('default: swaps after a snapshot are gone after the revert, in REST, the TON API and the index; new swaps index normally', async () => {
    const app = dapp(exchange.url)
    const [, bravo] = exchange.wallets
    if (bravo === undefined) throw new Error('no test wallet')
    const wallet = bravo.address.toString()
    const pools = async () =>
      ((await get('/v1/pools')) as { pool_list: Record<string, string>[] }).pool_list.map(
        (p) => `${p.address} ${p.reserve0} ${p.reserve1} ${p.lp_total_supply}`,
      )
    const operations = async () =>
      (
        (await get(
          `/v1/wallets/${wallet}/operations?since=2000-01-01T00:00:00&until=2100-01-01T00:00:00`,
        )) as { operations: unknown[] }
      ).operations.length
    const tonState = async () => ({
      balance: await app.client.getBalance(bravo.address),
      seqno: await app.client.open(bravo.contract).getSeqno(),
    })
    const taken = await post('/local/snapshots')
    expect(taken.status).toBe(200)
    const at = { pools: await pools(), operations: await operations(), ton: await tonState() }
    for (let i = 0; i < 2; i++) await app.send(bravo, await app.swapParams(bravo, 1_000_000n))
    await exchange.indexed(chain().head.seqno)
    expect(await operations()).toBe(at.operations + 2)
    expect(await pools()).not.toEqual(at.pools)

    const reverted = await post(`/local/snapshots/${taken.json.id}/revert`)
    expect(reverted.status).toBe(200)
    expect(reverted.json.seqno).toBe(taken.json.seqno)
    expect(chain().head.seqno).toBe(taken.json.seqno)
    expect(await pools()).toEqual(at.pools)
    expect(await operations()).toBe(at.operations)
    expect(await tonState()).toEqual(at.ton)

    await app.send(bravo, await app.swapParams(bravo, 1_000_000n))
    await exchange.indexed(chain().head.seqno)
    expect(await operations()).toBe(at.operations + 1)
    expect(await pools()).not.toEqual(at.pools)

    // A request waiting for the index while a revert restarts the indexer still answers.
    const point = await post('/local/snapshots')
    const [faucet, back] = await Promise.all([
      post('/local/faucet', { address: STRANGER.toString(), asset: 'TON', amount: '1000000000' }),
      post(`/local/snapshots/${point.json.id}/revert`),
    ])
    expect([faucet.status, back.status]).toEqual([200, 200])
    expect((await get('/local/status')) as { index: { seqno: number } }).toMatchObject({
      index: { seqno: chain().head.seqno },
    })

    const unknown = await post('/local/snapshots/999/revert')
    expect([unknown.status, errorOf(unknown.json).code]).toEqual([404, 'LOCAL_UNKNOWN_SNAPSHOT'])
  })
})

describe('POST /local/messages', () => {
  test("default: a mint sent as the jetton's admin reaches a wallet and the REST API shows it; a stranger's is refused on chain", async () => {
    const assets = (await get('/v1/assets')) as {
      asset_list: { contract_address: string; symbol: string }[]
    }
    const usdt = assets.asset_list.find((a) => a.symbol === 'USDT')?.contract_address as string
    const { stack } = await chain().runGetMethod(Address.parse(usdt), 'get_jetton_data')
    const adminItem = stack[2]
    if (adminItem?.type !== 'slice') throw new Error('get_jetton_data has no admin')
    const admin = adminItem.cell.beginParse().loadAddress()
    const owner = Address.parseRaw(`0:${'4d'.repeat(32)}`)
    const body = jettonMintBody({
      to: owner,
      amount: 1_234_567n,
      tonAmount: toNano('0.05'),
      response: admin,
    })
    const message = (from: Address) => ({
      from: from.toString(),
      to: usdt,
      value: '100000000',
      body: body.toBoc().toString('base64'),
    })
    const refused = await post('/local/messages', message(STRANGER))
    expect(refused.status).toBe(200)
    const refusedTxs = refused.json.transactions as { exit_code: number | null; success: boolean }[]
    expect(refusedTxs[0]?.success).toBe(false)
    expect(refusedTxs[0]?.exit_code).not.toBe(0)

    const minted = await post('/local/messages', message(admin))
    expect(minted.status).toBe(200)
    const txs = minted.json.transactions as { exit_code: number | null; success: boolean }[]
    expect(txs.length).toBeGreaterThan(1)
    expect(txs.every((t) => t.success)).toBe(true)
    const held = (await get(`/v1/wallets/${owner.toString()}/assets`)) as {
      asset_list: { symbol: string; balance?: string }[]
    }
    expect(held.asset_list.find((a) => a.symbol === 'USDT')?.balance).toBe('1234567')
  })

  test('error: bad fields get a 4xx with the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ from: 'nope', to: STRANGER.toString(), value: '1' }, 'LOCAL_INVALID_ADDRESS', 'from'],
      [
        { from: STRANGER.toString(), to: STRANGER.toString(), value: '-1' },
        'LOCAL_INVALID_FIELD',
        'value',
      ],
      [{ from: STRANGER.toString(), value: '1' }, 'LOCAL_INVALID_FIELD', 'to'],
      [
        { from: STRANGER.toString(), to: STRANGER.toString(), value: '1', body: 'AAAA' },
        'LOCAL_INVALID_BOC',
        'body',
      ],
    ]
    const head = chain().head.seqno
    for (const [body, code, field] of cases) {
      const { status, json } = await post('/local/messages', body)
      expect([status, errorOf(json).code, errorOf(json).field]).toEqual([400, code, field])
    }
    expect(chain().head.seqno).toBe(head)
  })
})

describe('POST /local/accounts/{address}/balance', () => {
  test('default: sets the balance the TON API and the REST API answer', async () => {
    const address = Address.parseRaw(`0:${'3c'.repeat(32)}`)
    const { status, json } = await post(`/local/accounts/${address.toString()}/balance`, {
      balance: '777000000000',
    })
    expect(status).toBe(200)
    expect(json.balance).toBe('777000000000')
    const app = dapp(exchange.url)
    expect(await app.client.getBalance(address)).toBe(777_000_000_000n)
    const [alpha] = exchange.wallets
    if (alpha === undefined) throw new Error('no test wallet')
    await post(`/local/accounts/${alpha.address.toString()}/balance`, { balance: '5000000000' })
    expect(await app.client.getBalance(alpha.address)).toBe(5_000_000_000n)
    const assets = (await get(`/v1/wallets/${alpha.address.toString()}/assets`)) as {
      asset_list: { symbol: string; balance?: string }[]
    }
    expect(assets.asset_list.find((a) => a.symbol === 'TON')?.balance).toBe('5000000000')
    const bad = await post(`/local/accounts/nope/balance`, { balance: '1' })
    expect([bad.status, errorOf(bad.json).code]).toEqual([400, 'LOCAL_INVALID_ADDRESS'])
    const noBalance = await post(`/local/accounts/${address.toString()}/balance`, {
      balance: '5 TON',
    })
    expect([noBalance.status, errorOf(noBalance.json).field]).toEqual([400, 'balance'])
  })
})
