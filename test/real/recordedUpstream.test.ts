import { Address, Cell, loadShardAccount, loadTransaction, TupleReader } from '@ton/core'
import { Executor } from '@ton/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tonApiAccountsSource } from '../../indexer/source/tonApiAccountsSource.js'
import { FatalSourceError, RetryableSourceError } from '../../upstream/errors.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { parseToncenterStack } from '../../upstream/tonApiStack.js'
import {
  followerChain,
  globalVersion,
  HASH_EXACT_NEW_STATE,
  HASH_EXACT_TX,
  loadConfig46991999,
  loadIdxStonfiTraces,
  loadMevRouterHistory,
  loadPoolAfterSwap,
  loadRecordedBlock,
  loadTgoBlock3Expected,
  loadTgoStonfiV2Getters,
  loadTxEmulation,
  poolForkChain,
  prevBlocksOf,
  RecordedChain,
  readMainnetFile,
  replayChain,
  sandboxPrevBlocks,
} from '../_support/mainnetData.js'
import { type RecordedToncenter, startRecordedToncenter } from '../_support/recordedToncenter.js'

/**
 * Recorded mainnet data (test/data/mainnet, sources in its README) through the recorded
 * toncenter: the wire shapes of toncenter v2/v3 and what real blocks, configs and histories
 * give. The spec's acceptance checks 6, 7, 10 and 11.
 */

const V1_ROUTER = 'EQB3ncyBUTjZUA5EnFKR5_EnOMI9V1tTEAAPaiU71gc4TiUt'
const SEED_57314442 = '7465771327e03e262463e49bea197ec2c739069adc8c5b5177c4599cd296bb01'
const MASTER_SHARD = '-9223372036854775808'

type Envelope = { ok: boolean; result?: unknown; error?: string; code?: number; '@extra'?: string }

async function rpc(
  upstream: RecordedToncenter,
  method: string,
  params: unknown,
): Promise<{ status: number; body: Envelope & Record<string, unknown> }> {
  const response = await fetch(upstream.jsonRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return {
    status: response.status,
    body: (await response.json()) as Envelope & Record<string, unknown>,
  }
}

/** What the GET answers used here hold (v3 lists, a v2 envelope). */
type GetBody = {
  transactions: Record<string, unknown>[]
  blocks: (Record<string, unknown> & { rand_seed: string })[]
  result: { result: unknown[] }
}

async function get(
  upstream: RecordedToncenter,
  path: string,
): Promise<{ status: number; body: GetBody }> {
  const response = await fetch(`${upstream.url}${path}`)
  return { status: response.status, body: (await response.json()) as GetBody }
}

function result<T>(answer: { status: number; body: Envelope }): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.ok).toBe(true)
  return answer.body.result as T
}

