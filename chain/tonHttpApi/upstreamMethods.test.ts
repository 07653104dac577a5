/**
 * What a fork reads from its upstream, served by the local chain over real HTTP: an account's
 * exact `ShardAccount`, its state and get-methods at a pinned block S after later blocks
 * changed it, the library cells its code references, the configuration, `getShards`, and
 * toncenter's answer for a block whose states are no longer kept.
 */
import { Address, Cell, loadShardAccount, toNano } from '@ton/core'
import { TonClient } from '@ton/ton'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildRouterWorld, type RouterWorld } from '../../test/emulator/_support/localWorld.js'
import { deployTestWallets, type TestWallet, transferBoc } from '../_support/testWallets.js'
import { LiveChain } from '../LiveChain.js'
import { tonHttpApi } from './tonHttpApi.js'
import { prunedStateMessage } from './upstreamMethods.js'

// biome-ignore lint/suspicious/noExplicitAny: wire JSON, read field by field
type Json = Record<string, any>
type Answer = { status: number; json: Json }

async function serve(chain: LiveChain): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify()
  await app.register(tonHttpApi, { chain })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  return { app, base: `http://127.0.0.1:${port}` }
}

function caller(base: string) {
  return {
    async get(method: string, query: string): Promise<Answer> {
      const res = await fetch(`${base}/api/v2/${method}?${query}`)
      return { status: res.status, json: (await res.json()) as Json }
    },
    async rpc(method: string, params: Record<string, unknown>): Promise<Answer> {
      const res = await fetch(`${base}/api/v2/jsonRPC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
      })
      return { status: res.status, json: (await res.json()) as Json }
    },
  }
}

const shardAccountOf = (bytes: string) => loadShardAccount(Cell.fromBase64(bytes).beginParse())

describe('a fork pins block S on the local chain while it moves on', () => {
  let w: RouterWorld
  let chain: LiveChain
  let app: FastifyInstance
  let call: ReturnType<typeof caller>
  let client: TonClient
  let wallet: TestWallet
  let pool: Address
  const newcomer = Address.parse(`0:${'5e'.repeat(32)}`)

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    chain = await LiveChain.open({ blockchain: w.dex.blockchain })
    wallet = (await deployTestWallets(chain)).v4
    pool = w.poolAB.address
    const served = await serve(chain)
    app = served.app
    call = caller(served.base)
    client = new TonClient({ endpoint: `${served.base}/api/v2/jsonRPC` })
  })

  afterAll(async () => {
    await app.close()
    await chain.close()
  })

  test('after a later swap changed the pool, every account call at S answers the state at S', async () => {
    const s = chain.head.seqno
    const q = `address=${pool.toString()}`
    const cellAtS = (await call.get('getShardAccountCell', q)).json.result.bytes as string
    expect(Buffer.from(cellAtS, 'base64').equals(await chain.shardAccountCell(pool))).toBe(true)
    const getPoolData = (seqno?: number) =>
      call.rpc('runGetMethod', {
        address: pool.toString(),
        method: 'get_pool_data',
        stack: [],
        ...(seqno === undefined ? {} : { seqno }),
      })
    const poolDataAtS = (await getPoolData()).json.result.stack
    expect((await client.runMethod(pool, 'get_pool_data')).stack.remaining).toBe(poolDataAtS.length)
    const walletSeqnoAtS = await client.open(wallet.contract).getSeqno()

    // the upstream moves on: a swap through the pool, a wallet transfer, a new account
    await chain.execute(() =>
      w.dex.swap(w.router, { from: w.bob, offer: w.a, ask: w.b, amount: 7_000_000_000n }),
    )
    await client.sendFile(transferBoc(wallet, walletSeqnoAtS, newcomer, toNano('1')))
    await chain.setBalance(newcomer, toNano('3'))
    expect(chain.head.seqno).toBeGreaterThan(s + 2)

    const now = await call.get('getShardAccountCell', q)
    expect(now.json.result.bytes).not.toBe(cellAtS)
    const at = await call.get('getShardAccountCell', `${q}&seqno=${s}`)
    expect(at).toMatchObject({ status: 200, json: { ok: true, result: { '@type': 'tvm.cell' } } })
    expect(at.json.result.bytes).toBe(cellAtS) // byte-exact, what a fork loads
    const viaRpc = await call.rpc('getShardAccountCell', { address: pool.toString(), seqno: s })
    expect(viaRpc.json.result.bytes).toBe(cellAtS)

    const poolAtS = shardAccountOf(cellAtS)
    const info = await call.get('getAddressInformation', `${q}&seqno=${s}`)
    const state = poolAtS.account!.storage.state
    if (state.type !== 'active') throw new Error('the pool is active')
    expect(Cell.fromBase64(info.json.result.data).equals(state.state.data!)).toBe(true)
    expect(info.json.result).toMatchObject({
      balance: poolAtS.account!.storage.balance.coins.toString(),
      last_transaction_id: { lt: poolAtS.lastTransactionLt.toString() },
      block_id: { seqno: s },
      state: 'active',
    })
    expect(info.json.result.sync_utime).toBe(chain.blockTime(s) ?? chain.head.now)

    // get-methods run on the state at S; at the head they see the swap
    const [atS, atHead] = [await getPoolData(s), await getPoolData()]
    expect(atS.json.result).toMatchObject({ exit_code: 0, block_id: { seqno: s } })
    expect(atS.json.result.stack).toEqual(poolDataAtS)
    expect(atHead.json.result.stack).not.toEqual(poolDataAtS)

    // a wallet at S: its seqno then; an account created after S did not exist at S
    const walletAtS = await call.get(
      'getWalletInformation',
      `address=${wallet.contract.address.toString()}&seqno=${s}`,
    )
    expect(walletAtS.json.result).toMatchObject({ wallet: true, seqno: walletSeqnoAtS })
    expect(await client.open(wallet.contract).getSeqno()).toBe(walletSeqnoAtS + 1)
    const fresh = `address=${newcomer.toString()}&seqno=${s}`
    expect((await call.get('getAddressState', fresh)).json.result).toBe('uninitialized')
    expect((await call.get('getAddressBalance', fresh)).json.result).toBe('0')
    const none = shardAccountOf((await call.get('getShardAccountCell', fresh)).json.result.bytes)
    expect(none).toEqual({ account: undefined, lastTransactionHash: 0n, lastTransactionLt: 0n })
    const extended = await call.get('getExtendedAddressInformation', fresh)
    expect(extended.json.result).toMatchObject({
      balance: '0',
      account_state: { '@type': 'uninited.accountState' },
      block_id: { seqno: s },
    })
    expect(await client.getBalance(newcomer)).toBe(toNano('3'))
    // between the transfer and setBalance: the transfer's 1 TON (less nothing: bounce off)
    const afterTransfer = await call.get(
      'getAddressBalance',
      `address=${newcomer.toString()}&seqno=${chain.head.seqno - 1}`,
    )
    expect(afterTransfer.json.result).toBe(toNano('1').toString())
  })

  test('getShardAccountCell of an account that never existed is account_none, lt and hash zero', async () => {
    const nobody = Address.parse(`0:${'0f'.repeat(32)}`)
    const answer = await call.get('getShardAccountCell', `address=${nobody.toRawString()}`)
    expect(shardAccountOf(answer.json.result.bytes)).toEqual({
      account: undefined,
      lastTransactionHash: 0n,
      lastTransactionLt: 0n,
    })
  })

  test('getLibraries answers the library cells the pool code references, by hash in any form', async () => {
    const poolState = shardAccountOf(
      (await call.get('getShardAccountCell', `address=${pool.toString()}`)).json.result.bytes,
    ).account!.storage.state
    if (poolState.type !== 'active') throw new Error('the pool is active')
    const code = poolState.state.code!
    expect(code.isExotic).toBe(true) // a library reference, as STON.fi's v2 pools on mainnet
    const hash = code.beginParse(true).skip(8).loadBuffer(32)
    const expected = [{ '@type': 'smc.libraryEntry', hash: hash.toString('base64') }]
    const routerCode = (await chain.account(w.router.address)).code!
    const routerHash = routerCode.beginParse(true).skip(8).loadBuffer(32)
    const unknown = Buffer.alloc(32, 7)
    for (const query of [
      `libraries=${hash.toString('hex')}`,
      `libraries=${encodeURIComponent(hash.toString('base64'))}`,
      `libraries=${hash.toString('base64url')}&libraries=${unknown.toString('hex')}`,
      `libraries=${unknown.toString('hex')},${hash.toString('hex').toUpperCase()}`,
    ]) {
      const answer = await call.get('getLibraries', query)
      expect(answer.json).toMatchObject({
        ok: true,
        result: { '@type': 'smc.libraryResult', result: expected },
      })
      const library = Cell.fromBase64(answer.json.result.result[0].data)
      expect(library.hash().equals(hash)).toBe(true) // what a fork checks before it uses it
    }
    const both = await call.rpc('getLibraries', {
      libraries: [routerHash.toString('hex'), hash.toString('base64'), hash.toString('hex')],
    })
    const hashes = (both.json.result.result as { hash: string }[]).map((e) => e.hash)
    expect(hashes).toEqual(
      [hash, routerHash].sort((a, b) => a.compare(b)).map((h) => h.toString('base64')),
    )
    expect((await call.get('getLibraries', `libraries=${unknown.toString('hex')}`)).json).toEqual({
      ok: true,
      result: { '@type': 'smc.libraryResult', result: [] },
    })
    const tooMany = Array.from({ length: 17 }, (_, i) => Buffer.alloc(32, i).toString('hex'))
    for (const [query, field] of [
      [`libraries=${tooMany.join(',')}`, 'libraries'],
      ['libraries=abc', 'libraries'],
      ['', 'libraries'],
    ] as const) {
      const bad = await call.get('getLibraries', query)
      expect(bad).toMatchObject({
        status: 400,
        json: { ok: false, code: 400, error_code: 'TON_API_INVALID_PARAMETER' },
      })
      expect(bad.json.error).toContain(field)
    }
  })

  test('getConfigAll at a block, and getShards as an alias of shards', async () => {
    const config = chain.config.toBoc({ idx: false }).toString('base64')
    for (const answer of [
      await call.get('getConfigAll', ''),
      await call.get('getConfigAll', 'seqno=1'),
      await call.rpc('getConfigAll', { seqno: 0 }),
    ]) {
      expect(answer.json).toMatchObject({
        ok: true,
        result: { '@type': 'configInfo', config: { '@type': 'tvm.cell' } },
      })
      expect(Cell.fromBase64(answer.json.result.config.bytes).equals(chain.config)).toBe(true)
      expect(Cell.fromBase64(config).equals(chain.config)).toBe(true)
    }
    const head = chain.head.seqno
    expect((await call.get('getConfigAll', `seqno=${head + 1}`)).json).toMatchObject({
      code: 404,
      error_code: 'TON_API_BLOCK_NOT_FOUND',
    })
    const shards = await call.get('shards', `seqno=${head}`)
    expect(await call.get('getShards', `seqno=${head}`)).toEqual(shards)
    expect((await call.rpc('getShards', { seqno: head })).json.result).toEqual(shards.json.result)
  })
})

describe('a block whose states are no longer kept', () => {
  test("answers toncenter's 500 for a garbage-collected state; a later block 404", async () => {
    const chain = await LiveChain.open({ stateHistory: { maxBlocks: 2 } })
    const { v4 } = await deployTestWallets(chain)
    const { app, base } = await serve(chain)
    const call = caller(base)
    const bob = Address.parse(`0:${'b0'.repeat(32)}`)
    try {
      for (let seqno = 0; seqno < 4; seqno++)
        await chain.sendExternal(transferBoc(v4, seqno, bob, 1n))
      const head = chain.head.seqno
      const q = `address=${v4.contract.address.toString()}`
      // the two newest blocks that changed accounts are kept: states from block head − 2 on
      expect((await call.get('getAddressBalance', `${q}&seqno=${head - 2}`)).status).toBe(200)
      for (const method of [
        'getAddressInformation',
        'getExtendedAddressInformation',
        'getWalletInformation',
        'getAddressBalance',
        'getAddressState',
        'getShardAccountCell',
      ]) {
        const pruned = await call.get(method, `${q}&seqno=${head - 3}`)
        expect(pruned).toEqual({
          status: 500,
          json: {
            ok: false,
            code: 500,
            error: prunedStateMessage(head - 3),
            error_code: 'TON_API_STATE_PRUNED',
          },
        })
        expect(pruned.json.error).toMatch(
          /^LITE_SERVER_ERROR: cannot load state for \(-1,8000000000000000,\d+\):[0-9A-F]{64}:[0-9A-F]{64} : state already gc'd$/,
        )
        expect((await call.get(method, `${q}&seqno=${head + 1}`)).json).toMatchObject({
          code: 404,
          error_code: 'TON_API_BLOCK_NOT_FOUND',
        })
      }
      const run = await call.rpc('runGetMethod', {
        address: v4.contract.address.toString(),
        method: 'seqno',
        stack: [],
        seqno: 1,
      })
      expect(run).toMatchObject({
        status: 500,
        json: { error_code: 'TON_API_STATE_PRUNED', id: 7 },
      })
      const recent = await call.rpc('runGetMethod', {
        address: v4.contract.address.toString(),
        method: 'seqno',
        stack: [],
        seqno: head - 1,
      })
      expect(recent.json.result).toMatchObject({ exit_code: 0, stack: [['num', '0x3']] })
    } finally {
      await app.close()
      await chain.close()
    }
  })
})
