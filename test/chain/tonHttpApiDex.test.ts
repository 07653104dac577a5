/**
 * A dApp's swap flow against the live chain, with the official stack unchanged but for its
 * endpoint: `@ston-fi/sdk`'s `Client` (a `TonClient`) on the TON HTTP API, the SDK's DEX v2.2
 * router building the messages from get-methods answered over HTTP, a v4r2 wallet signing them
 * and `sendBoc` executing the whole message chain as one block — with exactly core's result.
 */
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, pTON } from '@ston-fi/sdk'
import { internal, type SenderArguments, SendMode, toNano } from '@ton/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deployTestWallets, type TestWallet } from '../../chain/_support/testWallets.js'
import { LiveChain } from '../../chain/LiveChain.js'
import { tonHttpApi } from '../../chain/tonHttpApi/tonHttpApi.js'
import { swap } from '../../core/index.js'
import { sideOf } from '../../emulator/index.js'
import { buildRouterWorld, type RouterWorld } from '../emulator/_support/localWorld.js'

describe('@ston-fi/sdk swaps through TonClient and sendBoc on the live chain', () => {
  let w: RouterWorld
  let chain: LiveChain
  let app: FastifyInstance
  let client: Client
  let wallet: TestWallet

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    chain = await LiveChain.open({ blockchain: w.dex.blockchain })
    wallet = (await deployTestWallets(chain)).v4
    await chain.execute(() => w.dex.mint(w.a, wallet.contract.address, 10n ** 13n))
    app = Fastify()
    await app.register(tonHttpApi, { chain })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as { port: number }
    client = new Client({
      endpoint: `http://127.0.0.1:${port}/api/v2/jsonRPC`,
      // nothing listens there: the SDK falls back to the get-method, as it does when the API is down
      stonApiClient: new StonApiClient({ baseURL: 'http://127.0.0.1:9' }),
    })
  })

  afterAll(async () => {
    await app.close()
    await chain.close()
  })

  async function send(params: SenderArguments) {
    const opened = client.open(wallet.contract)
    const seqno = await opened.getSeqno()
    const head = chain.head.seqno
    await opened.sendTransfer({
      seqno,
      secretKey: wallet.keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
    expect(chain.head.seqno).toBe(head + 1)
  }

  test('jetton → jetton and TON → jetton pay exactly what core computes', async () => {
    const router = client.open(DEX.v2_2.Router.CPI.create(w.router.address))
    const me = wallet.contract.address
    const ab = await w.dex.poolState(w.poolAB)
    const expected = swap(ab, { side: sideOf(w.poolAB, w.a), amountIn: 5_000_000_000n })
    const before = await w.dex.jettonBalance(w.b, me)
    await send(
      await router.getSwapJettonToJettonTxParams({
        userWalletAddress: me,
        offerJettonAddress: w.a.minter,
        askJettonAddress: w.b.minter,
        offerAmount: 5_000_000_000n,
        minAskAmount: expected.amountOut,
      }),
    )
    expect(await w.dex.jettonBalance(w.b, me)).toBe(before + expected.amountOut)
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)

    const bt = await w.dex.poolState(w.poolBT)
    const tonIn = swap(bt, { side: sideOf(w.poolBT, w.ton), amountIn: toNano('2') })
    const beforeB = await w.dex.jettonBalance(w.b, me)
    await send(
      await router.getSwapTonToJettonTxParams({
        userWalletAddress: me,
        proxyTon: pTON.v2_1.create(w.ton.minter),
        askJettonAddress: w.b.minter,
        offerAmount: toNano('2'),
        minAskAmount: 1n,
      }),
    )
    expect(await w.dex.jettonBalance(w.b, me)).toBe(beforeB + tonIn.amountOut)
    expect(await w.dex.poolState(w.poolBT)).toEqual(tonIn.pool)

    // the wallet's history over HTTP shows the swap's external and its jetton notifications
    const history = await client.getTransactions(me, { limit: 10 })
    expect(history.length).toBeGreaterThanOrEqual(4)
    const pool = client.open(DEX.v2_2.Pool.CPI.create(w.poolAB.address))
    const data = await pool.getPoolData()
    expect([data.reserve0, data.reserve1]).toEqual([expected.pool.reserve0, expected.pool.reserve1])
  })
})
