import { StonApiClient } from '@ston-fi/api'
import { Client, DEX } from '@ston-fi/sdk'
import { Address, internal, SendMode } from '@ton/core'
import type { TestWallet } from '../../../chain/wallets/testWallets.js'

/** A dApp's view of a running local exchange: the official clients on its URL, nothing else. */
export type Dapp = {
  readonly client: Client
  readonly api: StonApiClient
  /** Signs with `wallet` and sends through `sendBoc`; resolves when the chain answered. */
  send(wallet: TestWallet, params: { to: Address; value: bigint; body?: unknown }): Promise<void>
  /** USDT → STON on the emulated DEX v2 router, as `@ston-fi/sdk` builds it. */
  swapParams(
    wallet: TestWallet,
    offer: bigint,
    deadline?: number,
  ): Promise<{ to: Address; value: bigint; body?: unknown }>
}

/**
 * The official stack against `url`: `@ston-fi/sdk`'s `Client` (a `TonClient`) on
 * `/api/v2/jsonRPC`, `@ston-fi/api` on the REST API.
 */
export function dapp(url: string): Dapp {
  const api = new StonApiClient({ baseURL: url })
  const client = new Client({ endpoint: `${url}/api/v2/jsonRPC`, stonApiClient: api })
  return {
    client,
    api,
    async send(wallet, params) {
      const opened = client.open(wallet.contract)
      const seqno = await opened.getSeqno()
      await opened.sendTransfer({
        seqno,
        secretKey: (await wallet.keyPair()).secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: params.to,
            value: params.value,
            body: (params.body as never) ?? null,
          }),
        ],
      })
    },
    async swapParams(wallet, offer, deadline) {
      const assets = await api.getAssets()
      const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress
      const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress
      const routers = await api.getRouters({ dexV2: true })
      const v2 = routers.find((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')
      if (usdt === undefined || ston === undefined || v2 === undefined) {
        throw new Error('the demo market has no USDT, STON or DEX v2 router')
      }
      const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
      return router.getSwapJettonToJettonTxParams({
        userWalletAddress: wallet.address,
        offerJettonAddress: usdt,
        askJettonAddress: ston,
        offerAmount: offer,
        minAskAmount: 1n,
        ...(deadline === undefined ? {} : { deadline }),
      })
    },
  }
}