describe('recorded mainnet files', () => {
  it('tongo block-3 parses to exactly its 510 expected transaction hashes, with the two v1 router txs', () => {
    const block = loadRecordedBlock('tgo-block-3')
    const expected = loadTgoBlock3Expected()
    expect(expected.txHashes).toHaveLength(510)
    expect(block.transactions.map((t) => t.hash.toString('hex')).sort()).toEqual(expected.txHashes)
    const router = Address.parse(V1_ROUTER).hash
    const routerTxs = block.transactions.filter((t) => t.accountId.equals(router))
    expect(routerTxs.map((t) => t.lt.toString())).toEqual(['43049086000007', '43049086000011'])
    expect(expected.stonfiV1Router.transactions.map((t) => t.Lt)).toEqual([
      '43049086000007',
      '43049086000011',
    ])
    expect(new Set(block.transactions.map((t) => t.transaction.now))).toEqual(new Set([1701783441]))
  })

  it('shard block 52111590 reads as ton-rs states it, and its file is the original serialization', () => {
    const b = loadRecordedBlock('trs-shard-52111590')
    expect(b.header).toMatchObject({
      workchain: 0,
      shard: 0x6000000000000000n,
      seqno: 52111590,
      genUtime: 1745147839,
      startLt: 56269616000000n,
      endLt: 56269616000011n,
      minRefMcSeqno: 47004578,
      prevKeyBlockSeqno: 46991999,
      genSoftware: { version: 10, capabilities: 494n },
    })
    expect(b.header.masterRef?.seqno).toBe(47004578)
    expect(b.header.masterRef?.rootHash.toString('hex')).toBe(
      'b94923821e89a231f697f1434cbf428dcf999ff7e28b468d1ce155edad94b019',
    )
    expect(b.header.prevRefs.map((p) => p.seqno)).toEqual([52111589])
    const v1 = Address.parse(V1_ROUTER).hash
    expect(
      b.transactions.filter((t) => t.accountId.equals(v1)).map((t) => t.lt.toString()),
    ).toEqual([
      '56269616000001',
      '56269616000003',
      '56269616000005',
      '56269616000007',
      '56269616000009',
    ])
    // The explorer link in ton-rs `shard_ident.rs` names this file hash.
    expect(b.fileHash.toString('hex')).toBe(
      '16944a89b7dc24bcf46ac434d5e29717b0905fdbcb523facafe40547bf2e7db9',
    )
  })

  it('block 57314442 carries rand_seed 74657713…bb01 (BlockExtra) and global version 11', () => {
    const b = loadRecordedBlock('trs-57314442')
    expect(b.randSeed.toString('hex')).toBe(SEED_57314442)
    expect(b.header.globalId).toBe(-239)
    expect(b.header.genUtime).toBe(1758736684)
    expect(b.header.genSoftware).toEqual({ version: 11, capabilities: 1006n })
    expect(b.transactions).toHaveLength(90)
    // The two STON.fi v2 routers of the block (test/indexer/_data/mainnet/README.md).
    const lts = (router: string) =>
      b.transactions.filter((t) => t.accountId.equals(Address.parse(router).hash)).map((t) => t.lt)
    expect(lts('EQDQ6j53q21HuZtw6oclm7z4LU2cG6S2OKvpSSMH548d7kJT')).toEqual([
      61880242000007n,
      61880242000011n,
      61880242000013n,
    ])
    expect(lts('EQAiv3IuxYA6ZGEunOgZSTuMBzbpjwRbWw09-WsE-iqKKMrK')).toEqual([
      61880242000005n,
      61880242000008n,
    ])
  })

  it('config 46991999 unwraps to the dict the key block carries: version 9, capabilities 0x1ee', () => {
    const config = loadConfig46991999()
    expect(config.wrapped.refs).toHaveLength(1)
    expect(globalVersion(config.dict)).toEqual({ version: 9, capabilities: 0x1een })
    const master = loadRecordedBlock('trs-master-46991999')
    expect(master.header.keyBlock).toBe(true)
    expect(master.config?.hash().equals(config.dict.hash())).toBe(true)
    expect(master.shardTops.map((t) => `${t.shard.toString(16)}:${t.seqno}`)).toEqual([
      '2000000000000000:52077744',
      '6000000000000000:52097945',
      'a000000000000000:51731388',
      'e000000000000000:51757085',
    ])
  })

  it('the MEV router history: 300 BoCs that hash to their ids, 299 prev-links, state updates chained', () => {
    const { transactions } = loadMevRouterHistory()
    expect(transactions).toHaveLength(300)
    let links = 0
    let chained = 0
    for (let i = 1; i < transactions.length; i++) {
      const [prev, t] = [transactions[i - 1], transactions[i]] as [
        (typeof transactions)[number],
        (typeof transactions)[number],
      ]
      expect(t.cell.hash().toString('hex')).toBe(t.hash)
      if (t.prevTransHash === prev.hash && t.prevTransLt === prev.lt) links++
      if (t.stateUpdateOld === prev.stateUpdateNew) chained++
    }
    expect(links).toBe(299)
    expect(chained).toBe(299)
    const ops = new Map<string, number>()
    for (const t of transactions)
      ops.set(t.inMsg?.opName ?? '', (ops.get(t.inMsg?.opName ?? '') ?? 0) + 1)
    expect(Object.fromEntries(ops)).toEqual({
      jetton_notify: 124,
      stonfi_pay_to_v2: 124,
      stonfi_pay_vault_v2: 52,
    })
    expect(new Set(transactions.map((t) => t.block.seqno)).size).toBe(116)
  })

  it('the indexer traces hold every transaction their YAML case names', () => {
    const { cases, traces } = loadIdxStonfiTraces()
    expect(cases.map((c) => c.file)).toEqual([
      ...Array(6).fill('stonfi-swaps.yaml'),
      ...Array(3).fill('stonfi-v2-swaps.yaml'),
    ])
    for (const c of cases) {
      const trace = traces.get(c.traceId)
      const hashes = new Set(trace?.transactions.map((t) => t.hash))
      for (const action of c.expectedActions) {
        const values = (action.values ?? {}) as { tx_hashes?: string[] }
        for (const h of values.tx_hashes ?? []) expect(hashes.has(h), `${c.name}: ${h}`).toBe(true)
      }
    }
    const v2 = traces.get('vdNpUDA43aIw6QlbcKMgi7q4S0MnJAVTfXVRqbAt5Tw=')
    expect(v2?.mcSeqnoEnd ?? 0 - (v2?.mcSeqnoStart ?? 0)).toBeGreaterThan(0)
  })

  it('tongo v2.1 vectors: the code hashes real-chain data names, and the v1 body ops', () => {
    const v = loadTgoStonfiV2Getters()
    expect(v.router.code.hash().toString('hex')).toBe(
      'ef73e257a8c09b7f3a027b14171c06818242e30a05b16cf1d01bed2fcc936efb',
    )
    expect(v.pool.expected.get_pool_data).toMatchObject({
      reserve0: '190494333',
      reserve1: '210000000',
      lpFee: 20,
    })
    expect(v.messageBodies.map((m) => m.op)).toEqual(['0x25938561', '0xf93bb43f', '0x0f8a7ea5'])
  })

  it('a file altered by one byte fails its hash check', () => {
    const bytes = Buffer.from(
      readMainnetFile('trs-tx_16BEFDC4_64954068000009.hex.gz').toString('utf8').trim(),
      'hex',
    )
    const cell = Cell.fromBoc(bytes)[0] as Cell
    expect(cell.hash().toString('hex')).toBe(loadPoolAfterSwap().swap.hash.toString('hex'))
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 1
    expect((Cell.fromBoc(bytes)[0] as Cell).hash().equals(cell.hash())).toBe(false)
  })
})

