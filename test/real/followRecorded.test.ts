import { createHash } from 'node:crypto'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type ClientRequest, createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Address, Cell, loadTransaction, type Transaction } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningFollowNode, startFollowNode } from '../../local/startFollowNode.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import type { IndexedTransactionRow } from '../../store/rows/indexerRows.js'
import { startFaultProxy } from '../_support/faultProxy.js'
import { readBlock } from '../_support/mainnetBlock.js'
import {
  type ChainTransaction,
  loadConfig46991999,
  loadMevRouterHistory,
  loadPoolAfterSwap,
  loadRecordedBlock,
  loadTgoBlock3Expected,
  loadTxEmulation,
  RecordedChain,
} from '../_support/mainnetData.js'
import { type RecordedToncenter, startRecordedToncenter } from '../_support/recordedToncenter.js'

/**
 * `serve --follow` (SQLite) over recorded mainnet data served the way toncenter serves it (a
 * real HTTP server, `test/_support/recordedToncenter.ts`; each file's source in
 * `test/data/mainnet/README.md`): whole shard blocks in `blocks` mode — TGO block-3 (510
 * transactions, two `getBlockTransactionsExt` pages of 256, two STON.fi v1 router transactions)
 * and ton-rs's block 57 314 442 (90 transactions, two complete STON.fi v2 traces) — and the
 * 300 consecutive transactions of the v2.2 TON/USD₮ router with tonapi's decoding (MEV), in
 * `blocks` and `accounts` mode. The routers are named (`--routers`): the node asks no REST API
 * for them (neither the upstream's nor `api.ston.fi`).
 */

const V1_ROUTER = 'EQB3ncyBUTjZUA5EnFKR5_EnOMI9V1tTEAAPaiU71gc4TiUt'
const V2_ROUTERS = [
  'EQDQ6j53q21HuZtw6oclm7z4LU2cG6S2OKvpSSMH548d7kJT',
  'EQAiv3IuxYA6ZGEunOgZSTuMBzbpjwRbWw09-WsE-iqKKMrK',
]
const V22_ROUTER = 'EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3'

let dir: string
/** Hosts every HTTP request of this process went to (a node asking `api.ston.fi` shows here). */
const hostsAsked: string[] = []
const onRequest = (message: unknown) => {
  const { request } = message as { request: ClientRequest }
  hostsAsked.push(request.host)
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-follow-recorded-'))
  subscribe('http.client.request.start', onRequest)
})
afterAll(() => {
  unsubscribe('http.client.request.start', onRequest)
  rmSync(dir, { recursive: true, force: true })
})

type Followed = { upstream: RecordedToncenter; node: RunningFollowNode; close(): Promise<void> }

/** A follow node on a recorded toncenter of `chain`, caught up with its head. */
async function follow(
  name: string,
  chain: RecordedChain,
  options: { routers: string[]; fromSeqno: number; mode?: 'blocks' | 'accounts'; url?: string },
): Promise<Followed> {
  const upstream = await startRecordedToncenter({ chain })
  const node = await startFollowNode({
    ...{ dbPath: join(dir, `${name}.sqlite`), host: '127.0.0.1', port: 0 },
    follow: {
      url: options.url ?? upstream.jsonRpcUrl,
      mode: options.mode ?? 'blocks',
      rps: Number.POSITIVE_INFINITY,
      routers: options.routers,
      fromSeqno: options.fromSeqno,
      backoff: { firstMs: 20, maxMs: 200 },
    },
  })
  await node.follower.indexed(chain.head)
  return {
    upstream,
    node,
    async close() {
      await node.close()
      await upstream.close()
    },
  }
}

/** Every transaction the node indexed (the store lists newest first). */
async function indexed(node: RunningFollowNode): Promise<IndexedTransactionRow[]> {
  return [...(await node.store.listIndexedTransactions({ limit: 1_000_000 }))]
}

/**
 * The trace links a block's own messages give, independently of the indexer: each
 * transaction's parent (the transaction in the data whose internal out-message it received,
 * matched by source, destination and created lt) and its origin (the first transaction of that
 * chain the data holds; a wallet's, when the trace began in the data).
 */
