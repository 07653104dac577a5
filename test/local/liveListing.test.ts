import { createHash } from 'node:crypto'
import { DEX } from '@ston-fi/sdk'
import {
  Address,
  beginCell,
  contractAddress,
  Dictionary,
  internal,
  SendMode,
  type StateInit,
  toNano,
} from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestWallet } from '../../chain/wallets/testWallets.js'
import { fixtureCode } from '../../contracts-fixtures/fixtureCode.js'
import { createPoolState, swap } from '../../core/index.js'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { jettonMintBody } from '../../protocol/jetton/messages.js'
import { jettonMinterData } from '../../protocol/jetton/storage.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { isoSeconds } from '../../protocol/timeText.js'
import { type Dapp, dapp } from './_support/dapp.js'

let exchange: RunningLocalExchange
let app: Dapp
beforeAll(async () => {
  exchange = await startLocalExchange({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    demoSwaps: 24,
  })
  app = dapp(exchange.url)
})
afterAll(async () => {
  await exchange.close()
})

type WirePool = {
  address: string
  router_address: string
  popularity_index?: number
  reserve0: string
  reserve1: string
  lp_total_supply: string
  lp_fee: string
  protocol_fee: string
  protocol_fee_address: string
  amp: string | null
  w0: string | null
  rate: string | null
}
type WireAsset = {
  contract_address: string
  symbol: string
  display_name: string | null
  image_url: string | null
  decimals: number
  popularity_index?: number
}
const pools = async () =>
  ((await (await fetch(`${exchange.url}/v1/pools`)).json()) as { pool_list: WirePool[] }).pool_list
const popularity = async () => new Map((await pools()).map((p) => [p.address, p.popularity_index]))
const settle = async () => exchange.indexed(exchange.chain?.head.seqno ?? 0)

/** Sends one internal message from a test wallet, with a state-init when given. */
async function send(
  wallet: TestWallet,
  params: { to: Address; value: bigint; body?: unknown; init?: StateInit },
): Promise<void> {
  const opened = app.client.open(wallet.contract)
  await opened.sendTransfer({
    seqno: await opened.getSeqno(),
    secretKey: (await wallet.keyPair()).secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [
      internal({
        to: params.to,
        value: params.value,
        body: (params.body as never) ?? null,
        ...(params.init ? { init: params.init } : {}),
      }),
    ],
  })
  await settle()
}

describe('live market popularity', () => {
  test("a pool's popularity_index is its swaps over the week; the busiest pools sort first", async () => {
    await settle()
    const [newest] = await exchange.store.listIndexedTransactions({ limit: 1 })
    const end = Date.parse(`${newest?.timestamp}Z`) / 1000
    const totals = await exchange.store.poolSwapTotals({ since: isoSeconds(end - 7 * 86_400) })
    const swaps = new Map(totals.map((t) => [t.poolAddress, t.offer0.swaps + t.offer1.swaps]))
    const listed = await pools()
    expect(listed.length).toBeGreaterThan(1)
    for (const p of listed) expect(p.popularity_index).toBe(swaps.get(p.address) ?? 0)
    expect(listed.some((p) => (p.popularity_index ?? 0) > 0)).toBe(true)
    const order = listed.map((p) => p.popularity_index ?? 0)
    expect(order).toEqual([...order].sort((a, b) => b - a))

    // Three swaps of a dApp on one pool: that pool, and only it, gains exactly three.
    const before = await popularity()
    const wallet = exchange.wallets[3]
    if (wallet === undefined) throw new Error('no test wallet')
    for (let i = 0; i < 3; i++) await app.send(wallet, await app.swapParams(wallet, 1_000_000n))
    await settle()
    const after = await popularity()
    const gained = [...after].filter(([address, value]) => value !== before.get(address))
    expect(gained).toHaveLength(1)
    const [pool, value] = gained[0] as [string, number]
    expect(value).toBe((before.get(pool) ?? 0) + 3)
  })
})

describe('what a dApp creates on the live chain is listed', () => {
  test('a jetton minted by a dApp is an asset named from its on-chain content; its pool is a pool', async () => {
    const wallet = exchange.wallets[4]
    if (wallet === undefined) throw new Error('no test wallet')
    // A TEP-64 on-chain content: name, symbol, decimals, image.
    const attributes = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell())
    const attribute = (name: string, value: string) =>
      attributes.set(
        BigInt(`0x${createHash('sha256').update(name).digest('hex')}`),
        beginCell().storeUint(0, 8).storeStringTail(value).endCell(),
      )
    attribute('name', 'Moon Coin')
    attribute('symbol', 'MOON')
    attribute('decimals', '6')
    attribute('image', 'https://example.org/moon.png')
    const content = beginCell().storeUint(0, 8).storeDict(attributes).endCell()
    const init: StateInit = {
      code: fixtureCode('jettonMinter'),
      data: jettonMinterData({
        admin: wallet.address,
        content,
        walletCode: fixtureCode('jettonWallet'),
      }),
    }
    const minter = contractAddress(0, init)
    // Deployed by its first message, which mints 1 000 000 MOON to the dApp's wallet.
    const minted = 1_000_000n * 10n ** 6n
    await send(wallet, {
      to: minter,
      value: toNano('0.3'),
      init,
      body: jettonMintBody({
        to: wallet.address,
        amount: minted,
        tonAmount: toNano('0.05'),
        response: wallet.address,
      }),
    })
    const asset = (await (
      await fetch(`${exchange.url}/v1/assets/${minter.toString()}`)
    ).json()) as { asset: WireAsset }
    expect(asset.asset).toMatchObject({
      contract_address: minter.toString(),
      symbol: 'MOON',
      display_name: 'Moon Coin',
      image_url: 'https://example.org/moon.png',
      decimals: 6,
    })

    // The dApp opens a MOON/STON pool on the DEX v2 router: both sides through @ston-fi/sdk.
    const assets = await app.api.getAssets()
    const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
    const v2 = (await app.api.getRouters()).find(
      (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
    )
    if (v2 === undefined) throw new Error('no DEX v2 router')
    const router = app.client.open(DEX.v2_2.Router.CPI.create(v2.address))
    const sides = [
      { send: minter.toString(), other: ston, amount: 50_000n * 10n ** 6n },
      { send: ston, other: minter.toString(), amount: 20n * 10n ** 9n },
    ]
    for (const side of sides) {
      const params = await router.getProvideLiquidityJettonTxParams({
        userWalletAddress: wallet.address,
        sendTokenAddress: side.send,
        otherTokenAddress: side.other,
        sendAmount: side.amount,
        minLpOut: 1n,
      })
      await send(wallet, { to: params.to, value: params.value, body: params.body })
    }
    const pool = await router.getPool({ token0: minter, token1: ston })
    const listed = (await pools()).find((p) => p.address === pool.address.toString())
    expect(listed).toBeDefined()
    const state = await app.client.open(pool).getPoolData()
    expect([listed?.reserve0, listed?.reserve1]).toEqual([
      state.reserve0.toString(),
      state.reserve1.toString(),
    ])
    expect([state.reserve0, state.reserve1].sort()).toEqual(
      [50_000n * 10n ** 6n, 20n * 10n ** 9n].sort(),
    )
    const byPair = await app.api.getPoolsByAssetPair({
      asset0Address: minter.toString(),
      asset1Address: ston,
    })
    expect(byPair.map((p) => p.address)).toEqual([pool.address.toString()])
  })
})