describe('recorded toncenter v2 (C++ flavour) over tongo block-3', () => {
  let upstream: RecordedToncenter
  const chain = new RecordedChain()
  beforeAll(async () => {
    chain.addBlock(loadRecordedBlock('tgo-block-3'))
    chain.setConfig(loadConfig46991999().dict)
    upstream = await startRecordedToncenter({ chain, flavour: 'cpp' })
  })
  afterAll(() => upstream.close())

  it('answers the envelope with @extra, and the HTTP status equals the error code', async () => {
    const okAnswer = await rpc(upstream, 'getMasterchainInfo', {})
    expect(okAnswer.status).toBe(200)
    expect(Object.keys(okAnswer.body).sort()).toEqual(['@extra', 'ok', 'result'])
    expect((okAnswer.body.result as { last: { seqno: number } }).last.seqno).toBe(34606336)
    const bad = await rpc(upstream, 'getBlockTransactions', {
      workchain: 0,
      shard: MASTER_SHARD,
      seqno: 40484438,
      after_lt: '1',
    })
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ ok: false, code: 422 })
    expect(typeof bad.body.error).toBe('string')
    // C++ re-posts a JSON-RPC call to /api/v2/<method>: an unknown one is not found there.
    const unknown = await rpc(upstream, 'noSuchMethod', {})
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ ok: false, code: 404 })
    const arrayParams = await rpc(upstream, 'getMasterchainInfo', [1])
    expect(arrayParams.status).toBe(422)
    expect(arrayParams.body.error).toBe('params must contain an object')
    const rpcByGet = await fetch(upstream.jsonRpcUrl)
    expect(rpcByGet.status).toBe(405)
    // lt without hash: refused by C++.
    const ltOnly = await rpc(upstream, 'getTransactions', {
      address: V1_ROUTER,
      lt: '43049086000011',
    })
    expect(ltOnly.status).toBe(422)
    expect(ltOnly.body.error).toBe(
      'failed to validate request: lt and hash should be used together',
    )
    const viaGet = await fetch(
      `${upstream.url}/api/v2/getBlockHeader?workchain=0&shard=${MASTER_SHARD}&seqno=40484438`,
    )
    expect(viaGet.headers.get('x-api-version')).toBe('2.1.11')
    expect(((await viaGet.json()) as { result: { gen_utime: number } }).result.gen_utime).toBe(
      1701783441,
    )
  })

  it('getBlockHeader has the real header fields and no rand_seed or master_ref', async () => {
    const header = result<Record<string, unknown>>(
      await rpc(upstream, 'getBlockHeader', { workchain: 0, shard: MASTER_SHARD, seqno: 40484438 }),
    )
    expect(header).toMatchObject({
      '@type': 'blocks.header',
      global_id: -239,
      min_ref_mc_seqno: 34606335,
      prev_key_block_seqno: 34591413,
      start_lt: '43049086000000',
      end_lt: '43049086000511',
      gen_utime: 1701783441,
    })
    expect(header.id).toMatchObject({
      seqno: 40484438,
      root_hash: loadRecordedBlock('tgo-block-3').rootHash.toString('base64'),
    })
    expect(header).not.toHaveProperty('rand_seed')
    expect(header).not.toHaveProperty('master_ref')
    expect((header.prev_blocks as { seqno: number }[]).map((p) => p.seqno)).toEqual([40484437])
  })

  it('pages getBlockTransactions at count 40 by after_lt + after_hash (account id): 13 pages, the 510 expected hashes', async () => {
    const seen: string[] = []
    const accounts: string[] = []
    let after: { after_lt: string; after_hash: string } | undefined
    let pages = 0
    const incomplete: boolean[] = []
    for (;;) {
      const page = result<{
        incomplete: boolean
        req_count: number
        transactions: { account: string; lt: string; hash: string; mode: number }[]
      }>(
        await rpc(upstream, 'getBlockTransactions', {
          workchain: 0,
          shard: MASTER_SHARD,
          seqno: 40484438,
          count: 40,
          ...after,
        }),
      )
      pages++
      expect(page.req_count).toBe(40)
      incomplete.push(page.incomplete)
      for (const t of page.transactions) {
        seen.push(Buffer.from(t.hash, 'base64').toString('hex'))
        accounts.push(t.account)
      }
      const last = page.transactions.at(-1)
      if (!page.incomplete || last === undefined) break
      after = { after_lt: last.lt, after_hash: last.account.split(':')[1] as string }
    }
    expect(pages).toBe(13)
    expect(incomplete.filter((i) => i)).toHaveLength(12)
    expect(new Set(seen).size).toBe(510)
    expect([...seen].sort()).toEqual(loadTgoBlock3Expected().txHashes)
    const router = `0:${Address.parse(V1_ROUTER).hash.toString('hex')}`
    expect(accounts.filter((a) => a === router)).toHaveLength(2)
  })

  it('a page filled exactly to the end is still incomplete (510 = 17 × 30): an 18th page, empty', async () => {
    const pages: number[] = []
    let after: { after_lt: string; after_hash: string } | undefined
    for (;;) {
      const page = result<{ incomplete: boolean; transactions: { account: string; lt: string }[] }>(
        await rpc(upstream, 'getBlockTransactions', {
          workchain: 0,
          shard: MASTER_SHARD,
          seqno: 40484438,
          count: 30,
          ...after,
        }),
      )
      pages.push(page.transactions.length)
      const last = page.transactions.at(-1)
      if (!page.incomplete || last === undefined) break
      after = { after_lt: last.lt, after_hash: last.account.split(':')[1] as string }
    }
    expect(pages).toEqual([...Array(17).fill(30), 0])
  })

  it('getBlockTransactionsExt serves BoCs that hash to their ids, with the account (C++)', async () => {
    const page = result<{
      transactions: { account: string; data: string; transaction_id: { hash: string } }[]
    }>(
      await rpc(upstream, 'getBlockTransactionsExt', {
        workchain: 0,
        shard: MASTER_SHARD,
        seqno: 40484438,
        count: 5,
      }),
    )
    expect(page.transactions).toHaveLength(5)
    for (const t of page.transactions) {
      const cell = Cell.fromBoc(Buffer.from(t.data, 'base64'))[0] as Cell
      expect(cell.hash().toString('base64')).toBe(t.transaction_id.hash)
      expect(t.account).toMatch(/^0:[0-9a-f]{64}$/)
    }
  })

  it('lookupBlock takes exactly one of seqno, lt and unixtime, and finds the router tx block by lt', async () => {
    const both = await rpc(upstream, 'lookupBlock', {
      workchain: 0,
      shard: MASTER_SHARD,
      seqno: 40484438,
      lt: 43049086000007,
    })
    expect(both.status).toBe(422)
    const none = await rpc(upstream, 'lookupBlock', { workchain: 0, shard: MASTER_SHARD })
    expect(none.status).toBe(422)
    const byLt = result<{ seqno: number }>(
      await rpc(upstream, 'lookupBlock', {
        workchain: 0,
        shard: '-8070450532247928832',
        lt: '43049086000007',
      }),
    )
    expect(byLt.seqno).toBe(40484438)
  })

  it('getTransactions (C++): ext.transaction with account; ext.message with string addresses and message + newline', async () => {
    const [tx] = result<
      { '@type': string; account: string; out_msgs: Record<string, unknown>[] }[]
    >(await rpc(upstream, 'getTransactions', { address: V1_ROUTER, limit: 1 }))
    expect(tx?.['@type']).toBe('ext.transaction')
    expect(tx?.account).toBe(`0:${Address.parse(V1_ROUTER).hash.toString('hex')}`)
    const out = tx?.out_msgs[0] as Record<string, unknown>
    expect(out['@type']).toBe('ext.message')
    expect(typeof out.source).toBe('string')
    expect(out.source).toBe(V1_ROUTER)
    expect((out.message as string).endsWith('\n')).toBe(true)
    expect((out.message as string).slice(0, -1)).not.toContain('\n')
  })

  it('tryLocateTx and tryLocateSourceTx find both ends of the v1 router’s in-message', async () => {
    const routerTx = chain.transaction(
      (chain.transactionsOf(Address.parse(V1_ROUTER))[0]?.hash ?? Buffer.alloc(32)).toString('hex'),
    )
    const info = routerTx?.transaction.inMessage?.info
    if (info?.type !== 'internal') throw new Error('the router tx has an internal in-message')
    const query = {
      source: info.src.toString(),
      destination: V1_ROUTER,
      created_lt: info.createdLt.toString(),
    }
    const result1 = result<{ transaction_id: { hash: string } }>(
      await rpc(upstream, 'tryLocateTx', query),
    )
    expect(result1.transaction_id.hash).toBe(routerTx?.hash.toString('base64'))
    const sent = result<{ account: string; transaction_id: { lt: string } }>(
      await rpc(upstream, 'tryLocateSourceTx', query),
    )
    expect(sent.account).toBe(info.src.toRawString())
    expect(BigInt(sent.transaction_id.lt)).toBeLessThan(info.createdLt)
    const missing = await rpc(upstream, 'tryLocateTx', { ...query, created_lt: '1' })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('transaction was not found')
  })

  it('getConfigAll serves the unwrapped dict; getConfigParam 8 reads version 9, caps 0x1ee', async () => {
    const all = result<{ config: { bytes: string } }>(await rpc(upstream, 'getConfigAll', {}))
    const dict = Cell.fromBoc(Buffer.from(all.config.bytes, 'base64'))[0] as Cell
    expect(dict.hash().equals(loadConfig46991999().dict.hash())).toBe(true)
    expect(globalVersion(dict)).toEqual({ version: 9, capabilities: 0x1een })
    const p8 = result<{ config: { bytes: string } }>(
      await rpc(upstream, 'getConfigParam', { param: 8 }),
    )
    const s = (Cell.fromBoc(Buffer.from(p8.config.bytes, 'base64'))[0] as Cell).beginParse()
    expect([s.loadUint(8), s.loadUint(32), s.loadUintBig(64)]).toEqual([0xc4, 9, 0x1een])
    // An absent parameter: tonlib serializes its null cell as empty bytes.
    const absent = result<{ config: { bytes: string } }>(
      await rpc(upstream, 'getConfigParam', { param: 19 }),
    )
    expect(absent.config.bytes).toBe('')
  })

  it('counts requests by method', () => {
    expect(upstream.count('getBlockTransactions')).toBeGreaterThanOrEqual(14)
    expect(upstream.count('getMasterchainInfo')).toBe(2) // once, and once with array params
    expect(upstream.count('getConfigAll')).toBe(1)
  })
})

