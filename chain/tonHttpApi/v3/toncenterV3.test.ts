import { Address, beginCell, Cell, contractAddress, loadTransaction, toNano } from '@ton/core'
import { JettonMaster, TonClient } from '@ton/ton'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixtureCode } from '../../../contracts-fixtures/fixtureCode.js'
import { createLocalDex } from '../../../emulator/createLocalDex.js'
import type { LocalJetton, LocalPool, LocalPton, LocalRouter } from '../../../emulator/model.js'
import { externalMessageHash } from '../../../protocol/externalMessageHash.js'
import { deployTestWallets, type TestWallet, transferBoc } from '../../_support/testWallets.js'
import { MemoryChainJournal } from '../../ChainJournal.js'
import { LiveChain } from '../../LiveChain.js'
import { tonHttpApi } from '../tonHttpApi.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)
const USDT = 1_000_000n

type Json = Record<string, unknown>
type V3Message = Json & { hash: string; source: string | null; destination: string | null }
type V3Tx = Json & {
  account: string
  hash: string
  lt: string
  now: number
  mc_block_seqno: number
  trace_id: string
  prev_trans_hash: string
  prev_trans_lt: string
  total_fees: string
  end_status: string
  account_state_after: Json
  block_ref: { workchain: number; shard: string; seqno: number }
  description: Json & { type: string; compute_ph: Json; action?: Json }
  in_msg: V3Message | null
  out_msgs: V3Message[]
}
type Book = Record<string, { user_friendly: string; domain: null }>
type TxAnswer = { transactions: V3Tx[]; address_book: Book }
type TraceNode = { tx_hash: string; in_msg_hash?: string; children: TraceNode[] }
type Trace = Json & {
  trace_id: string
  external_hash: string | null
  mc_seqno_start: string
  is_incomplete: boolean
  trace: TraceNode
  transactions_order: string[]
  transactions: Record<string, V3Tx>
  trace_info: Json & { transactions: number }
}
type V2Tx = {
  transaction_id: { lt: string; hash: string }
  fee: string
  utime: number
  data: string
  in_msg?: { body_hash: string; value: string }
}

const raw = (address: Address) =>
  `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`

