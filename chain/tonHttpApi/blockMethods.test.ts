import { Address, Cell, Dictionary, toNano } from '@ton/core'
import { JettonMaster, TonClient } from '@ton/ton'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalJetton } from '../../emulator/model.js'
import { LiveChain } from '../LiveChain.js'
import { tonHttpApi } from './tonHttpApi.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)
const SHARD = '-9223372036854775808'

describe('TON HTTP API: blocks, configuration, token data and JSON-RPC batches', () => {
  let chain: LiveChain
  let app: FastifyInstance
  let base: string
  let client: TonClient
  let moon: LocalJetton

  type Answer<R> = { ok: boolean; result: R; error?: string; error_code?: string; code?: number }
  type BlockId = { '@type': string; workchain: number; shard: string; seqno: number }
  type Header = BlockId & {
    id: BlockId
    gen_utime: number
    start_lt: string
    end_lt: string
    prev_blocks: BlockId[]
    global_id: number
  }
  type Token = Record<string, unknown> & { jetton_wallet_code: string }
  type ConfigInfo = { '@type': string; config: { bytes: string } }
  const get = async <R = BlockId>(method: string, query: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    )
    const res = await fetch(`${base}/api/v2/${method}?${search}`)
    return { status: res.status, json: (await res.json()) as Answer<R> }
  }

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'block-methods' })
    chain = await LiveChain.open({ blockchain: dex.blockchain })
    moon = (await chain.execute(() => dex.deployJetton('MOON'))).result
    await chain.execute(() => dex.mint(moon, bob, 5_000_000_000n))
    await chain.execute(() => dex.admin.send({ to: bob, value: toNano('1'), bounce: false }))
    app = Fastify()
    await app.register(tonHttpApi, { chain })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (typeof address !== 'object' || address === null) throw new Error('not listening')
    base = `http://127.0.0.1:${address.port}`
    client = new TonClient({ endpoint: `${base}/api/v2/jsonRPC` })
  })

  afterAll(async () => {
    await app.close()
    await chain.close()
  })

  test('lookupBlock finds a block by seqno, by a logical time it holds, and by unixtime', async () => {
    const head = chain.head.seqno
    expect(head).toBeGreaterThanOrEqual(3)
    const info = await client.getMasterchainInfo()
    expect(info.latestSeqno).toBe(head)
    for (let seqno = 1; seqno <= head; seqno++) {
      const txs = chain.blockTransactions(seqno)
      for (const tx of [txs[0], txs.at(-1)]) {
        const found = await get('lookupBlock', { workchain: -1, shard: SHARD, lt: String(tx?.lt) })
        expect(found.json.result.seqno).toBe(seqno)
      }
      const byTime = await get('lookupBlock', { workchain: 0, shard: SHARD, unixtime: txs[0]!.now })
      // The last block generated at or before that second.
      const last = Math.max(
        ...Array.from({ length: head }, (_, i) => i + 1).filter(
          (s) => chain.blockTransactions(s)[0]!.now <= txs[0]!.now,
        ),
      )
      expect(byTime.json.result).toMatchObject({ workchain: 0, seqno: last })
    }
    const bySeqno = await get('lookupBlock', { workchain: -1, shard: SHARD, seqno: 2 })
    expect(bySeqno.json.result).toMatchObject({
      '@type': 'ton.blockIdExt',
      workchain: -1,
      seqno: 2,
    })
    const future = await get('lookupBlock', {
      workchain: -1,
      shard: SHARD,
      lt: String(chain.head.lt + 10n),
    })
    expect(future.status).toBe(404)
    expect(future.json.error_code).toBe('TON_API_BLOCK_NOT_FOUND')
    const before = await get('lookupBlock', { workchain: -1, shard: SHARD, unixtime: 1 })
    expect(before.status).toBe(404)
    const none = await get('lookupBlock', { workchain: -1, shard: SHARD })
    expect(none.status).toBe(400)
    expect(none.json.error).toMatch(/seqno, lt or unixtime/)
  })

  test('getBlockHeader: the block id, time, logical-time range and previous block', async () => {
    const seqno = chain.head.seqno
    const txs = chain.blockTransactions(seqno)
    const { status, json } = await get<Header>('getBlockHeader', {
      workchain: -1,
      shard: SHARD,
      seqno,
    })
    expect(status).toBe(200)
    const header = json.result
    expect(header['@type']).toBe('blocks.header')
    expect(header.id).toMatchObject({ workchain: -1, shard: SHARD, seqno })
    expect(header.gen_utime).toBe(txs[0]!.now)
    for (const tx of txs) {
      expect(BigInt(header.start_lt)).toBeLessThanOrEqual(tx.lt)
      expect(BigInt(header.end_lt)).toBeGreaterThan(tx.lt)
    }
    expect(header.prev_blocks).toEqual([
      (await get('lookupBlock', { seqno: seqno - 1 })).json.result,
    ])
    expect(typeof header.global_id).toBe('number')
    const missing = await get('getBlockHeader', { workchain: -1, shard: SHARD, seqno: seqno + 1 })
    expect(missing.status).toBe(404)
  })

  test('getBlockTransactionsExt pages a block as toncenter does: after_lt + after_hash = the account id', async () => {
    type Ext = {
      '@type': string
      incomplete: boolean
      transactions: { data: string; transaction_id: { lt: string; hash: string } }[]
    }
    // The block with the most accounts: its (account, lt) order differs from its lt order.
    const blocks = Array.from({ length: chain.head.seqno }, (_, i) => i + 1)
    const accountsIn = (seqno: number) =>
      new Set(
        chain
          .blockTransactions(seqno)
          .filter((t) => t.account.startsWith('0:'))
          .map((t) => t.account),
      ).size
    const seqno = blocks.reduce((best, n) => (accountsIn(n) > accountsIn(best) ? n : best), 1)
    const txs = chain.blockTransactions(seqno).filter((tx) => tx.account.startsWith('0:'))
    expect(accountsIn(seqno)).toBeGreaterThan(2)
    // The block's own order (tonlib's `blocks.getTransactions`): by account id, then by lt.
    const blockOrder = [...txs].sort((a, b) =>
      a.account < b.account ? -1 : a.account > b.account ? 1 : a.lt < b.lt ? -1 : 1,
    )
    expect(blockOrder.map((t) => t.lt)).not.toEqual(txs.map((t) => t.lt))
    const idOf = (tx: { lt: bigint; hash: Uint8Array }) => ({
      '@type': 'internal.transactionId',
      lt: tx.lt.toString(),
      hash: Buffer.from(tx.hash).toString('base64'),
    })
    const all = await get<Ext>('getBlockTransactionsExt', { workchain: 0, shard: SHARD, seqno })
    expect(all.json.result['@type']).toBe('blocks.transactionsExt')
    expect(all.json.result.incomplete).toBe(false)
    expect(all.json.result.transactions.map((t) => t.transaction_id)).toEqual(blockOrder.map(idOf))
    // One at a time, the cursor the last item's lt and account id (hex, then base64): each once.
    for (const encoding of ['hex', 'base64'] as const) {
      const read: unknown[] = []
      let after: Record<string, string> = {}
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThanOrEqual(txs.length)
        const page = await get<Ext>('getBlockTransactionsExt', {
          ...{ workchain: 0, shard: SHARD, seqno, count: 1 },
          ...after,
        })
        expect(page.status).toBe(200)
        read.push(...page.json.result.transactions.map((t) => t.transaction_id))
        const last = page.json.result.transactions.at(-1)
        if (!page.json.result.incomplete || last === undefined) break
        const tx = blockOrder.find((t) => t.lt.toString() === last.transaction_id.lt)!
        const account = Buffer.from(tx.account.slice(2), 'hex')
        after = { after_lt: last.transaction_id.lt, after_hash: account.toString(encoding) }
      }
      expect(read).toEqual(blockOrder.map(idOf))
    }
    // The short form pages the same way and names each item's account.
    const short = await get<{ transactions: { account: string; lt: string }[] }>(
      'getBlockTransactions',
      { workchain: 0, shard: SHARD, seqno, count: 2 },
    )
    expect(short.json.result.transactions.map((t) => t.account)).toEqual(
      blockOrder.slice(0, 2).map((t) => t.account),
    )
    // The cursor is both or neither; after_hash is a 32-byte account id.
    const lt = txs[0]!.lt.toString()
    const onlyLt = await get('getBlockTransactionsExt', {
      workchain: 0,
      shard: SHARD,
      seqno,
      after_lt: lt,
    })
    expect(onlyLt.status).toBe(400)
    expect(onlyLt.json.error).toMatch(/after_hash/)
    const onlyHash = await get('getBlockTransactionsExt', {
      ...{ workchain: 0, shard: SHARD, seqno },
      after_hash: txs[0]!.account.slice(2),
    })
    expect(onlyHash.status).toBe(400)
    const short32 = await get('getBlockTransactionsExt', {
      ...{ workchain: 0, shard: SHARD, seqno },
      ...{ after_lt: lt, after_hash: 'abcd' },
    })
    expect(short32.status).toBe(400)
  })

  test('getConfigParam and getConfigAll answer the configuration the chain runs with', async () => {
    const all = await get<ConfigInfo>('getConfigAll', {})
    expect(all.json.result['@type']).toBe('configInfo')
    const cell = Cell.fromBase64(all.json.result.config.bytes)
    expect(cell.equals(chain.config)).toBe(true)
    const params = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), cell)
    for (const id of [0, 1, 20, 21, 24, 25]) {
      const one = await get<ConfigInfo>('getConfigParam', { config_id: id })
      expect(one.json.result).toMatchObject({ '@type': 'configInfo' })
      const bytes = Cell.fromBase64(one.json.result.config.bytes)
      expect(bytes.equals(params.get(id)!)).toBe(true)
    }
    const absent = await get('getConfigParam', { config_id: 999 })
    expect(absent.status).toBe(404)
    expect(absent.json.error_code).toBe('TON_API_CONFIG_PARAM_NOT_FOUND')
    expect((await get('getConfigParam', {})).status).toBe(400)
  })

  test('getTokenData reads a jetton master and a jetton wallet; anything else is a 409', async () => {
    const master = await get<Token>('getTokenData', { address: moon.minter.toString() })
    expect(master.json.result).toMatchObject({
      '@type': 'ext.tokens.jettonMasterData',
      contract_type: 'jetton_master',
      address: moon.minter.toString(),
      total_supply: '5000000000',
      mintable: true,
      jetton_content: { type: 'offchain', data: 'https://local.ton-dex-lab/MOON.json' },
    })
    // The wallet address as a dApp finds it: the minter's get_wallet_address through TonClient.
    const wallet = await client.open(JettonMaster.create(moon.minter)).getWalletAddress(bob)
    const data = await get<Token>('getTokenData', { address: wallet.toRawString() })
    expect(data.json.result).toMatchObject({
      '@type': 'ext.tokens.jettonWalletData',
      contract_type: 'jetton_wallet',
      balance: '5000000000',
      owner: bob.toString(),
      jetton: moon.minter.toString(),
    })
    expect(data.json.result.jetton_wallet_code).toBe(master.json.result.jetton_wallet_code)
    const plain = await get('getTokenData', { address: bob.toString() })
    expect(plain.status).toBe(409)
    expect(plain.json).toMatchObject({ ok: false, error_code: 'TON_API_NOT_A_TOKEN' })
  })

  test('packAddress and unpackAddress convert between raw and user-friendly forms', async () => {
    const packed = await get<string>('packAddress', { address: bob.toRawString() })
    expect(packed.json.result).toBe(bob.toString({ bounceable: true, urlSafe: true }))
    const unpacked = await get<string>('unpackAddress', { address: bob.toString() })
    expect(unpacked.json.result).toBe(bob.toRawString())
  })

  test('a JSON-RPC batch answers an array, one answer per request in order, failures in place', async () => {
    const res = await fetch(`${base}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getMasterchainInfo', params: {} },
        { jsonrpc: '2.0', id: 'two', method: 'noSuchMethod', params: {} },
        { jsonrpc: '2.0', id: 3, method: 'getAddressBalance', params: { address: bob.toString() } },
        { jsonrpc: '2.0', id: 4, method: 'getAddressBalance', params: { address: 'nope' } },
        7,
      ]),
    })
    expect(res.status).toBe(200)
    const answers = (await res.json()) as (Answer<unknown> & { id: unknown })[]
    expect(answers.map((a) => [a.id, a.ok])).toEqual([
      [1, true],
      ['two', false],
      [3, true],
      [4, false],
      [null, false],
    ])
    expect(answers[0]?.result).toMatchObject({ last: { seqno: chain.head.seqno } })
    expect(answers[1]).toMatchObject({ code: 404, error_code: 'TON_API_METHOD_NOT_FOUND' })
    expect(answers[2]?.result).toBe((await chain.account(bob)).balance.toString())
    expect(answers[3]).toMatchObject({ code: 400, error_code: 'TON_API_INVALID_PARAMETER' })
    expect(answers[4]).toMatchObject({ code: 400, error_code: 'TON_API_INVALID_REQUEST' })
    for (const body of [
      [],
      Array.from({ length: 101 }, () => ({ method: 'getMasterchainInfo' })),
    ]) {
      const refused = await fetch(`${base}/api/v2/jsonRPC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error_code: string }).error_code).toBe(
        'TON_API_INVALID_REQUEST',
      )
    }
  })
})
