import {
  Address,
  beginCell,
  Cell,
  internal,
  loadTransaction,
  SendMode,
  storeMessage,
  toNano,
} from '@ton/core'
import { TonClient, WalletContractV4, WalletContractV5R1 } from '@ton/ton'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  deployTestWallets,
  type TestWallet,
  testKeyPair,
  transferBoc,
  transferMessage,
} from '../_support/testWallets.js'
import type { ChainBlock } from '../LiveChain.js'
import { LiveChain } from '../LiveChain.js'
import { tonHttpApi } from './tonHttpApi.js'

const bob = Address.parse(`0:${'b0'.repeat(32)}`)

describe('TON HTTP API driven by the unchanged @ton/ton TonClient', () => {
  let chain: LiveChain
  let app: FastifyInstance
  let base: string
  let client: TonClient
  let wallets: { v4: TestWallet; v5: TestWallet }

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    chain = await LiveChain.open()
    wallets = await deployTestWallets(chain)
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

  test('getBalance and getContractState answer the chain state', async () => {
    const address = wallets.v4.contract.address
    const info = await chain.account(address)
    expect(await client.getBalance(address)).toBe(info.balance)
    const state = await client.getContractState(address)
    expect(state.state).toBe('active')
    expect(Cell.fromBoc(state.code!)[0]!.equals(wallets.v4.contract.init.code)).toBe(true)
    expect(state.lastTransaction?.lt).toBe(info.lastTransaction?.lt.toString())
    expect(state.blockId.seqno).toBe(chain.head.seqno)
    const nobody = await client.getContractState(Address.parse(`0:${'0e'.repeat(32)}`))
    expect(nobody).toMatchObject({
      state: 'uninitialized',
      balance: 0n,
      code: null,
      lastTransaction: null,
    })
  })

  test.each([
    ['v4', WalletContractV4],
    ['v5', WalletContractV5R1],
  ] as const)('open(%s wallet): getSeqno, sendTransfer, getTransactions', async (kind, Wallet) => {
    const { keyPair } = wallets[kind]
    const wallet = client.open(Wallet.create({ workchain: 0, publicKey: keyPair.publicKey }))
    const seqno = await wallet.getSeqno()
    const bobBefore = await client.getBalance(bob)
    const head = chain.head.seqno
    await wallet.sendTransfer({
      seqno,
      secretKey: keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: bob, value: toNano('2'), bounce: false })],
    })
    // answered only after the block was executed and stored
    expect(chain.head.seqno).toBe(head + 1)
    expect(await wallet.getSeqno()).toBe(seqno + 1)
    const received = (await client.getBalance(bob)) - bobBefore
    expect(received).toBeGreaterThan(toNano('2') - 1000n)
    expect(received).toBeLessThanOrEqual(toNano('2'))

    const [last, previous] = await client.getTransactions(wallet.address, { limit: 2 })
    expect(last?.inMessage?.info.type).toBe('external-in')
    expect(last?.outMessages.get(0)?.info.dest?.toString()).toBe(bob.toString())
    const mine = chain.transactions(wallet.address, { limit: 2 })
    expect([last?.lt, previous?.lt]).toEqual(mine.map((t) => t.lt))
    expect(last?.hash().equals(Buffer.from(mine[0]!.hash))).toBe(true)

    // message tracking: from the transfer's out-message to bob's transaction and back
    const out = last!.outMessages.get(0)!
    const createdLt = out.info.type === 'internal' ? out.info.createdLt.toString() : ''
    const result = await client.tryLocateResultTx(wallet.address, bob, createdLt)
    const [bobTx] = chain.transactions(bob, { limit: 1 })
    expect(result.hash().equals(Buffer.from(bobTx!.hash))).toBe(true)
    const source = await client.tryLocateSourceTx(wallet.address, bob, createdLt)
    expect(source.hash().equals(last!.hash())).toBe(true)
  })

  test('a funded wallet that was never deployed deploys with its first transfer', async () => {
    const keyPair = testKeyPair('first-transfer')
    const fresh = client.open(
      WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey }),
    )
    await chain.execute(async (blockchain) => {
      const faucet = await blockchain.treasury('faucet')
      await faucet.send({ to: fresh.address, value: toNano('5'), bounce: false })
    })
    expect((await client.getContractState(fresh.address)).state).toBe('uninitialized')
    expect(await client.getBalance(fresh.address)).toBe(toNano('5'))
    // TonClient's provider adds the state init because the account is not active
    await fresh.sendTransfer({
      seqno: 0,
      secretKey: keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: bob, value: toNano('1'), bounce: false })],
    })
    expect((await client.getContractState(fresh.address)).state).toBe('active')
    expect(await fresh.getSeqno()).toBe(1)
  })

  test('blocks: getMasterchainInfo, getWorkchainShards, getShardTransactions follow the chain', async () => {
    const { latestSeqno, initSeqno } = await client.getMasterchainInfo()
    expect([initSeqno, latestSeqno]).toEqual([0, chain.head.seqno])
    const shards = await client.getWorkchainShards(latestSeqno)
    expect(shards).toEqual([{ workchain: 0, shard: '-9223372036854775808', seqno: latestSeqno }])
    const txs = await client.getShardTransactions(0, latestSeqno, shards[0]!.shard)
    const expected = chain.blockTransactions(latestSeqno)
    expect(txs.map((t) => [t.account.toRawString(), t.lt])).toEqual(
      expected.map((t) => [t.account, t.lt.toString()]),
    )
    const tx = await client.getTransaction(txs[0]!.account, txs[0]!.lt, txs[0]!.hash)
    expect(tx?.lt.toString()).toBe(txs[0]!.lt)
    const future = await post('/api/v2/getBlockTransactions', {
      workchain: 0,
      shard: '-9223372036854775808',
      seqno: latestSeqno + 1,
    })
    expect(future).toMatchObject({ status: 404, json: { error_code: 'TON_API_BLOCK_NOT_FOUND' } })
  })

  test('getTransactions pages by lt and hash like toncenter', async () => {
    const address = wallets.v4.contract.address
    const all = await client.getTransactions(address, { limit: 100 })
    expect(all.length).toBeGreaterThanOrEqual(2)
    const first = all[0]!
    const rest = await client.getTransactions(address, {
      limit: 100,
      lt: first.lt.toString(),
      hash: first.hash().toString('base64'),
    })
    expect(rest.map((t) => t.lt)).toEqual(all.slice(1).map((t) => t.lt))
    const same = await client.getTransaction(
      address,
      first.lt.toString(),
      first.hash().toString('base64'),
    )
    expect(same?.hash().equals(first.hash())).toBe(true)
  })

  test('runMethod returns the stack TonClient parses: ints, null', async () => {
    const v4 = wallets.v4.contract.address
    const key = await client.runMethod(v4, 'get_public_key')
    expect(key.stack.readBigNumber()).toBe(
      BigInt(`0x${wallets.v4.keyPair.publicKey.toString('hex')}`),
    )
    const subwallet = await client.runMethod(v4, 'get_subwallet_id')
    expect(subwallet.stack.readNumber()).toBe(wallets.v4.contract.walletId)
    const installed = await client.runMethod(v4, 'is_plugin_installed', [
      { type: 'int', value: 0n },
      { type: 'int', value: 5n },
    ])
    expect(installed.stack.readBoolean()).toBe(false)
    const extensions = await client.runMethod(wallets.v5.contract.address, 'get_extensions')
    expect(extensions.stack.readCellOpt()).toBeNull()
    const missing = await client.runMethodWithError(v4, 'no_such_method')
    expect(missing.exit_code).toBe(11)
    await expect(client.runMethod(bob, 'seqno')).rejects.toThrow(/exit_code: -13/)
  })

  test('getWalletInformation and the GET / POST method routes', async () => {
    const v4 = wallets.v4.contract.address.toString()
    const get = await fetch(`${base}/api/v2/getWalletInformation?address=${encodeURIComponent(v4)}`)
    expect(get.status).toBe(200)
    const v4Info = (await get.json()) as { ok: boolean; result: Record<string, unknown> }
    expect(v4Info.ok).toBe(true)
    expect(v4Info.result).toMatchObject({
      wallet: true,
      wallet_type: 'wallet v4 r2',
      account_state: 'active',
      seqno: await client.open(wallets.v4.contract).getSeqno(),
      wallet_id: wallets.v4.contract.walletId,
    })
    const v5Info = await post('/api/v2/getWalletInformation', {
      address: wallets.v5.contract.address.toRawString(),
    })
    expect(v5Info.json.result).toMatchObject({ wallet: true, wallet_type: 'wallet v5 r1' })
    const bobInfo = await post('/api/v2/getWalletInformation', { address: bob.toString() })
    expect(bobInfo.json.result).toMatchObject({ wallet: false, account_state: 'uninitialized' })
    const balance = await fetch(`${base}/api/v2/getAddressBalance?address=${v4}`)
    expect(((await balance.json()) as { result: string }).result).toBe(
      (await chain.account(wallets.v4.contract.address)).balance.toString(),
    )
    const state = await post('/api/v2/jsonRPC', {
      jsonrpc: '2.0',
      id: 7,
      method: 'getAddressState',
      params: { address: v4 },
    })
    expect(state.json).toEqual({ ok: true, result: 'active', jsonrpc: '2.0', id: 7 })
    const extended = await post('/api/v2/getExtendedAddressInformation', { address: v4 })
    expect(extended.json.result).toMatchObject({
      '@type': 'fullAccountState',
      account_state: { '@type': 'raw.accountState' },
    })
  })

  test('estimateFee, getMasterchainInfo, sendBocReturnHash', async () => {
    const v4 = client.open(wallets.v4.contract)
    const seqno = await v4.getSeqno()
    const message = transferMessage(wallets.v4, seqno, bob, toNano('0.1'))
    const fee = await client.estimateExternalMessageFee(wallets.v4.contract.address, {
      body: message.body,
      initCode: null,
      initData: null,
      ignoreSignature: true,
    })
    expect(fee.source_fees.gas_fee).toBeGreaterThan(0)
    expect(fee.source_fees.in_fwd_fee).toBeGreaterThan(0)
    expect(fee.source_fees.fwd_fee).toBeGreaterThan(0)
    expect((await client.getMasterchainInfo()).latestSeqno).toBe(chain.head.seqno)

    const boc = beginCell().store(storeMessage(message)).endCell()
    const sent = await post('/api/v2/sendBocReturnHash', { boc: boc.toBoc().toString('base64') })
    expect(sent.json).toMatchObject({
      ok: true,
      result: { '@type': 'raw.extMessageInfo', hash: boc.hash().toString('base64') },
    })
    expect((await client.getMasterchainInfo()).latestSeqno).toBe(chain.head.seqno)
  })

  test('a bad BoC or a rejected external is a 4xx {ok:false} and changes nothing', async () => {
    const head = chain.head
    const balance = await client.getBalance(wallets.v4.contract.address)
    const cases = [
      { boc: 'not base64 at all!', status: 400, code: 'TON_API_INVALID_PARAMETER' },
      {
        boc: Buffer.from('hello').toString('base64'),
        status: 400,
        code: 'TON_API_INVALID_PARAMETER',
      },
      {
        boc: beginCell().storeUint(7, 8).endCell().toBoc().toString('base64'),
        status: 400,
        code: 'LIVE_CHAIN_INVALID_BOC',
      },
      // seqno 0 again: the wallet refuses a replay
      {
        boc: transferBoc(wallets.v4, 0, bob, 1n).toString('base64'),
        status: 422,
        code: 'LIVE_CHAIN_EXTERNAL_REJECTED',
      },
    ]
    for (const { boc, status, code } of cases) {
      const rpc = await post('/api/v2/jsonRPC', {
        jsonrpc: '2.0',
        id: '1',
        method: 'sendBoc',
        params: { boc },
      })
      expect(rpc.status).toBe(status)
      expect(rpc.json).toMatchObject({
        ok: false,
        code: status,
        error_code: code,
        jsonrpc: '2.0',
        id: '1',
      })
      expect(typeof rpc.json.error).toBe('string')
      const plain = await post('/api/v2/sendBoc', { boc })
      expect(plain.status).toBe(status)
      expect(plain.json).toMatchObject({ ok: false, code: status, error_code: code })
    }
    await expect(client.sendFile(transferBoc(wallets.v4, 0, bob, 1n))).rejects.toThrow()
    expect(chain.head).toEqual(head)
    expect(await client.getBalance(wallets.v4.contract.address)).toBe(balance)
    const missing = await post('/api/v2/sendBoc', {})
    expect(missing).toMatchObject({
      status: 400,
      json: { ok: false, error_code: 'TON_API_INVALID_PARAMETER' },
    })
    const badAddress = await fetch(`${base}/api/v2/getAddressBalance?address=nope`)
    expect(badAddress.status).toBe(400)
    const unknown = await post('/api/v2/jsonRPC', {
      jsonrpc: '2.0',
      id: 1,
      method: 'getEverything',
      params: {},
    })
    expect(unknown).toMatchObject({
      status: 404,
      json: { ok: false, error_code: 'TON_API_METHOD_NOT_FOUND' },
    })
    // A batch of two non-requests: answered in place, each as an invalid request.
    const notRpc = await post('/api/v2/jsonRPC', [1, 2])
    expect(notRpc.status).toBe(200)
    expect(notRpc.json).toEqual([
      expect.objectContaining({ ok: false, code: 400, error_code: 'TON_API_INVALID_REQUEST' }),
      expect.objectContaining({ ok: false, code: 400, error_code: 'TON_API_INVALID_REQUEST' }),
    ])
  })

  test('twenty concurrent sendBoc calls all land, one block each, never interleaved', async () => {
    // twenty fresh wallets (ten v4r2, ten v5r1), so every transfer is valid in any arrival order
    const senders: TestWallet[] = Array.from({ length: 20 }, (_, i) => {
      const keyPair = testKeyPair(`concurrent-${i}`)
      const contract =
        i % 2 === 0
          ? WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey })
          : WalletContractV5R1.create({ workchain: 0, publicKey: keyPair.publicKey })
      return { contract, keyPair }
    })
    await chain.execute(async (blockchain) => {
      const funder = await blockchain.treasury('concurrent-funder')
      for (const { contract } of senders) {
        await funder.send({
          to: contract.address,
          value: toNano('3'),
          init: contract.init,
          bounce: false,
        })
      }
    })
    const blocks: ChainBlock[] = []
    const stop = chain.onBlock((block) => blocks.push(block))
    const head = chain.head.seqno
    const answers = await Promise.all(
      senders.map((wallet) =>
        post('/api/v2/sendBoc', {
          boc: transferBoc(wallet, 0, bob, toNano('1')).toString('base64'),
        }),
      ),
    )
    stop()
    expect(answers.map((a) => a.status)).toEqual(senders.map(() => 200))
    expect(blocks.map((b) => b.seqno)).toEqual(senders.map((_, i) => head + 1 + i))
    // each block is one message chain: the sender's external, then bob's credit
    let previousLt = 0n
    for (const block of blocks) {
      expect(block.transactions).toHaveLength(2)
      const [first, second] = block.transactions
      expect(first!.inMessage?.info.type).toBe('external-in')
      expect(second!.inMessage?.info.src?.toString()).toBe(first!.inMessage?.info.dest?.toString())
      expect(first!.lt).toBeGreaterThan(previousLt)
      expect(second!.lt).toBeGreaterThan(first!.lt)
      previousLt = second!.lt
    }
    for (const { contract } of senders) {
      expect(await client.open(contract).getSeqno()).toBe(1)
      const [tx] = await client.getTransactions(contract.address, { limit: 1 })
      expect(loadTransaction(tx!.raw.beginParse()).inMessage?.info.type).toBe('external-in')
    }
  })

  test('runGetMethod at a seqno: the head and older blocks answer, a later block 404', async () => {
    const call = (seqno: number) =>
      post('/api/v2/jsonRPC', {
        jsonrpc: '2.0',
        id: 1,
        method: 'runGetMethod',
        params: {
          address: wallets.v4.contract.address.toString(),
          method: 'seqno',
          stack: [],
          seqno,
        },
      })
    const head = chain.head.seqno
    const atHead = await call(head)
    expect(atHead.status).toBe(200)
    expect(atHead.json.result).toMatchObject({ exit_code: 0 })
    expect(await call(head + 1)).toMatchObject({
      status: 404,
      json: { error_code: 'TON_API_BLOCK_NOT_FOUND' },
    })
    // the wallet's seqno after each earlier block (its state then, kept by the chain)
    const seqnos: number[] = []
    for (let seqno = 0; seqno <= head; seqno++) {
      const answer = await call(seqno)
      expect(answer.status).toBe(200)
      const result = answer.json.result as { exit_code: number; stack: [string, string][] }
      seqnos.push(result.exit_code === 0 ? Number(result.stack[0]?.[1]) : result.exit_code)
    }
    expect(seqnos[0]).toBe(-13) // not deployed at genesis: toncenter's exit code -13
    expect(seqnos.at(-1)).toBe(await client.open(wallets.v4.contract).getSeqno())
    expect([...seqnos].sort((a, b) => a - b)).toEqual(seqnos) // never goes back
  })

  test('no chain: every method answers 503', async () => {
    const idle = Fastify()
    await idle.register(tonHttpApi, { chain: () => undefined })
    const res = await idle.inject({ method: 'GET', url: '/api/v2/getMasterchainInfo' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ ok: false, code: 503, error_code: 'TON_API_NO_CHAIN' })
    await idle.close()
  })
})

describe('TON HTTP API request errors', () => {
  test('an unparsable JSON body is a 400, a body over the limit a 413, each with its code', async () => {
    const app = Fastify()
    await app.register(tonHttpApi, { chain: () => undefined })
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/jsonRPC',
      headers: { 'content-type': 'application/json' },
      payload: '{"jsonrpc": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      ok: false,
      code: 400,
      error_code: 'TON_API_INVALID_JSON',
    })
    const large = await app.inject({
      method: 'POST',
      url: '/api/v2/jsonRPC',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ method: 'getMasterchainInfo', pad: 'x'.repeat(2_000_000) }),
    })
    expect(large.statusCode).toBe(413)
    expect(large.json()).toMatchObject({
      ok: false,
      code: 413,
      error_code: 'TON_API_BODY_TOO_LARGE',
    })
    const v3 = await app.inject({
      method: 'POST',
      url: '/api/v3/message',
      headers: { 'content-type': 'application/json' },
      payload: '{"boc": ',
    })
    expect(v3.statusCode).toBe(400)
    expect(v3.json()).toMatchObject({ error_code: 'TON_API_INVALID_JSON' })
    await app.close()
  })
})