describe('a stable pool a dApp creates on the live chain is listed', () => {
  test('a STON/XTON stableswap pool: listed with its kind fields, its simulate equals core', async () => {
    const wallet = exchange.wallets[2]
    if (wallet === undefined) throw new Error('no test wallet')
    const assets = await app.api.getAssets()
    const address = (symbol: string) =>
      assets.find((a) => a.symbol === symbol)?.contractAddress as string
    const [ston, xton] = [address('STON'), address('XTON')]
    const stable = (await app.api.getRouters()).find((r) => r.routerType === 'StableSwap')
    if (stable === undefined) throw new Error('no stableswap router')
    // The demo's stable router has TON/XTON and USDT/USDC; the dApp opens STON/XTON on it.
    const router = app.client.open(DEX.v2_2.Router.Stable.create(stable.address))
    const sides = [
      { send: ston, other: xton, amount: 30_000n * 10n ** 9n },
      { send: xton, other: ston, amount: 20_000n * 10n ** 9n },
    ]
    for (const side of sides) {
      const params = await router.getProvideLiquidityJettonTxParams({
        userWalletAddress: wallet.address,
        sendTokenAddress: side.send,
        otherTokenAddress: side.other,
        sendAmount: side.amount,
        minLpOut: 1n,
      })
      await send(wallet, { to: params.to, value: params.value, body: params.body })
    }
    const address_ = (await router.getPool({ token0: ston, token1: xton })).address
    const chain = await app.client.open(DEX.v2_2.Pool.Stable.create(address_)).getPoolData()
    expect([chain.reserve0, chain.reserve1].sort()).toEqual(
      [30_000n * 10n ** 9n, 20_000n * 10n ** 9n].sort(),
    )
    const listed = (await pools()).find((p) => p.address === address_.toString())
    // The stable kind's wire fields: its router (the pool type), amp, no weight or rate.
    expect(listed).toMatchObject({
      router_address: stable.address,
      reserve0: chain.reserve0.toString(),
      reserve1: chain.reserve1.toString(),
      lp_total_supply: chain.totalSupplyLP.toString(),
      lp_fee: chain.lpFee.toString(),
      protocol_fee: chain.protocolFee.toString(),
      // No protocol fee address set (addr_none): the native address, as for the demo's pools.
      protocol_fee_address: chain.protocolFeeAddress?.toString() ?? NATIVE_ADDRESS,
      amp: chain.amp.toString(),
      w0: null,
      rate: null,
    })

    // Its simulate is core's stableswap on the chain's state.
    // STON's wallet of the router, from the minter's `get_wallet_address`.
    const { stack } = await app.client.runMethod(Address.parse(ston), 'get_wallet_address', [
      { type: 'slice', cell: beginCell().storeAddress(Address.parse(stable.address)).endCell() },
    ])
    const stonWallet = stack.readAddress()
    const side = stonWallet.equals(chain.token0WalletAddress) ? 0 : 1
    const units = 1_000n * 10n ** 9n
    const query = new URLSearchParams({
      offer_address: ston,
      ask_address: xton,
      units: units.toString(),
      slippage_tolerance: '0.01',
      pool_address: address_.toString(),
    })
    const response = await fetch(`${exchange.url}/v1/swap/simulate?${query}`, { method: 'POST' })
    expect(response.status).toBe(200)
    const simulated = (await response.json()) as { ask_units: string; pool_address: string }
    const expected = swap(
      createPoolState({
        ...{ dex: 'v2', kind: 'stableswap', amp: chain.amp },
        ...{ reserve0: chain.reserve0, reserve1: chain.reserve1, totalSupply: chain.totalSupplyLP },
        ...{ lpFee: chain.lpFee, protocolFee: chain.protocolFee, refFee: 0n },
      }),
      { side, amountIn: units },
    )
    expect(simulated.pool_address).toBe(address_.toString())
    expect(simulated.ask_units).toBe(expected.amountOut.toString())
    expect(expected.amountOut).toBeGreaterThan(0n)
  })
})