function traceLinks(txs: readonly ChainTransaction[]) {
  const key = (src: Address, dest: Address, lt: bigint) =>
    `${src.toRawString()}>${dest.toRawString()}@${lt}`
  const sender = new Map<string, ChainTransaction>()
  for (const t of txs) {
    for (const out of t.transaction.outMessages.values()) {
      if (out.info.type === 'internal')
        sender.set(key(out.info.src, out.info.dest, out.info.createdLt), t)
    }
  }
  const parentOf = (t: ChainTransaction) => {
    const info = t.transaction.inMessage?.info
    return info?.type === 'internal'
      ? sender.get(key(info.src, info.dest, info.createdLt))
      : undefined
  }
  const links = new Map<string, { parent: string | null; origin: string }>()
  for (const t of txs) {
    let root = t
    for (let up = parentOf(root); up !== undefined; up = parentOf(root)) root = up
    links.set(t.hash.toString('hex'), {
      parent: parentOf(t)?.hash.toString('hex') ?? null,
      origin: root.hash.toString('hex'),
    })
  }
  return links
}

const raw = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? text : Address.parse(text).toRawString()

describe('serve --follow over TGO block-3 (510 transactions, two pages)', () => {
  let f: Followed
  const chain = new RecordedChain()
  const block = chain.addBlock(loadRecordedBlock('tgo-block-3'))
  beforeAll(async () => {
    hostsAsked.length = 0
    f = await follow('tgo-block-3', chain, { routers: [V1_ROUTER], fromSeqno: block.mcSeqno })
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  test('every transaction indexed once, read in two pages', async () => {
    const rows = await indexed(f.node)
    const expected = loadTgoBlock3Expected().txHashes
    expect(expected).toHaveLength(510)
    expect(rows).toHaveLength(510)
    expect(rows.map((r) => r.hash).sort()).toEqual([...expected].map((h) => h.toLowerCase()).sort())
    // 510 transactions at 256 a page: two pages, each transaction once.
    expect(f.upstream.count('getBlockTransactionsExt')).toBe(2)
    expect(f.node.follower.status.state).not.toBe('failed')
  })

  test('the two STON.fi v1 router transactions decode; trace links are the block’s own', async () => {
    const rows = await indexed(f.node)
    const router = Address.parse(V1_ROUTER).toRawString()
    const routerRows = rows.filter((r) => raw(r.account) === router)
    expect(routerRows.map((r) => r.lt.toString()).sort()).toEqual([
      '43049086000007',
      '43049086000011',
    ])
    for (const r of routerRows) expect(r.kind).not.toBe('other')
    const links = traceLinks(block.transactions)
    for (const r of rows) {
      expect({ hash: r.hash, parent: r.parentHash, origin: r.originHash }).toEqual({
        hash: r.hash,
        ...links.get(r.hash),
      })
    }
    // The refunded v1 swap's pool has no recorded state: no operation is invented for it.
    expect(await f.node.store.listOperations({})).toEqual([])
  })

  test('routers named: no REST API was asked for them, neither the upstream’s nor api.ston.fi', () => {
    expect([...f.upstream.counts.keys()].filter((m) => m.includes('v1/'))).toEqual([])
    expect(hostsAsked.filter((h) => h !== '127.0.0.1')).toEqual([])
  })
})

describe('serve --follow over ton-rs block 57 314 442 (two whole STON.fi v2 traces)', () => {
  let f: Followed
  const chain = new RecordedChain()
  const block = chain.addBlock(loadRecordedBlock('trs-57314442'))
  beforeAll(async () => {
    f = await follow('trs-57314442', chain, { routers: V2_ROUTERS, fromSeqno: block.mcSeqno })
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  test('every transaction once; each one’s origin is the block’s own (a wallet’s external)', async () => {
    const rows = await indexed(f.node)
    expect(rows.map((r) => r.hash).sort()).toEqual(
      block.transactions.map((t) => t.hash.toString('hex')).sort(),
    )
    const links = traceLinks(block.transactions)
    for (const r of rows) {
      expect({ hash: r.hash, parent: r.parentHash, origin: r.originHash }).toEqual({
        hash: r.hash,
        ...links.get(r.hash),
      })
    }
    // The two traces start at wallets' external messages, in this block.
    const byHash = new Map(block.transactions.map((t) => [t.hash.toString('hex'), t]))
    const routers = new Set(V2_ROUTERS.map((r) => Address.parse(r).toRawString()))
    const stonfi = rows.filter((r) => routers.has(raw(r.account) as string))
    expect(stonfi.length).toBeGreaterThanOrEqual(4)
    for (const r of stonfi) {
      expect(byHash.get(r.originHash)?.transaction.inMessage?.info.type).toBe('external-in')
    }
  })

  test('the provision that deploys a pool: operations filed to the wallet’s transaction', async () => {
    const ops = await f.node.store.listOperations({})
    // The provision's pool is deployed in the block; the swap's pool existed before it, and
    // no recording holds its state then (the block's state update prunes it): not adopted.
    const pool = Address.parse('EQAiDeaTeYwS5cKbzhlX_RfLMlbsc-nUEpVJCtpGnlMb0lDb').toRawString()
    expect(ops.length).toBeGreaterThan(0)
    const links = traceLinks(block.transactions)
    const byHash = new Map(block.transactions.map((t) => [t.hash.toString('hex'), t]))
    const wallet = Address.parse('EQDgAkgiuJVoTXWFZQWjUGTldu3OY-NWG7GUWld_2URr9zJS').toRawString()
    for (const op of ops) {
      expect(raw(op.poolAddress)).toBe(pool)
      expect(op.walletTxHash).toBe(links.get(op.poolTxHash)?.origin)
      const origin = byHash.get(op.walletTxHash)
      expect(origin?.account.toRawString()).toBe(wallet)
      expect(origin?.transaction.inMessage?.info.type).toBe('external-in')
      expect(raw(op.walletAddress)).toBe(wallet)
    }
    // The pool minted 10^14 LP units (99 999 999 998 999 to the wallet, 1 001 locked).
    expect(ops.reduce((sum, op) => sum + op.lpTokenDelta, 0n)).toBe(100_000_000_000_000n)
    expect(ops.map((op) => op.operationType).sort()).toEqual([
      'AddLiquidity',
      'SendLiquidity',
      'SendLiquidity',
    ])
  })
})

/** tonapi's name of each in-message op (MEV file) and the kind the indexer gives it. */
const KIND_OF_TONAPI_OP: Record<string, string> = {
  stonfi_pay_to_v2: 'v2.pay_to',
  jetton_notify: 'jetton.transfer_notification',
  stonfi_pay_vault_v2: 'v2.pay_vault',
}

describe('serve --follow over the v2.2 router’s 300 transactions (MEV, tonapi’s decoding)', () => {
  const mev = loadMevRouterHistory()
  const chain = new RecordedChain()
  chain.addTransactions(mev.transactions.map((t) => ({ cell: t.cell, block: t.block })))
  let f: Followed
  beforeAll(async () => {
    f = await follow('mev-blocks', chain, { routers: [V22_ROUTER], fromSeqno: chain.mcRange()[0] })
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  test('blocks mode: 300 transactions, each once, each the kind tonapi names, from its sender', async () => {
    const rows = new Map((await indexed(f.node)).map((r) => [r.hash, r]))
    expect(rows.size).toBe(300)
    for (const t of mev.transactions) {
      const row = rows.get(t.hash)
      expect(row, t.hash).toBeDefined()
      expect(row?.kind).toBe(KIND_OF_TONAPI_OP[t.inMsg?.opName ?? ''])
      expect(raw(row?.sourceAddress)).toBe(t.inMsg?.source)
      expect(raw(row?.account)).toBe(mev.account)
    }
  })

  test('the amounts tonapi read from each message equal the decoded bodies', async () => {
    const txs = new Map(
      chain.allTransactions().map((t) => [t.hash.toString('hex'), t.transaction as Transaction]),
    )
    let compared = 0
    for (const t of mev.transactions) {
      const tx = txs.get(t.hash) as Transaction
      const body = decodeBody(tx.inMessage?.body)
      const a = t.inMsg?.amounts ?? {}
      if (body?.type === 'v2.pay_to' || body?.type === 'v2.pay_vault') {
        expect([body.amount0, body.amount1].map(String)).toEqual([
          a['additional_info.amount0_out'],
          a['additional_info.amount1_out'],
        ])
        if (body.type === 'v2.pay_to') {
          expect(String(body.fwdTonAmount)).toBe(a['additional_info.fwd_ton_amount'])
        }
      } else if (body?.type === 'jetton.transfer_notification') {
        expect(String(body.amount)).toBe(a.amount)
      } else throw new Error(`${t.hash}: ${body?.type} not decoded`)
      const outs = [...tx.outMessages.values()].map((m) => decodeBody(m.body))
      expect(outs).toHaveLength(t.outMsgs.length)
      t.outMsgs.forEach((m, i) => {
        const out = outs[i]
        if (m.opName === 'jetton_transfer' && out?.type === 'jetton.transfer') {
          expect(String(out.amount)).toBe(m.amounts.amount)
          expect(String(out.forwardTonAmount)).toBe(m.amounts.forward_ton_amount)
        } else if (m.opName === 'stonfi_swap_v2' && out?.type === 'v2.swap') {
          expect([out.amount0, out.amount1].map(String)).toEqual([
            m.amounts.left_amount,
            m.amounts.right_amount,
          ])
        } else if (m.opName === 'stonfi_deposit_ref_fee_v2' && out?.type === 'v2.deposit_ref_fee') {
          expect(String(out.amount)).toBe(m.amounts.jetton_amount)
        } else throw new Error(`${t.hash}: out ${m.opName} decoded as ${out?.type}`)
        compared += 1
      })
    }
    expect(compared).toBe(300)
  })
})

describe('serve --follow --follow-mode accounts over the v2.2 router’s 300 transactions', () => {
  const mev = loadMevRouterHistory()
  const chain = new RecordedChain()
  chain.addTransactions(mev.transactions.map((t) => ({ cell: t.cell, block: t.block })))

  test('gap-free: all 300, each once; one row dropped from a discovery page is noticed and read again', async () => {
    const upstream = await startRecordedToncenter({ chain })
    let dropped: string | undefined
    // A real proxy that leaves one router transaction out of one v3 discovery page (one
    // whose successor is on the same page, so its link shows the gap).
    const proxy = await startFaultProxy(
      upstream.url,
      () => ({ type: 'pass' }),
      ({ method }) =>
        method.endsWith('/api/v3/transactions') && dropped === undefined
          ? {
              type: 'rewrite',
              rewrite: (answer) => {
                const page = answer as { transactions: { hash: string }[] }
                if (page.transactions.length < 3) return page
                dropped = page.transactions[1]?.hash
                return { ...page, transactions: page.transactions.filter((_, i) => i !== 1) }
              },
            }
          : { type: 'pass' },
    )
    const node = await startFollowNode({
      ...{ dbPath: join(dir, 'mev-accounts.sqlite'), host: '127.0.0.1', port: 0 },
      follow: {
        url: `${proxy.url}/api/v2/jsonRPC`,
        mode: 'accounts',
        rps: Number.POSITIVE_INFINITY,
        routers: [V22_ROUTER],
        fromSeqno: chain.mcRange()[0],
        backoff: { firstMs: 20, maxMs: 200 },
      },
    })
    try {
      await node.follower.indexed(chain.head)
      expect(dropped).toBeDefined()
      const rows = await indexed(node)
      expect(rows.map((r) => r.hash).sort()).toEqual(mev.transactions.map((t) => t.hash).sort())
      // Noticed (a retry) and read again (more than one discovery request).
      expect(node.follower.status.retries).toBeGreaterThanOrEqual(1)
      expect(upstream.count('v3/transactions')).toBeGreaterThanOrEqual(2)
      expect(node.follower.status.state).not.toBe('failed')
    } finally {
      await node.close()
      await proxy.close()
      await upstream.close()
    }
  }, 180_000)
})

/**
 * xssnick/tonutils-go's whole block (0, 8000000000000000, 71398501) (`_data/README.md`): 269
 * transactions, so two pages; among them two STON.fi v2 swaps of wallets' external messages
 * that pool `EQCGScrZ…` refunded (`swap_refund_slippage`). The pool's state before the block is
 * in no recording: the one ston-fi/ton-rs recorded five months earlier stands for it (a refund
 * moves no reserve, so the operations do not depend on it).
 */
function tonutilsBlock71398501(drop?: string) {
  const bytes = gunzipSync(
    readFileSync(join(__dirname, '_data/tonutils-block_0_8000000000000000_71398501.boc.gz')),
  )
  const root = Cell.fromBoc(bytes)[0] as Cell
  const chain = new RecordedChain()
  const block = chain.addBlock({
    ...readBlock(root),
    fileHash: createHash('sha256').update(bytes).digest(),
  })
  const pool = loadPoolAfterSwap()
  chain.addAccountState(
    pool.address,
    {
      balance: pool.balance,
      code: pool.code,
      data: pool.data,
      lastTransaction: pool.lastTransaction,
    },
    block.mcSeqno - 1,
  )
  chain.addLibraries(loadTxEmulation('stonfiPoolSwap').libs)
  chain.setConfig(loadConfig46991999().dict)
  const links = traceLinks(block.transactions)
  if (drop !== undefined) chain.dropTransaction(drop)
  return { chain, block, links, root }
}

const REFUNDED = [
  { wallet: 'EQCPv3AqrZh0zQm0969ZjysU4RgF5LUyLAEnX87_YNHuTRAV', amount: 2_613_151_566n },
  { wallet: 'EQD815QpwRPc1Dc5YxFGfcwtwfN3LClcrnXQdpPm4Mzvd0dK', amount: 2_617_761_542n },
]

describe('serve --follow over tonutils-go block 71 398 501 (269 transactions, two pages)', () => {
  const { chain, block, links, root } = tonutilsBlock71398501()
  let f: Followed
  beforeAll(async () => {
    f = await follow('tonutils-71398501', chain, {
      routers: [V22_ROUTER],
      fromSeqno: block.mcSeqno,
    })
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  test('each of the 269 transactions once; the two refunds filed to the wallets’ transactions', async () => {
    expect(root.hash().toString('hex')).toBe(
      '244d0a2f58561995bd57943b0db945cb9fa6a5181d501efc334636aa4401c241',
    )
    const rows = await indexed(f.node)
    expect(rows).toHaveLength(269)
    expect(new Set(rows.map((r) => r.hash)).size).toBe(269)
    expect(f.upstream.count('getBlockTransactionsExt')).toBe(2)
    const byHash = new Map(block.transactions.map((t) => [t.hash.toString('hex'), t]))
    const ops = [...(await f.node.store.listOperations({}))].sort((a, b) =>
      a.walletAddress < b.walletAddress ? -1 : 1,
    )
    expect(
      ops.map((op) => ({
        type: op.operationType,
        exit: op.exitCode,
        success: op.success,
        wallet: op.walletAddress,
        amount: op.asset0Amount + op.asset1Amount,
        walletTxHash: op.walletTxHash,
      })),
    ).toEqual(
      REFUNDED.map((r) => ({
        type: 'Swap',
        exit: 'swap_refund_slippage',
        success: false,
        wallet: r.wallet,
        amount: r.amount,
        // The block's own trace: the wallet's transaction on its external message.
        walletTxHash: [...links].find(
          ([hash, l]) =>
            l.origin === hash && byHash.get(hash)?.account.equals(Address.parse(r.wallet)),
        )?.[0],
      })),
    )
    for (const op of ops) {
      expect(op.walletTxHash).toBe(links.get(op.poolTxHash)?.origin)
      expect(byHash.get(op.walletTxHash)?.transaction.inMessage?.info.type).toBe('external-in')
    }
  })
})

describe('a trace cut by the data’s edge stays pending, not misfiled', () => {
  // The same block without wallet EQD815…'s transaction: that swap's trace now begins before
  // the data (as when a follower starts in the middle of it).
  const whole = tonutilsBlock71398501()
  const walletTx = [...whole.links].find(
    ([hash, l]) =>
      l.origin === hash &&
      whole.block.transactions
        .find((t) => t.hash.toString('hex') === hash)
        ?.account.equals(Address.parse(REFUNDED[1]!.wallet)),
  )?.[0] as string
  const { chain, block } = tonutilsBlock71398501(walletTx)
  let f: Followed
  beforeAll(async () => {
    f = await follow('tonutils-cut', chain, { routers: [V22_ROUTER], fromSeqno: block.mcSeqno })
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  test('its operation is held back; the whole trace’s is filed to its wallet', async () => {
    expect(walletTx).toMatch(/^[0-9a-f]{64}$/)
    const rows = await indexed(f.node)
    expect(rows).toHaveLength(268)
    const ops = await f.node.store.listOperations({})
    expect(ops.map((op) => [op.walletAddress, op.asset0Amount + op.asset1Amount])).toEqual([
      [REFUNDED[0]!.wallet, REFUNDED[0]!.amount],
    ])
    // The cut trace's pool transaction is indexed, its origin the first one the data holds
    // (a transaction with an unknown sender), never a wallet's.
    const cutPoolTx = rows.find(
      (r) => r.kind === 'v2.swap' && r.hash !== ops[0]?.poolTxHash,
    ) as IndexedTransactionRow
    expect(cutPoolTx).toBeDefined()
    const origin = rows.find((r) => r.hash === cutPoolTx.originHash)
    expect(origin?.parentHash).toBeNull()
    expect(origin?.kind).not.toBe('external')
  })
})

/**
 * A real HTTP front that answers `getBlockTransactionsExt` as the pytonlib flavour does: it
 * pages the upstream itself (256 a call, cursor = the last item's lt and account id) until the
 * block is complete and answers the whole block with `incomplete: false`; everything else is
 * passed on.
 */
async function pytonlibFront(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const rpc = async (method: string, params: Record<string, unknown>) => {
    const res = await fetch(`${upstream}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return { status: res.status, body: (await res.json()) as { ok: boolean; result: unknown } }
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/jsonRPC')) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ ok: false, error: 'Not Found', code: 404 }))
        return
      }
      const { method, params } = JSON.parse(Buffer.concat(chunks).toString()) as {
        method: string
        params: Record<string, unknown>
      }
      let answer = await rpc(method, params)
      if (method === 'getBlockTransactionsExt' && answer.body.ok) {
        type Page = { incomplete: boolean; transactions: { data: string }[] }
        const first = answer.body.result as Page
        const all = [...first.transactions]
        for (let page = first; page.incomplete && page.transactions.length > 0; ) {
          const last = loadTransaction(
            Cell.fromBase64((page.transactions.at(-1) as { data: string }).data).beginParse(),
          )
          const next = await rpc(method, {
            ...params,
            count: 256,
            after_lt: last.lt.toString(),
            after_hash: last.address.toString(16).padStart(64, '0'),
          })
          page = next.body.result as Page
          all.push(...page.transactions)
        }
        answer = {
          ...answer,
          body: { ...answer.body, result: { ...first, incomplete: false, transactions: all } },
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/v2/jsonRPC`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('the pytonlib flavour: the whole block in one answer, incomplete: false', () => {
  test('TGO block-3’s 510 transactions read from one answer, each once', async () => {
    const chain = new RecordedChain()
    const block = chain.addBlock(loadRecordedBlock('tgo-block-3'))
    const upstream = await startRecordedToncenter({ chain })
    const front = await pytonlibFront(upstream.url)
    const node = await startFollowNode({
      ...{ dbPath: join(dir, 'pytonlib.sqlite'), host: '127.0.0.1', port: 0 },
      follow: {
        url: front.url,
        mode: 'blocks',
        rps: Number.POSITIVE_INFINITY,
        routers: [V1_ROUTER],
        fromSeqno: block.mcSeqno,
      },
    })
    try {
      await node.follower.indexed(chain.head)
      const rows = await indexed(node)
      expect(rows.map((r) => r.hash).sort()).toEqual(
        [...loadTgoBlock3Expected().txHashes].map((h) => h.toLowerCase()).sort(),
      )
      // The follower asked once; the front paged the upstream (2 pages of 256).
      expect(upstream.count('getBlockTransactionsExt')).toBe(2)
    } finally {
      await node.close()
      await front.close()
      await upstream.close()
    }
  }, 120_000)
})