describe('recorded toncenter: libraries, rate limit, client classification', () => {
  let upstream: RecordedToncenter
  const chain = new RecordedChain()
  const swap = loadTxEmulation('stonfiPoolSwap')
  beforeAll(async () => {
    chain.addLibraries(swap.libs)
    chain.addAccountState(swap.account, { shardAccount: swap.shardAccount }, 100)
    upstream = await startRecordedToncenter({ chain, flavour: 'cpp' })
  })
  afterAll(() => upstream.close())

  it('getLibraries: known hashes served and checked, unknown left out, 17 refused with 400', async () => {
    const known = [...swap.libraries.keys()]
    const unknown = 'ab'.repeat(32)
    const answer = result<{ result: { hash: string; data: string }[] }>(
      await rpc(upstream, 'getLibraries', { libraries: [...known, unknown] }),
    )
    expect(answer.result).toHaveLength(3)
    for (const entry of answer.result) {
      const cell = Cell.fromBoc(Buffer.from(entry.data, 'base64'))[0] as Cell
      expect(cell.hash().toString('base64')).toBe(entry.hash)
    }
    // As repeated query keys, base64.
    const query = known
      .map((h) => `libraries=${encodeURIComponent(Buffer.from(h, 'hex').toString('base64'))}`)
      .join('&')
    const viaGet = await get(upstream, `/api/v2/getLibraries?${query}`)
    expect(viaGet.body.result.result).toHaveLength(3)
    const many = Array.from({ length: 17 }, (_, i) => i.toString(16).padStart(64, '0'))
    const refused = await rpc(upstream, 'getLibraries', { libraries: many })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      ok: false,
      error:
        'INVALID_FIELD: Field library_list has invalid value : too many libraries requested, 16 maximum',
      code: 400,
    })
    const sixteen = await rpc(upstream, 'getLibraries', { libraries: many.slice(0, 16) })
    expect(result<{ result: unknown[] }>(sixteen).result).toEqual([])
  })

  it('our client classifies the 400 as FatalSourceError SOURCE_REJECTED and the 429 as retryable', async () => {
    const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
    const many = Array.from({ length: 17 }, (_, i) => i.toString(16).padStart(64, '0'))
    const rejected = await client.call('getLibraries', { libraries: many }).catch((e: unknown) => e)
    expect(rejected).toBeInstanceOf(FatalSourceError)
    expect(rejected).toMatchObject({ code: 'SOURCE_REJECTED' })
    upstream.rateLimitNext(1)
    const limited = await client.call('getMasterchainInfo', {}).catch((e: unknown) => e)
    expect(limited).toBeInstanceOf(RetryableSourceError)
    expect(limited).toMatchObject({ code: 'SOURCE_RATE_LIMITED' })
    expect(await client.call<{ last: { seqno: number } }>('getMasterchainInfo', {})).toMatchObject({
      last: { seqno: 100 },
    })
  })

  it('answers 429 with toncenter’s documented body', async () => {
    upstream.rateLimitNext(1)
    const response = await fetch(`${upstream.url}/api/v2/getMasterchainInfo`)
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ ok: false, result: 'Ratelimit exceed', code: 429 })
  })

  it('getShardAccountCell serves the recorded ShardAccount; sendBoc is refused', async () => {
    const cell = result<{ bytes: string }>(
      await rpc(upstream, 'getShardAccountCell', { address: swap.account.toString() }),
    )
    const got = Cell.fromBoc(Buffer.from(cell.bytes, 'base64'))[0] as Cell
    expect(got.hash().equals(swap.shardAccount.hash())).toBe(true)
    expect(loadShardAccount(got.beginParse()).lastTransactionLt).toBe(54678042000003n)
    const send = await rpc(upstream, 'sendBoc', { boc: swap.inMessage.toBoc().toString('base64') })
    expect(send.status).toBe(403)
    const viaGet = await get(upstream, '/api/v2/runGetMethod?address=x&method=seqno')
    expect(viaGet.status).toBe(405)
  })
})