describe('toncenter API v3 subset over a live chain', () => {
  let chain: LiveChain
  let app: FastifyInstance
  let base: string
  let client: TonClient
  let v4: TestWallet
  let alice: Address
  let usdt: LocalJetton
  let ton: LocalPton
  let router: LocalRouter
  let pool: LocalPool
  let swapBlock: number
  let sentHashes: { hash: string; hash_norm: string }
  let sentBoc: Buffer
  let lookAlike: Address

  const get = async <T = TxAnswer>(path: string, query: [string, string | number][] = []) => {
    const search = new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))
    const res = await fetch(`${base}/api/v3/${path}?${search}`)
    return { status: res.status, json: (await res.json()) as T }
  }
  const v2 = async <T>(method: string, query: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    )
    const res = await fetch(`${base}/api/v2/${method}?${search}`)
    return ((await res.json()) as { result: T }).result
  }

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'toncenter-v3' })
    chain = await LiveChain.open({ blockchain: dex.blockchain })
    v4 = (await deployTestWallets(chain)).v4
    const treasury = (await chain.execute(() => dex.wallet('alice'))).result
    alice = treasury.address
    usdt = (await chain.execute(() => dex.deployJetton('USDT'))).result
    ton = (await chain.execute(() => dex.deployPton('v2'))).result
    router = (await chain.execute(() => dex.deployRouter('v2', { pton: ton }))).result
    await chain.execute(() => dex.mint(usdt, alice, 1_000_000n * USDT))
    pool = (
      await chain.execute(() =>
        dex.createPool(router, {
          from: treasury,
          ...{ assetA: usdt, amountA: 300_000n * USDT, assetB: ton, amountB: toNano('10000') },
        }),
      )
    ).result.pool
    // a look-alike USDT wallet of bob: the jetton wallet code, a balance in its initial data,
    // so an address USDT's minter does not name for bob
    const code = fixtureCode('jettonWallet')
    const data = beginCell()
      .storeCoins(777n * USDT)
      .storeAddress(bob)
      .storeAddress(usdt.minter)
      .storeRef(code)
      .endCell()
    lookAlike = contractAddress(0, { code, data })
    await chain.execute(() =>
      treasury.send({ to: lookAlike, value: toNano('1'), init: { code, data }, bounce: false }),
    )
    const swap = await chain.execute(() =>
      dex.swap(router, { from: treasury, offer: usdt, ask: ton, amount: 1_000n * USDT }),
    )
    expect(swap.result.status).toBe('ok')
    expect(swap.blocks).toHaveLength(1)
    swapBlock = swap.blocks[0]!.seqno

    app = Fastify()
    await app.register(tonHttpApi, { chain })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (typeof address !== 'object' || address === null) throw new Error('not listening')
    base = `http://127.0.0.1:${address.port}`
    client = new TonClient({ endpoint: `${base}/api/v2/jsonRPC` })

    // three wallet transfers through the v2 API, the last one with its hashes
    for (const seqno of [0, 1]) {
      await v2('sendBoc', { boc: transferBoc(v4, seqno, bob, toNano('1')).toString('base64') })
    }
    sentBoc = transferBoc(v4, 2, bob, toNano('1'))
    sentHashes = await v2('sendBocReturnHash', { boc: sentBoc.toString('base64') })
  })

  afterAll(async () => {
    await app.close()
    await chain.close()
  })

  test('transactions of several accounts: the v2 transactions, merged in lt order', async () => {
    const wallet = v4.contract.address
    const accounts = [wallet, bob, router.address]
    const { status, json } = await get('transactions', [
      ...accounts.map((a): [string, string] => ['account', a.toString()]),
      ['sort', 'asc'],
      ['limit', 1000],
    ])
    expect(status).toBe(200)
    const fromV2: V2Tx[] = []
    for (const a of accounts) {
      fromV2.push(...(await v2<V2Tx[]>('getTransactions', { address: a.toString(), limit: 1000 })))
    }
    fromV2.sort((a, b) => Number(BigInt(a.transaction_id.lt) - BigInt(b.transaction_id.lt)))
    expect(json.transactions.map((t) => [t.lt, t.hash])).toEqual(
      fromV2.map((t) => [t.transaction_id.lt, t.transaction_id.hash]),
    )
    expect(json.transactions.length).toBeGreaterThan(8)
    // the same accounts comma-separated (a convenience beside toncenter's repeated form)
    const commas = await get('transactions', [
      ['account', accounts.map((a) => a.toString()).join(',')],
      ['sort', 'asc'],
      ['limit', 1000],
    ])
    expect(commas.json.transactions.map((t) => t.hash)).toEqual(
      json.transactions.map((t) => t.hash),
    )
    for (const [i, tx] of json.transactions.entries()) {
      const v2tx = fromV2[i]!
      const parsed = loadTransaction(Cell.fromBase64(v2tx.data).beginParse())
      expect(tx.account).toMatch(/^0:[0-9A-F]{64}$/)
      expect(tx.total_fees).toBe(v2tx.fee)
      expect(tx.now).toBe(v2tx.utime)
      expect(tx.prev_trans_lt).toBe(parsed.prevTransactionLt.toString())
      expect(Buffer.from(tx.prev_trans_hash, 'base64').toString('hex')).toBe(
        parsed.prevTransactionHash.toString(16).padStart(64, '0'),
      )
      expect(tx.in_msg === null).toBe(parsed.inMessage == null)
      expect(tx.in_msg?.message_content).toMatchObject({ hash: v2tx.in_msg?.body_hash })
      expect(tx.out_msgs).toHaveLength(parsed.outMessages.size)
      expect(tx.account_state_after).toMatchObject({
        hash: parsed.stateUpdate.newHash.toString('base64'),
        account_status: tx.end_status,
      })
      expect(tx).toMatchObject({
        block_ref: { workchain: 0, shard: '8000000000000000', seqno: tx.mc_block_seqno },
        finality: 'finalized',
        emulated: false,
      })
      // the block of the transaction is the one the chain recorded it in
      const block = chain.blockTransactions(tx.mc_block_seqno)
      expect(block.map((b) => Buffer.from(b.hash).toString('base64'))).toContain(tx.hash)
      expect(tx.trace_id).toBe(Buffer.from(block[0]!.hash).toString('base64'))
      expect(json.address_book[tx.account]).toMatchObject({ domain: null })
    }
    // the previous-transaction links chain each account's history without a gap
    for (const a of accounts) {
      const mine = json.transactions.filter((t) => t.account === raw(a))
      expect(mine[0]!.prev_trans_lt).toBe('0')
      for (let i = 1; i < mine.length; i++) {
        expect([mine[i]!.prev_trans_lt, mine[i]!.prev_trans_hash]).toEqual([
          mine[i - 1]!.lt,
          mine[i - 1]!.hash,
        ])
      }
    }
    // wallets are shown non-bounceable, contracts bounceable, as toncenter does
    expect(json.address_book[raw(wallet)]!.user_friendly).toBe(
      wallet.toString({ bounceable: false, urlSafe: true }),
    )
    expect(json.address_book[raw(router.address)]!.user_friendly).toBe(
      router.address.toString({ bounceable: true, urlSafe: true }),
    )
    // a wallet transfer's messages: external in, a 1 TON internal out with its opcode
    const transfer = json.transactions.filter((t) => t.account === raw(wallet)).at(-1)!
    expect(transfer.in_msg).toMatchObject({ source: null, destination: raw(wallet), value: null })
    expect(transfer.out_msgs[0]).toMatchObject({
      source: raw(wallet),
      destination: raw(bob),
      value: toNano('1').toString(),
      opcode: null,
      bounce: false, // transferBoc sends non-bounceable
      bounced: false,
    })
    expect(transfer.description).toMatchObject({
      type: 'ord',
      aborted: false,
      compute_ph: { success: true, exit_code: 0 },
      action: { success: true, result_code: 0 },
    })
  })

  test('paging: limit and offset, both sorts, an lt window, and a follower polling from start_lt', async () => {
    const account = ['account', raw(router.address)] as [string, string]
    const all = (await get('transactions', [account, ['sort', 'asc'], ['limit', 1000]])).json
      .transactions
    expect(all.length).toBeGreaterThanOrEqual(5)
    const pages: V3Tx[] = []
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = await get('transactions', [
        account,
        ['sort', 'asc'],
        ['limit', 2],
        ['offset', offset],
      ])
      pages.push(...page.json.transactions)
    }
    expect(pages.map((t) => t.hash)).toEqual(all.map((t) => t.hash))
    const desc = (await get('transactions', [account, ['limit', 1000]])).json.transactions
    expect(desc.map((t) => t.hash)).toEqual([...all].reverse().map((t) => t.hash))
    const defaultPage = (await get('transactions', [])).json.transactions
    expect(chain.transactionCount).toBeGreaterThan(10)
    expect(defaultPage).toHaveLength(Math.min(100, chain.transactionCount))
    expect(defaultPage[0]!.lt).toBe(chain.blockTransactions(chain.head.seqno).at(-1)!.lt.toString())

    const window = await get('transactions', [
      account,
      ['start_lt', all[1]!.lt],
      ['end_lt', all[3]!.lt],
      ['sort', 'asc'],
    ])
    expect(window.json.transactions.map((t) => t.lt)).toEqual(all.slice(1, 4).map((t) => t.lt))
    // A time window: the transactions of blocks between two times, both ends included, in
    // either order and paged.
    const [from, to] = [all[1]!.now, all[3]!.now]
    const inTime = all.filter((t) => t.now >= from && t.now <= to)
    expect(inTime.length).toBeGreaterThanOrEqual(1)
    const times = [account, ['start_utime', from], ['end_utime', to]] as [string, string | number][]
    const ascending = await get('transactions', [...times, ['sort', 'asc']])
    expect(ascending.json.transactions.map((t) => t.hash)).toEqual(inTime.map((t) => t.hash))
    const descending = await get('transactions', [...times, ['sort', 'desc']])
    expect(descending.json.transactions.map((t) => t.hash)).toEqual(
      [...inTime].reverse().map((t) => t.hash),
    )
    const since = await get('transactions', [
      account,
      ['start_utime', from],
      ['sort', 'asc'],
      ['offset', 1],
      ['limit', 1000],
    ])
    expect(since.json.transactions.map((t) => t.hash)).toEqual(
      all
        .filter((t) => t.now >= from)
        .slice(1)
        .map((t) => t.hash),
    )
    const exact = await get('transactions', [['hash', all[2]!.hash]])
    expect(exact.json.transactions.map((t) => t.lt)).toEqual([all[2]!.lt])
    const byLt = await get('transactions', [account, ['lt', all[2]!.lt]])
    expect(byLt.json.transactions.map((t) => t.hash)).toEqual([all[2]!.hash])
    const block = await get('transactions', [
      ['mc_seqno', swapBlock],
      ['sort', 'asc'],
      ['limit', 1000],
    ])
    expect(block.json.transactions.map((t) => t.hash)).toEqual(
      chain.blockTransactions(swapBlock).map((t) => Buffer.from(t.hash).toString('base64')),
    )

    // a follower: everything after the last seen lt, then the new transfer when it happens
    const wallet = ['account', v4.contract.address.toString()] as [string, string]
    const seen = (await get('transactions', [wallet, ['limit', 1]])).json.transactions[0]!
    const next = [wallet, ['start_lt', BigInt(seen.lt) + 1n], ['sort', 'asc'], ['limit', 1000]] as [
      string,
      string | number,
    ][]
    expect((await get('transactions', next)).json.transactions).toEqual([])
    await chain.sendExternal(transferBoc(v4, 3, bob, toNano('1')))
    const fresh = (await get('transactions', next)).json.transactions
    expect(fresh).toHaveLength(1)
    expect(fresh[0]).toMatchObject({
      prev_trans_lt: seen.lt,
      prev_trans_hash: seen.hash,
      mc_block_seqno: chain.head.seqno,
    })
  })

  test('transactionsByMessage: by the external message hash, its normalized hash, and an internal message', async () => {
    const wallet = raw(v4.contract.address)
    const byHash = await get('transactionsByMessage', [['msg_hash', sentHashes.hash]])
    expect(byHash.status).toBe(200)
    expect(byHash.json.transactions.map((t) => t.account)).toEqual([wallet])
    expect(byHash.json.transactions[0]!.in_msg).toMatchObject({
      hash: sentHashes.hash,
      hash_norm: sentHashes.hash_norm,
    })
    const byNorm = await get('transactionsByMessage', [
      ['msg_hash', Buffer.from(sentHashes.hash_norm, 'base64').toString('hex')],
      ['direction', 'in'],
    ])
    expect(byNorm.json.transactions.map((t) => t.hash)).toEqual(
      byHash.json.transactions.map((t) => t.hash),
    )
    // the transfer's internal message: sent by the wallet, received by bob
    const out = byHash.json.transactions[0]!.out_msgs[0]!
    const both = await get('transactionsByMessage', [['msg_hash', out.hash]])
    expect(both.json.transactions.map((t) => t.account).sort()).toEqual([raw(bob), wallet].sort())
    const received = await get('transactionsByMessage', [
      ['msg_hash', out.hash],
      ['direction', 'in'],
    ])
    expect(received.json.transactions.map((t) => t.account)).toEqual([raw(bob)])
    const sent = await get('transactionsByMessage', [
      ['msg_hash', out.hash],
      ['direction', 'out'],
    ])
    expect(sent.json.transactions.map((t) => t.account)).toEqual([wallet])
    const nothing = await get('transactionsByMessage', [['msg_hash', `${'A'.repeat(43)}=`]])
    expect(nothing).toEqual({ status: 200, json: { transactions: [], address_book: {} } })
    // the hashes the v2 API answered are those of the message as sent
    const asSent = externalMessageHash(Cell.fromBoc(sentBoc)[0]!)
    expect([asSent.hash, asSent.normalizedHash].map((h) => h.toString('base64'))).toEqual([
      sentHashes.hash,
      sentHashes.hash_norm,
    ])
  })

  test('traces: a swap as one complete trace, its tree linked by messages', async () => {
    const block = chain.blockTransactions(swapBlock)
    const rootHash = Buffer.from(block[0]!.hash).toString('base64')
    const lastHash = Buffer.from(block.at(-1)!.hash).toString('base64')
    const { status, json } = await get<{ traces: Trace[]; address_book: Book }>('traces', [
      ['tx_hash', lastHash],
    ])
    expect(status).toBe(200)
    expect(json.traces).toHaveLength(1)
    const trace = json.traces[0]!
    expect(trace).toMatchObject({
      trace_id: rootHash,
      mc_seqno_start: String(swapBlock),
      mc_seqno_end: String(swapBlock),
      is_incomplete: false,
      trace_info: { trace_state: 'complete', transactions: block.length, pending_messages: 0 },
    })
    expect(trace.transactions_order).toEqual(
      block.map((t) => Buffer.from(t.hash).toString('base64')),
    )
    expect(Object.keys(trace.transactions).sort()).toEqual([...trace.transactions_order].sort())

    // every transaction is in the tree once, each child received a message its parent sent
    const visited: string[] = []
    let depth = 0
    const walk = (node: TraceNode, level: number) => {
      visited.push(node.tx_hash)
      depth = Math.max(depth, level)
      const sent = trace.transactions[node.tx_hash]!.out_msgs.map((m) => m.hash)
      for (const child of node.children) {
        expect(sent).toContain(child.in_msg_hash)
        expect(trace.transactions[child.tx_hash]!.in_msg?.hash).toBe(child.in_msg_hash)
        walk(child, level + 1)
      }
    }
    walk(trace.trace, 0)
    expect(visited.sort()).toEqual([...trace.transactions_order].sort())
    expect(trace.trace.tx_hash).toBe(rootHash)
    // alice's wallet → her USDT wallet → the router's USDT wallet → router → pool → router → …
    const accountsOnPath = (node: TraceNode): string[] => [
      trace.transactions[node.tx_hash]!.account,
      ...node.children.flatMap(accountsOnPath),
    ]
    expect(accountsOnPath(trace.trace)).toEqual(
      expect.arrayContaining([raw(alice), raw(router.address), raw(pool.address)]),
    )
    expect(depth).toBeGreaterThanOrEqual(5)
    // the exact shape of a USDT → TON swap on DEX v2, from alice's (treasury) external on
    const master = client.open(JettonMaster.create(usdt.minter))
    const routerWallet = (asset: LocalJetton | LocalPton) =>
      pool.asset0 === asset ? pool.wallet0 : pool.wallet1
    const label = new Map([
      [raw(alice), 'alice'],
      [raw(await master.getWalletAddress(alice)), 'alice USDT wallet'],
      [raw(routerWallet(usdt)), 'router USDT wallet'],
      [raw(router.address), 'router'],
      [raw(pool.address), 'pool'],
      [raw(routerWallet(ton)), 'router pTON wallet'],
    ])
    const shape = (node: TraceNode): unknown[] => {
      const account = trace.transactions[node.tx_hash]!.account
      return [label.get(account) ?? account, node.children.map(shape)]
    }
    expect(shape(trace.trace)).toEqual([
      'alice',
      [
        [
          'alice USDT wallet',
          [
            [
              'router USDT wallet',
              [
                ['router', [['pool', [['router', [['router pTON wallet', [['alice', []]]]]]]]]],
                ['alice', []], // the excess of the jetton transfer
              ],
            ],
          ],
        ],
      ],
    ])
    const rootMessage = trace.transactions[rootHash]!.in_msg!
    expect(rootMessage.source).toBeNull()
    expect(trace.external_hash).toBe(rootMessage.hash)
    expect(json.address_book[raw(pool.address)]).toBeDefined()

    // the same trace by its id, by its root message, and by a message inside it
    const rootIn = trace.transactions[rootHash]!.in_msg!.hash
    for (const query of [
      ['trace_id', rootHash],
      ['msg_hash', rootIn],
      ['msg_hash', trace.transactions[lastHash]!.in_msg!.hash],
    ] as [string, string][]) {
      const again = await get<{ traces: Trace[] }>('traces', [query])
      expect(again.json.traces.map((t) => t.trace_id)).toEqual([rootHash])
    }
    // a transaction hash is not a trace id unless it is the root's
    expect(
      (await get<{ traces: Trace[] }>('traces', [['trace_id', lastHash]])).json.traces,
    ).toEqual([])
    // a wallet transfer's trace by its normalized external hash names that external
    const transfer = await get<{ traces: Trace[] }>('traces', [['msg_hash', sentHashes.hash_norm]])
    expect(transfer.json.traces.map((t) => t.external_hash)).toEqual([sentHashes.hash])
    // the latest trace, and one by block number
    const latest = await get<{ traces: Trace[] }>('traces', [['limit', 1]])
    expect(latest.json.traces.map((t) => t.mc_seqno_start)).toEqual([String(chain.head.seqno)])
    const byBlock = await get<{ traces: Trace[] }>('traces', [['mc_seqno', swapBlock]])
    expect(byBlock.json.traces.map((t) => t.trace_id)).toEqual([rootHash])
    // an account's traces, newest first
    const pools = await get<{ traces: Trace[] }>('traces', [['account', pool.address.toString()]])
    expect(pools.json.traces[0]!.trace_id).toBe(rootHash)
    expect(pools.json.traces.map((t) => Number(t.mc_seqno_start))).toEqual(
      [...pools.json.traces.map((t) => Number(t.mc_seqno_start))].sort((a, b) => b - a),
    )
  })

  test('jetton/wallets: equal to get_wallet_address and get_wallet_data', async () => {
    type Wallets = {
      jetton_wallets: {
        address: string
        balance: string
        owner: string
        jetton: string
        last_transaction_lt: string
      }[]
      address_book: Book
    }
    // the look-alike answers get_wallet_data, but USDT does not name it: not a wallet, and
    // the genuine wallets sharing its code are still found after it
    const fake = await v2<{ owner: string; balance: string }>('getTokenData', {
      address: lookAlike.toString(),
    })
    expect(Address.parse(fake.owner).equals(bob)).toBe(true)
    expect(fake.balance).toBe((777n * USDT).toString())
    expect(
      (await get<Wallets>('jetton/wallets', [['address', lookAlike.toString()]])).json
        .jetton_wallets,
    ).toEqual([])
    const master = client.open(JettonMaster.create(usdt.minter))
    const aliceWallet = await master.getWalletAddress(alice)
    const data = await client
      .open(JettonMaster.create(aliceWallet))
      .getJettonData()
      .catch(() => null)
    expect(data).toBeNull() // a wallet is no master
    const token = await v2<{ balance: string; owner: string; jetton: string }>('getTokenData', {
      address: aliceWallet.toString(),
    })
    const { status, json } = await get<Wallets>('jetton/wallets', [
      ['owner_address', alice.toString()],
      ['jetton_address', raw(usdt.minter)],
      ['limit', 1],
    ])
    expect(status).toBe(200)
    expect(json.jetton_wallets).toEqual([
      {
        address: raw(aliceWallet),
        balance: token.balance,
        owner: raw(alice),
        jetton: raw(usdt.minter),
        last_transaction_lt: (await chain.account(aliceWallet)).lastTransaction!.lt.toString(),
        code_hash: expect.any(String),
        data_hash: expect.any(String),
      },
    ])
    expect(BigInt(token.balance)).toBe(1_000_000n * USDT - 300_000n * USDT - 1_000n * USDT)
    expect(json.address_book[raw(aliceWallet)]).toBeDefined()

    const byAddress = await get<Wallets>('jetton/wallets', [['address', aliceWallet.toString()]])
    expect(byAddress.json.jetton_wallets).toEqual(json.jetton_wallets)
    // every wallet of alice: her USDT wallet and her LP wallet of the pool
    const hers = await get<Wallets>('jetton/wallets', [['owner_address', raw(alice)]])
    expect(hers.json.jetton_wallets.map((w) => w.jetton).sort()).toEqual(
      [raw(usdt.minter), raw(pool.address)].sort(),
    )
    // every USDT wallet: alice's and the router's, holding all that was minted
    const usdtWallets = await get<Wallets>('jetton/wallets', [['jetton_address', raw(usdt.minter)]])
    const owners = usdtWallets.json.jetton_wallets.map((w) => w.owner)
    expect(owners).toEqual(expect.arrayContaining([raw(alice), raw(router.address)]))
    const total = usdtWallets.json.jetton_wallets.reduce((s, w) => s + BigInt(w.balance), 0n)
    expect(total).toBe(1_000_000n * USDT)
    const sorted = await get<Wallets>('jetton/wallets', [
      ['jetton_address', raw(usdt.minter)],
      ['sort', 'desc'],
      ['limit', 1],
    ])
    const richest = [...usdtWallets.json.jetton_wallets].sort((a, b) =>
      Number(BigInt(b.balance) - BigInt(a.balance)),
    )[0]
    expect(sorted.json.jetton_wallets).toEqual([richest])
    // bob owns nothing; an address that is no jetton wallet answers nothing
    expect(
      (await get<Wallets>('jetton/wallets', [['owner_address', bob.toString()]])).json
        .jetton_wallets,
    ).toEqual([])
    expect(
      (await get<Wallets>('jetton/wallets', [['address', v4.contract.address.toString()]])).json
        .jetton_wallets,
    ).toEqual([])
  })

  test('masterchainInfo: the latest and the first block, as the v2 API numbers them', async () => {
    type Info = { last: Json & { seqno: number; root_hash: string }; first: Json }
    const { json } = await get<Info>('masterchainInfo')
    const fromV2 = await v2<{ last: { seqno: number; root_hash: string } }>(
      'getMasterchainInfo',
      {},
    )
    expect(json.last).toMatchObject({
      workchain: -1,
      shard: '8000000000000000',
      seqno: chain.head.seqno,
      root_hash: fromV2.last.root_hash,
      tx_count: chain.blockTransactions(chain.head.seqno).length,
    })
    expect(json.first).toMatchObject({ seqno: 0 })
  })

  test('bad parameters answer 400 with an error naming the parameter', async () => {
    const cases: [string, [string, string | number][], string][] = [
      ['transactions', [['account', 'nope']], 'account'],
      ['transactions', [['limit', 1001]], 'limit'],
      ['transactions', [['limit', 0]], 'limit'],
      ['transactions', [['offset', -1]], 'offset'],
      ['transactions', [['sort', 'up']], 'sort'],
      ['transactions', [['start_lt', 'x']], 'start_lt'],
      ['transactions', [['hash', 'abc']], 'hash'],
      [
        'transactions',
        [
          ['limit', 5],
          ['limit', 6],
        ],
        'limit',
      ],
      ['transactionsByMessage', [], 'msg_hash'],
      [
        'transactionsByMessage',
        [
          ['msg_hash', sentHashes.hash],
          ['direction', 'sideways'],
        ],
        'direction',
      ],
      [
        'traces',
        [
          ['tx_hash', sentHashes.hash],
          ['msg_hash', sentHashes.hash],
        ],
        'msg_hash',
      ],
      ['traces', [['tx_hash', 'zz']], 'tx_hash'],
      ['jetton/wallets', [['owner_address', 'x']], 'owner_address'],
      [
        'jetton/wallets',
        [
          ['jetton_address', raw(usdt.minter)],
          ['jetton_address', raw(pool.address)],
        ],
        'jetton_address',
      ],
      ['jetton/wallets', [['exclude_zero_balance', 'maybe']], 'exclude_zero_balance'],
    ]
    for (const [path, query, parameter] of cases) {
      const { status, json } = await get<{ error: string }>(path, query)
      expect({ path, query, status }).toEqual({ path, query, status: 400 })
      expect(json.error).toContain(parameter)
    }
  })

  test('POST /api/v3/message sends a transfer; its normalized hash finds the transaction', async () => {
    const { stack } = await chain.runGetMethod(v4.contract.address, 'seqno')
    const seqno = Number((stack[0] as { value: bigint }).value)
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/api/v3/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, json: (await res.json()) as Json }
    }
    const boc = transferBoc(v4, seqno, bob, toNano('1'))
    const sent = await post({ boc: boc.toString('base64') })
    expect(sent.status).toBe(200)
    const hashes = externalMessageHash(Cell.fromBoc(boc)[0]!)
    expect(sent.json).toEqual({
      message_hash: hashes.hash.toString('base64'),
      message_hash_norm: hashes.normalizedHash.toString('base64'),
    })
    const found = await get('transactionsByMessage', [
      ['msg_hash', sent.json.message_hash_norm as string],
      ['direction', 'in'],
    ])
    expect(found.json.transactions.map((t) => [t.account, t.mc_block_seqno])).toEqual([
      [raw(v4.contract.address), chain.head.seqno],
    ])
    // the same message again: the wallet refuses the used seqno, nothing happens
    const head = chain.head.seqno
    const again = await post({ boc: boc.toString('base64') })
    expect(again.status).toBe(422)
    expect(again.json.error_code).toBe('LIVE_CHAIN_EXTERNAL_REJECTED')
    expect(chain.head.seqno).toBe(head)
    const bad = await post({ boc: 'not a boc' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toContain('boc')
  })

  test('an endpoint not served answers 404 with an error listing those that are', async () => {
    const res = await fetch(`${base}/api/v3/actions?account=${raw(bob)}`)
    expect(res.status).toBe(404)
    const body = (await res.json()) as { error: string; error_code: string }
    expect(body.error_code).toBe('TON_API_METHOD_NOT_FOUND')
    expect(body.error).toContain('/api/v3/transactionsByMessage')
  })

  test('without a chain every endpoint answers 503 with an error', async () => {
    const empty = Fastify()
    await empty.register(tonHttpApi, { chain: () => undefined })
    const res = await empty.inject({ method: 'GET', url: '/api/v3/masterchainInfo' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ error: expect.any(String), error_code: 'TON_API_NO_CHAIN' })
    await empty.close()
  })
})