describe('recorded toncenter: the Python flavour over the MEV router history', () => {
  let upstream: RecordedToncenter
  const chain = new RecordedChain()
  const history = loadMevRouterHistory()
  const router = Address.parse(history.account)
  beforeAll(async () => {
    chain.addTransactions(history.transactions.map((t) => ({ cell: t.cell, block: t.block })))
    upstream = await startRecordedToncenter({ chain, flavour: 'python' })
  })
  afterAll(() => upstream.close())

  it('has no C++-only method', async () => {
    for (const method of ['getShardAccountCell', 'getConfigAll', 'getShards']) {
      const answer = await rpc(upstream, method, { address: history.account, seqno: 1 })
      expect(answer.status, method).toBe(422)
      expect(answer.body).toMatchObject({
        ok: false,
        error: 'Unknown method',
        jsonrpc: '2.0',
        id: '7',
      })
      expect(answer.body).not.toHaveProperty('code')
    }
    const viaGet = await fetch(
      `${upstream.url}/api/v2/getShardAccountCell?address=${history.account}`,
    )
    expect(viaGet.status).toBe(404)
    expect(viaGet.headers.get('x-api-version')).toBe('2.0.34')
  })

  it('getTransactions pages at limit 100 rebuild all 300, newest first, from lt+hash inclusive', async () => {
    const got: { lt: string; hash: string }[] = []
    let from: { lt: string; hash: string } | undefined
    for (;;) {
      const page = result<{ data: string; transaction_id: { lt: string; hash: string } }[]>(
        await rpc(upstream, 'getTransactions', { address: history.account, limit: 100, ...from }),
      )
      const fresh = from === undefined ? page : page.slice(1)
      if (from !== undefined)
        expect(page[0]?.transaction_id).toEqual({ '@type': 'internal.transactionId', ...from })
      for (const t of fresh) {
        expect(
          (Cell.fromBoc(Buffer.from(t.data, 'base64'))[0] as Cell).hash().toString('base64'),
        ).toBe(t.transaction_id.hash)
        got.push({ lt: t.transaction_id.lt, hash: t.transaction_id.hash })
      }
      if (page.length < 100) break
      const last = page.at(-1) as { transaction_id: { lt: string; hash: string } }
      from = { lt: last.transaction_id.lt, hash: last.transaction_id.hash }
    }
    expect(got).toHaveLength(300)
    const expected = [...history.transactions]
      .reverse()
      .map((t) => ({ lt: t.lt.toString(), hash: Buffer.from(t.hash, 'hex').toString('base64') }))
    expect(got).toEqual(expected)
  })

  it('to_lt is exclusive; limit ≤ 100 on the GET route only; lt without hash starts at the last', async () => {
    const txs = history.transactions
    const tenth = txs[txs.length - 10] as (typeof txs)[number]
    const page = result<{ transaction_id: { lt: string } }[]>(
      await rpc(upstream, 'getTransactions', {
        address: history.account,
        limit: 100,
        to_lt: tenth.lt.toString(),
      }),
    )
    expect(page).toHaveLength(9)
    expect(page.every((t) => BigInt(t.transaction_id.lt) > tenth.lt)).toBe(true)
    // FastAPI validates `limit` (gt=0, le=100) on the GET route; the JSON-RPC path does not.
    const overGet = await fetch(
      `${upstream.url}/api/v2/getTransactions?address=${history.account}&limit=101`,
    )
    expect(overGet.status).toBe(422)
    expect(((await overGet.json()) as Envelope).error).toMatch(/^Validation error: /)
    const overRpc = result<unknown[]>(
      await rpc(upstream, 'getTransactions', { address: history.account, limit: 101 }),
    )
    expect(overRpc).toHaveLength(101)
    // pytonlib starts at the account's last transaction unless it has both lt and hash.
    const ltOnly = result<{ transaction_id: { lt: string } }[]>(
      await rpc(upstream, 'getTransactions', {
        address: history.account,
        lt: tenth.lt.toString(),
        limit: 1,
      }),
    )
    expect(ltOnly[0]?.transaction_id.lt).toBe((txs.at(-1) as (typeof txs)[number]).lt.toString())
    // Python's read methods are GET routes only.
    const post = await fetch(`${upstream.url}/api/v2/getTransactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: history.account }),
    })
    expect(post.status).toBe(405)
  })

  it('renders messages with string addresses and toncenter’s message field', async () => {
    const [tx] = result<{ in_msg: Record<string, unknown>; out_msgs: Record<string, unknown>[] }[]>(
      await rpc(upstream, 'getTransactions', { address: router.toRawString(), limit: 1 }),
    )
    const newest = history.transactions.at(-1) as (typeof history.transactions)[number]
    expect(tx?.in_msg.destination).toBe(router.toString())
    expect(tx?.in_msg.source).toBe(Address.parseRaw(newest.inMsg?.source as string).toString())
    expect(tx?.in_msg.value).toBe(newest.inMsg?.value)
    expect(tx?.out_msgs).toHaveLength(newest.outMsgs.length)
    // pytonlib: the body root's bytes as MIME base64 (76-character lines, each ending in \n).
    const message = tx?.in_msg.message as string
    const body = Cell.fromBoc(
      Buffer.from((tx?.in_msg.msg_data as { body: string } | undefined)?.body ?? '', 'base64'),
    )[0] as Cell
    expect(message.endsWith('\n')).toBe(true)
    expect(message.split('\n').every((line) => line.length <= 76)).toBe(true)
    const bytes = Buffer.from(message.replace(/\n/g, ''), 'base64')
    expect(bytes.length).toBe(Math.ceil(body.bits.length / 8))
    expect(bytes.readUInt32BE(0)).toBe(Number(newest.inMsg?.opCode))
    // getBlockTransactionsExt keeps tonlib's accountAddress objects and adds `account` (pytonlib).
    const ext = result<{ transactions: { account: string; in_msg: { source: unknown } }[] }>(
      await rpc(upstream, 'getBlockTransactionsExt', {
        workchain: 0,
        shard: MASTER_SHARD,
        seqno: newest.block.seqno,
        count: 40,
      }),
    )
    const mine = ext.transactions.find((t) => t.account === router.toRawString())
    expect(mine?.in_msg.source).toMatchObject({ '@type': 'accountAddress' })
  })

  it('serves a v3 trace by transaction hash', async () => {
    const newest = history.transactions.at(-1) as (typeof history.transactions)[number]
    const { body } = await get(upstream, `/api/v3/traces?tx_hash=${newest.hash}`)
    const traces = (
      body as unknown as {
        traces: {
          trace_id: string
          transactions: Record<string, { lt: string }>
          is_incomplete: boolean
        }[]
      }
    ).traces
    expect(traces).toHaveLength(1)
    const hash = Buffer.from(newest.hash, 'hex').toString('base64')
    expect(traces[0]?.trace_id).toBe(hash)
    expect(traces[0]?.is_incomplete).toBe(false)
    expect(traces[0]?.transactions[hash]?.lt).toBe(newest.lt.toString())
  })

  it('serves v3 transactions and blocks with synthesized masterchain seqnos', async () => {
    const { body } = await get(
      upstream,
      `/api/v3/transactions?account=${history.account}&sort=asc&limit=5`,
    )
    expect(body.transactions).toHaveLength(5)
    const first = history.transactions[0] as (typeof history.transactions)[number]
    expect(body.transactions[0]).toMatchObject({
      hash: Buffer.from(first.hash, 'hex').toString('base64'),
      lt: first.lt.toString(),
      prev_trans_lt: first.prevTransLt.toString(),
      block_ref: { workchain: 0, shard: '8000000000000000', seqno: first.block.seqno },
    })
    expect(typeof body.transactions[0]?.mc_block_seqno).toBe('number')
    const blocks = await get(
      upstream,
      `/api/v3/blocks?workchain=0&shard=8000000000000000&seqno=${first.block.seqno}`,
    )
    expect(blocks.body.blocks[0]).toMatchObject({
      seqno: first.block.seqno,
      shard: '8000000000000000',
      gen_utime: String(first.utime),
    })
  })
})

describe('recorded toncenter: v3 /blocks serves the recorded rand_seed', () => {
  let upstream: RecordedToncenter
  beforeAll(async () => {
    const chain = new RecordedChain()
    chain.addBlock(loadRecordedBlock('trs-57314442'))
    upstream = await startRecordedToncenter({ chain })
  })
  afterAll(() => upstream.close())

  it('block 57314442: rand_seed base64 of 74657713…bb01, shard unsigned hex, lts as strings', async () => {
    const { status, body } = await get(
      upstream,
      '/api/v3/blocks?workchain=0&shard=8000000000000000&seqno=57314442',
    )
    expect(status).toBe(200)
    expect(body.blocks).toHaveLength(1)
    const block = body.blocks[0]
    expect(Buffer.from(block?.rand_seed ?? '', 'base64').toString('hex')).toBe(SEED_57314442)
    expect(block).toMatchObject({
      workchain: 0,
      shard: '8000000000000000',
      seqno: 57314442,
      gen_utime: '1758736684',
      start_lt: '61880242000000',
      end_lt: '61880242000019',
      master_ref_seqno: 52304284,
      root_hash: Buffer.from(
        '8d16700538f2aa24f156e4d0225a227fcb6d3e4de7616f19091ee5ae868f2a23',
        'hex',
      ).toString('base64'),
    })
  })
})

describe('recorded toncenter: runGetMethod on recorded state in @ton/sandbox', () => {
  const pool = loadPoolAfterSwap()
  const start = async (withLibraries: boolean) => {
    const chain = new RecordedChain()
    chain.addAccountState(
      pool.address,
      {
        balance: pool.balance,
        code: pool.code,
        data: pool.data,
        lastTransaction: pool.lastTransaction,
      },
      10,
    )
    chain.setConfig(loadConfig46991999().dict)
    if (withLibraries) chain.addLibraries(loadTxEmulation('stonfiPoolSwap').libs)
    return startRecordedToncenter({ chain })
  }

  it('get_pool_data of the TON/USD₮ pool after its swap: reserves 2 543 727 890 452 / 1 727 085 023 286 242', async () => {
    const upstream = await start(true)
    try {
      const run = result<{ exit_code: number; stack: unknown[] }>(
        await rpc(upstream, 'runGetMethod', {
          address: pool.address.toString(),
          method: 'get_pool_data',
          stack: [],
        }),
      )
      expect(run.exit_code).toBe(0)
      const r = new TupleReader(parseToncenterStack(run.stack))
      r.readBoolean() // is_locked
      expect(r.readAddress().toString()).toBe('EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3')
      r.readBigNumber() // total supply
      expect([r.readBigNumber(), r.readBigNumber()]).toEqual([
        2_543_727_890_452n,
        1_727_085_023_286_242n,
      ])
    } finally {
      await upstream.close()
    }
  })

  it('without the pool’s code library the getter exits 9', async () => {
    const upstream = await start(false)
    try {
      const run = result<{ exit_code: number }>(
        await rpc(upstream, 'runGetMethod', {
          address: pool.address.toString(),
          method: 'get_pool_data',
          stack: [],
        }),
      )
      expect(run.exit_code).toBe(9)
    } finally {
      await upstream.close()
    }
  })
})

describe('ready-made chains', () => {
  it('replay: the hashExact vector emulated gives mainnet tx 3b464a32…, served with its real prev-block ids', async () => {
    const v = loadTxEmulation('hashExact')
    const info = prevBlocksOf(v)
    if (info === null) throw new Error('the vector has prev-blocks info')
    const executor = await Executor.create()
    const run = await executor.runTransaction({
      message: v.inMessage,
      config: v.config.toBoc().toString('base64'),
      libs: v.libs,
      verbosity: 'short',
      shardAccount: v.shardAccount.toBoc().toString('base64'),
      now: v.now,
      lt: v.lt,
      randomSeed: v.randSeed,
      ignoreChksig: v.ignoreChksig,
      debugEnabled: false,
      prevBlocksInfo: sandboxPrevBlocks(info),
    })
    if (!run.result.success) throw new Error(run.result.error)
    const txCell = Cell.fromBase64(run.result.transaction)
    expect(txCell.hash().toString('hex')).toBe(HASH_EXACT_TX)
    expect(loadTransaction(txCell.beginParse()).stateUpdate.newHash.toString('hex')).toBe(
      HASH_EXACT_NEW_STATE,
    )
    const chain = replayChain(v, { transaction: txCell })
    const upstream = await startRecordedToncenter({ chain })
    try {
      const newest = info.lastMcBlocks.at(-1) as (typeof info.lastMcBlocks)[number]
      expect(chain.head).toBe(newest.seqno + 1)
      const id = result<{ root_hash: string; file_hash: string }>(
        await rpc(upstream, 'lookupBlock', {
          workchain: -1,
          shard: MASTER_SHARD,
          seqno: newest.seqno,
        }),
      )
      expect(id.root_hash).toBe(newest.rootHash.toString('base64'))
      const header = result<{ prev_key_block_seqno: number }>(
        await rpc(upstream, 'getBlockHeader', {
          workchain: -1,
          shard: MASTER_SHARD,
          seqno: newest.seqno,
        }),
      )
      expect(header.prev_key_block_seqno).toBe(info.prevKeyBlock.seqno)
      const key = result<{ is_key_block: boolean; id: { root_hash: string } }>(
        await rpc(upstream, 'getBlockHeader', {
          workchain: -1,
          shard: MASTER_SHARD,
          seqno: info.prevKeyBlock.seqno,
        }),
      )
      expect(key.is_key_block).toBe(true)
      expect(key.id.root_hash).toBe(info.prevKeyBlock.rootHash.toString('base64'))
      const cell = result<{ bytes: string }>(
        await rpc(upstream, 'getShardAccountCell', {
          address: v.account.toString(),
          seqno: newest.seqno,
        }),
      )
      expect(cell.bytes).toBe(v.shardAccount.toBoc({ idx: false }).toString('base64'))
      const [tx] = result<{ data: string; transaction_id: { hash: string } }[]>(
        await rpc(upstream, 'getTransactions', { address: v.account.toString(), limit: 1 }),
      )
      expect(Buffer.from(tx?.transaction_id.hash ?? '', 'base64').toString('hex')).toBe(
        HASH_EXACT_TX,
      )
      const { body } = await get(upstream, `/api/v3/transactions?hash=${HASH_EXACT_TX}`)
      const block = body.transactions[0]?.block_ref as { seqno: number }
      const blocks = await get(
        upstream,
        `/api/v3/blocks?workchain=0&shard=8000000000000000&seqno=${block.seqno}`,
      )
      expect(Buffer.from(blocks.body.blocks[0]?.rand_seed ?? '', 'base64').equals(v.randSeed)).toBe(
        true,
      )
    } finally {
      await upstream.close()
    }
  })

  it('fork: the pool, its swap, its library and the config', async () => {
    const upstream = await startRecordedToncenter({ chain: poolForkChain() })
    try {
      const pool = loadPoolAfterSwap()
      const info = result<{
        balance: string
        last_transaction_id: { hash: string }
        state: string
      }>(await rpc(upstream, 'getAddressInformation', { address: pool.address.toString() }))
      expect(info).toMatchObject({ balance: '1825550085', state: 'active' })
      expect(info.last_transaction_id.hash).toBe(pool.swap.hash.toString('base64'))
      const [tx] = result<{ transaction_id: { hash: string } }[]>(
        await rpc(upstream, 'getTransactions', { address: pool.address.toString(), limit: 5 }),
      )
      expect(tx?.transaction_id.hash).toBe(pool.swap.hash.toString('base64'))
      const libs = result<{ result: unknown[] }>(
        await rpc(upstream, 'getLibraries', {
          libraries: ['a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4'],
        }),
      )
      expect(libs.result).toHaveLength(1)
    } finally {
      await upstream.close()
    }
  })

  it('follower (trs): key block 46991999 lists its 4 real shard tops; 52111590 found by lt', async () => {
    const chain = followerChain('trs')
    const upstream = await startRecordedToncenter({ chain })
    try {
      const shards = result<{ shards: { shard: string; seqno: number }[] }>(
        await rpc(upstream, 'getShards', { seqno: 46991999 }),
      )
      expect(shards.shards.map((s) => [s.shard, s.seqno])).toEqual([
        ['2305843009213693952', 52077744],
        ['6917529027641081856', 52097945],
        ['-6917529027641081856', 51731388],
        ['-2305843009213693952', 51757085],
      ])
      const found = result<{ seqno: number; root_hash: string }>(
        await rpc(upstream, 'lookupBlock', {
          workchain: 0,
          shard: '6917529027641081856',
          lt: '56269616000005',
        }),
      )
      expect(found.seqno).toBe(52111590)
      const header = result<{ gen_utime: number }>(
        await rpc(upstream, 'getBlockHeader', {
          workchain: 0,
          shard: '6917529027641081856',
          seqno: 52111590,
        }),
      )
      expect(header.gen_utime).toBe(1745147839)
      // A head millions of blocks past the key block: single lookups stay cheap.
      expect(chain.head).toBe(52304285)
      const info = result<{ last: { seqno: number } }>(
        await rpc(upstream, 'getMasterchainInfo', {}),
      )
      expect(info.last.seqno).toBe(52304285)
    } finally {
      await upstream.close()
    }
  })
})

describe('recorded toncenter: tongo’s STON.fi v2.1 getter vectors run through runGetMethod', () => {
  let upstream: RecordedToncenter
  const v = loadTgoStonfiV2Getters()
  beforeAll(async () => {
    const chain = new RecordedChain()
    for (const c of [v.router, v.pool, v.vault]) {
      chain.addAccountState(
        c.account,
        {
          balance: 1_000_000_000n,
          code: c.code,
          data: c.data,
          lastTransaction: { lt: 0n, hash: Buffer.alloc(32) },
        },
        1,
      )
    }
    chain.setConfig(loadConfig46991999().dict)
    upstream = await startRecordedToncenter({ chain, flavour: 'python' })
  })
  afterAll(() => upstream.close())

  const run = async (address: Address, method: string) => {
    const answer = result<{ exit_code: number; stack: unknown[] }>(
      await rpc(upstream, 'runGetMethod', { address: address.toString(), method, stack: [] }),
    )
    expect(answer.exit_code).toBe(0)
    return new TupleReader(parseToncenterStack(answer.stack))
  }

  it('get_pool_data: reserves 190 494 333 / 210 000 000, fees 20 / 10, as tongo expects', async () => {
    const want = v.pool.expected.get_pool_data as Record<string, unknown>
    const r = await run(v.pool.account, 'get_pool_data')
    expect(r.readBoolean()).toBe(want.isLocked)
    expect(r.readAddress().toRawString()).toBe(want.routerAddress)
    expect(r.readBigNumber().toString()).toBe(want.totalSupply)
    expect(r.readBigNumber().toString()).toBe(want.reserve0)
    expect(r.readBigNumber().toString()).toBe(want.reserve1)
    expect(r.readAddress().toRawString()).toBe(want.token0WalletAddress)
    expect(r.readAddress().toRawString()).toBe(want.token1WalletAddress)
    expect(r.readNumber()).toBe(want.lpFee)
    expect(r.readNumber()).toBe(want.protocolFee)
    expect(r.readAddressOpt()).toBeNull()
    expect(r.readBigNumber().toString()).toBe(want.collectedToken0ProtocolFee)
    expect(r.readBigNumber().toString()).toBe(want.collectedToken1ProtocolFee)
  })

  it('get_router_version: 2.1 "release"; get_vault_data: deposited 1 492 595', async () => {
    const version = await run(v.router.account, 'get_router_version')
    expect([version.readNumber(), version.readNumber()]).toEqual([2, 1])
    expect(version.readString()).toBe('release')
    const want = v.vault.expected.get_vault_data as Record<string, unknown>
    const vault = await run(v.vault.account, 'get_vault_data')
    expect(vault.readAddress().toRawString()).toBe(want.ownerAddress)
    expect(vault.readAddress().toRawString()).toBe(want.tokenAddress)
    expect(vault.readAddress().toRawString()).toBe(want.routerAddress)
    expect(vault.readBigNumber().toString()).toBe(want.depositedAmount)
  })
})

describe('recorded toncenter: a moving head and a lost transaction', () => {
  it('serves only what the head has committed, and a dropped transaction leaves its link dangling', async () => {
    const chain = followerChain('mev')
    const history = loadMevRouterHistory()
    const [, high] = chain.mcRange()
    chain.head = high - 10
    const upstream = await startRecordedToncenter({ chain })
    try {
      const all = () =>
        rpc(upstream, 'getTransactions', { address: history.account, limit: 1000 }).then((a) =>
          result<{ transaction_id: { lt: string; hash: string }; data: string }[]>(a),
        )
      const early = await all()
      const committed = history.transactions.filter(
        (t) => (chain.transaction(t.hash)?.block.mcSeqno ?? Number.POSITIVE_INFINITY) <= high - 10,
      )
      expect(early).toHaveLength(committed.length)
      expect(early.length).toBeLessThan(300)
      const lastBlock = (history.transactions.at(-1) as (typeof history.transactions)[number]).block
      const hidden = await rpc(upstream, 'getBlockHeader', {
        workchain: 0,
        shard: MASTER_SHARD,
        seqno: lastBlock.seqno,
      })
      expect(hidden.status).toBe(500)
      chain.head = high
      expect(await all()).toHaveLength(300)
      // A source that lost one transaction: the next one still names it as its previous.
      const lost = history.transactions[150] as (typeof history.transactions)[number]
      chain.dropTransaction(lost.hash)
      const served = await all()
      expect(served).toHaveLength(299)
      const next = history.transactions[151] as (typeof history.transactions)[number]
      const nextServed = served.find((t) => t.transaction_id.lt === next.lt.toString())
      const tx = loadTransaction(
        (Cell.fromBoc(Buffer.from(nextServed?.data ?? '', 'base64'))[0] as Cell).beginParse(),
      )
      expect(tx.prevTransactionLt).toBe(lost.lt)
      expect(served.some((t) => t.transaction_id.lt === lost.lt.toString())).toBe(false)
    } finally {
      await upstream.close()
    }
  })
})

describe('the project’s accounts-mode source against the recorded toncenter', () => {
  it('follows the v2.2 router through v3 discovery, v3 traces and v2 getTransactions: all 300 txs', async () => {
    const history = loadMevRouterHistory()
    const chain = followerChain('mev')
    const upstream = await startRecordedToncenter({ chain, flavour: 'python' })
    try {
      const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
      const source = tonApiAccountsSource({ client, routers: [history.account] })
      const head = await source.head()
      const seen = new Set<string>()
      let after = chain.mcRange()[0] - 1
      while (after < head.seqno) {
        const blocks = await source.blocks(after, head.seqno)
        if (blocks.length === 0) break
        for (const b of blocks) for (const t of b.transactions) seen.add(t.hash().toString('hex'))
        after = (blocks.at(-1) as { seqno: number }).seqno
      }
      expect(seen.size).toBe(300)
      expect(history.transactions.every((t) => seen.has(t.hash))).toBe(true)
      expect(upstream.count('v3/transactions')).toBeGreaterThan(0)
      expect(upstream.count('v3/traces')).toBeGreaterThan(0)
      expect(upstream.count('getTransactions')).toBeGreaterThan(0)
    } finally {
      await upstream.close()
    }
  })
})