describe('toncenter API v3 after a restart', () => {
  test('a reopened chain answers the same transactions and traces: a cursor stays valid', async () => {
    const journal = new MemoryChainJournal()
    const serve = async (chain: LiveChain) => {
      const app = Fastify()
      await app.register(tonHttpApi, { chain })
      return app
    }
    const first = await LiveChain.open({ journal })
    const { v4 } = await deployTestWallets(first)
    for (const seqno of [0, 1]) await first.sendExternal(transferBoc(v4, seqno, bob, toNano('1')))
    const urls = [
      `/api/v3/transactions?account=${raw(v4.contract.address)}&account=${raw(bob)}&sort=asc&limit=1000`,
      `/api/v3/traces?account=${raw(bob)}&limit=1000`,
      `/api/v3/masterchainInfo`,
    ]
    let app = await serve(first)
    const before = await Promise.all(urls.map(async (url) => (await app.inject(url)).json()))
    await app.close()
    await first.close()

    const second = await LiveChain.open({ journal })
    app = await serve(second)
    const after = await Promise.all(urls.map(async (url) => (await app.inject(url)).json()))
    expect(after).toEqual(before)
    // lookups by hash on the reopened chain, asked together while its index is built
    const txs = (before[0] as { transactions: V3Tx[] }).transactions
    const lookups = await Promise.all(
      txs.map(async (tx) => {
        const byTx = await app.inject(`/api/v3/transactions?hash=${encodeURIComponent(tx.hash)}`)
        const message = tx.in_msg!.hash
        const byMessage = await app.inject(
          `/api/v3/transactionsByMessage?msg_hash=${encodeURIComponent(message)}&direction=in`,
        )
        return [byTx.json().transactions[0].lt, byMessage.json().transactions[0].lt]
      }),
    )
    expect(lookups).toEqual(txs.map((tx) => [tx.lt, tx.lt]))
    expect((before[0] as { transactions: unknown[] }).transactions).toHaveLength(5)
    // and the follower's next page sees what the reopened chain adds
    await second.sendExternal(transferBoc(v4, 2, bob, toNano('1')))
    const last = (before[0] as { transactions: { lt: string }[] }).transactions.at(-1)!
    const next = await app.inject(
      `/api/v3/transactions?account=${raw(bob)}&start_lt=${BigInt(last.lt) + 1n}&sort=asc`,
    )
    expect(next.json().transactions).toHaveLength(1)
    await app.close()
    await second.close()
  })
})
