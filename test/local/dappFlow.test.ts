import { randomBytes } from 'node:crypto'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX } from '@ston-fi/sdk'
import { Address, beginCell, external, internal, SendMode, storeMessage } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { TonClient, WalletContractV4 } from '@ton/ton'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { externalMessageHash } from '../../protocol/externalMessageHash.js'
import { startDemoExchange } from '../_support/demoExchange.js'

let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange.close()
})

/** The flow of docs/local-exchange.md, as written there: only the endpoint is local. */
test('a dApp swaps with a test wallet through the official clients and sees it in the REST API at once', async () => {
  const base = exchange.url
  const api = new StonApiClient({ baseURL: base })
  const client = new Client({ endpoint: `${base}/api/v2/jsonRPC`, stonApiClient: api })

  const [alpha] = (
    (await (await fetch(`${base}/local/wallets`)).json()) as {
      wallets: { mnemonic: string }[]
    }
  ).wallets
  if (alpha === undefined) throw new Error('no test wallet')
  const keys = await mnemonicToPrivateKey(alpha.mnemonic.split(' '))
  const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }))

  const assets = await api.getAssets()
  const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
  const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
  const v2 = (await api.getRouters()).find(
    (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
  )
  if (v2 === undefined) throw new Error('no DEX v2 router')
  const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
  const simulation = await api.simulateSwap({
    offerAddress: usdt,
    askAddress: ston,
    offerUnits: '5000000',
    slippageTolerance: '0.01',
  })
  const stonBefore = (
    await api.getWalletAsset({ walletAddress: wallet.address.toString(), assetAddress: ston })
  ).balance
  const tx = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: usdt,
    askJettonAddress: ston,
    offerAmount: 5_000_000n,
    minAskAmount: BigInt(simulation.minAskUnits),
  })
  await wallet.sendTransfer({
    seqno: await wallet.getSeqno(),
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: tx.to, value: tx.value, body: tx.body ?? null })],
  })
  await exchange.indexed(exchange.chain?.head.seqno ?? 0)

  const operations = await api.getWalletOperations({
    walletAddress: wallet.address.toString(),
    since: new Date(0),
    until: new Date(Date.now() + 60_000),
  })
  expect(operations.map((o) => String(o.operation.operationType).toLowerCase())).toEqual(['swap'])
  const stonAfter = (
    await api.getWalletAsset({ walletAddress: wallet.address.toString(), assetAddress: ston })
  ).balance
  // What the wallet received is what the simulation made just before said.
  expect(BigInt(stonAfter ?? '0') - BigInt(stonBefore ?? '0')).toBe(BigInt(simulation.askUnits))
})

test('a browser page on another origin can call the REST API: preflight and cross-origin GET', async () => {
  const origin = { origin: 'http://127.0.0.1:5173' }
  const preflight = await fetch(`${exchange.url}/v1/swap/simulate`, {
    method: 'OPTIONS',
    headers: {
      ...origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
  const get = await fetch(`${exchange.url}/v1/assets`, { headers: origin })
  expect(get.status).toBe(200)
  expect(get.headers.get('access-control-allow-origin')).toBe('*')
})

test("any owner's jetton wallet is the minter's get_wallet_address, in the jetton address and wallet asset endpoints", async () => {
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')
  const assets = (await (await fetch(`${exchange.url}/v1/assets`)).json()) as {
    asset_list: { contract_address: string; symbol: string }[]
  }
  const usdt = assets.asset_list.find((a) => a.symbol === 'USDT')?.contract_address as string
  const owner = new Address(0, randomBytes(32)) // never seen by the chain or the index
  const { stack } = await chain.runGetMethod(Address.parse(usdt), 'get_wallet_address', [
    { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
  ])
  const [top] = stack
  if (top?.type !== 'slice') throw new Error('get_wallet_address answered no slice')
  const expected = top.cell.beginParse().loadAddress().toString()
  const res = await fetch(
    `${exchange.url}/v1/jetton/${usdt}/address?owner_address=${owner.toString()}`,
  )
  expect(res.status).toBe(200)
  expect(((await res.json()) as { address: string }).address).toBe(expected)
  const asset = (await (
    await fetch(`${exchange.url}/v1/wallets/${owner.toString()}/assets/${usdt}`)
  ).json()) as { asset: { wallet_address: string | null } }
  expect(asset.asset.wallet_address).toBe(expected)
})

test("an Initial provision for a pair without a pool answers the address the router's get_pool_address gives", async () => {
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')
  const base = exchange.url
  const listed = (
    (await (await fetch(`${base}/v1/assets`)).json()) as {
      asset_list: { contract_address: string; kind: string }[]
    }
  ).asset_list
  const pools = (
    (await (await fetch(`${base}/v1/pools`)).json()) as {
      pool_list: { token0_address: string; token1_address: string }[]
    }
  ).pool_list
  const pooled = new Set(pools.map((p) => [p.token0_address, p.token1_address].sort().join()))
  // Two jettons whose minters run on the chain and have no pool together (the demo's STON and
  // XTON: every demo jetton has a pool with TON).
  const deployed: string[] = []
  for (const asset of listed) {
    if (asset.kind !== 'Jetton') continue
    const account = await chain.account(Address.parse(asset.contract_address))
    if (account.code !== undefined) deployed.push(asset.contract_address)
  }
  const pair = deployed
    .flatMap((a) => deployed.map((b) => [a, b] as const))
    .find(([a, b]) => a < b && !pooled.has([a, b].join()))
  if (pair === undefined) throw new Error('every two deployed jettons have a pool')
  const [jettonA, jettonB] = pair
  const res = await fetch(
    `${base}/v1/liquidity_provision/simulate?provision_type=Initial&token_a=${jettonA}&token_b=${jettonB}&token_a_units=5000000000&token_b_units=7000000000&slippage_tolerance=0.01`,
    { method: 'POST' },
  )
  expect(res.status).toBe(200)
  const simulation = (await res.json()) as {
    pool_address: string
    router: { address: string; pool_creation_enabled: boolean }
  }
  expect(simulation.router.pool_creation_enabled).toBe(true)
  const slice = (address: Address) => ({
    type: 'slice' as const,
    cell: beginCell().storeAddress(address).endCell(),
  })
  const router = Address.parse(simulation.router.address)
  const routerWallet = async (jetton: string) => {
    const [wallet] = (
      await chain.runGetMethod(Address.parse(jetton), 'get_wallet_address', [slice(router)])
    ).stack
    if (wallet?.type !== 'slice') throw new Error('no router wallet')
    return wallet.cell.beginParse().loadAddress()
  }
  const { exitCode, stack } = await chain.runGetMethod(router, 'get_pool_address', [
    slice(await routerWallet(jettonA)),
    slice(await routerWallet(jettonB)),
  ])
  expect(exitCode).toBe(0)
  const [top] = stack
  if (top?.type !== 'slice') throw new Error('get_pool_address answered no slice')
  expect(simulation.pool_address).toBe(top.cell.beginParse().loadAddress().toString())
  // Nothing is deployed there yet.
  expect((await fetch(`${base}/v1/pools/${simulation.pool_address}`)).status).toBe(404)
})

test('a swap sent as a BoC is found by the normalized hash of its external message; transactions/last gives the seqno', async () => {
  const base = exchange.url
  const api = new StonApiClient({ baseURL: base })
  const tonClient = new TonClient({ endpoint: `${base}/api/v2/jsonRPC` })
  const client = new Client({ endpoint: `${base}/api/v2/jsonRPC`, stonApiClient: api })
  const beta = (
    (await (await fetch(`${base}/local/wallets`)).json()) as { wallets: { mnemonic: string }[] }
  ).wallets[1]
  if (beta === undefined) throw new Error('no second test wallet')
  const keys = await mnemonicToPrivateKey(beta.mnemonic.split(' '))
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey })
  const wallet = tonClient.open(contract)
  const assets = await api.getAssets()
  const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
  const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
  const v2 = (await api.getRouters()).find(
    (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
  )
  if (v2 === undefined) throw new Error('no DEX v2 router')
  const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
  const tx = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: usdt,
    askJettonAddress: ston,
    offerAmount: 3_000_000n,
    minAskAmount: 1n,
    queryId: 777_001n,
  })
  const seqno = await wallet.getSeqno()
  const transfer = contract.createTransfer({
    seqno,
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: tx.to, value: tx.value, body: tx.body ?? null })],
  })
  const message = beginCell()
    .store(
      storeMessage(
        external({
          to: wallet.address,
          // A wallet's first message deploys it (the normalized hash leaves the init out).
          init: (await tonClient.isContractDeployed(wallet.address)) ? null : contract.init,
          body: transfer,
        }),
      ),
    )
    .endCell()
  // What a dApp does with the BoC TON Connect returns: the normalized hash (TEP-467).
  const { normalizedHash } = externalMessageHash(message)
  await tonClient.sendFile(message.toBoc())
  await exchange.indexed(exchange.chain?.head.seqno ?? 0)

  const query = await fetch(
    `${base}/v1/transaction/query?ext_msg_hash=${normalizedHash.toString('hex')}`,
    { method: 'POST' },
  )
  expect(query.status).toBe(200)
  const found = (await query.json()) as {
    tx_id?: { hash: string; contract_address: string }
    wallet_seqno?: number
  }
  expect(found.tx_id?.contract_address).toBe(wallet.address.toString())
  expect(found.wallet_seqno).toBe(seqno + 1)
  // The same transaction by the base64 form, as TON Connect libraries also print it.
  const byBase64 = (await (
    await fetch(
      `${base}/v1/transaction/query?ext_msg_hash=${encodeURIComponent(normalizedHash.toString('base64'))}`,
      { method: 'POST' },
    )
  ).json()) as { tx_id?: { hash: string } }
  expect(byBase64.tx_id?.hash).toBe(found.tx_id?.hash)
  // And by the plain hash of the message as sent (here with the wallet's state init).
  const plain = (await (
    await fetch(`${base}/v1/transaction/query?ext_msg_hash=${message.hash().toString('hex')}`, {
      method: 'POST',
    })
  ).json()) as { tx_id?: { hash: string } }
  expect(message.hash().equals(normalizedHash)).toBe(false)
  expect(plain.tx_id?.hash).toBe(found.tx_id?.hash)
  const [newest] = (
    (await (
      await fetch(`${base}/v1/wallets/${wallet.address.toString()}/transactions/last?limit=1`)
    ).json()) as { tx_list: { hash: string }[] }
  ).tx_list
  const last = (await (
    await fetch(`${base}/v1/wallets/${wallet.address.toString()}/transactions/last?limit=1`)
  ).json()) as { seqno: number }
  expect(last.seqno).toBe(await wallet.getSeqno())
  expect(last.seqno).toBe(seqno + 1)
  expect(newest).toBeDefined()
  // Swap status: what the swap changed in the wallet's balances.
  const status = (await (
    await fetch(
      `${base}/v1/swap/status?router_address=${v2.address}&owner_address=${wallet.address.toString()}&query_id=777001`,
    )
  ).json()) as { '@type': string; balance_deltas?: string; coins?: string }
  expect(status['@type']).toBe('Found')
  const deltas = JSON.parse(status.balance_deltas ?? '') as Record<string, string>
  expect(deltas[usdt]).toBe('-3000000')
  expect(BigInt(deltas[ston] ?? '0')).toBe(BigInt(status.coins ?? ''))
})

test("a dApp swap's screener event reports the block of the chain that executed it", async () => {
  const base = exchange.url
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')
  const api = new StonApiClient({ baseURL: base })
  const client = new Client({ endpoint: `${base}/api/v2/jsonRPC`, stonApiClient: api })
  const gamma = (
    (await (await fetch(`${base}/local/wallets`)).json()) as { wallets: { mnemonic: string }[] }
  ).wallets[2]
  if (gamma === undefined) throw new Error('no third test wallet')
  const keys = await mnemonicToPrivateKey(gamma.mnemonic.split(' '))
  const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }))
  const assets = await api.getAssets()
  const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress as string
  const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
  const v2 = (await api.getRouters()).find(
    (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
  )
  if (v2 === undefined) throw new Error('no DEX v2 router')
  const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
  const tx = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: usdt,
    askJettonAddress: ston,
    offerAmount: 2_000_000n,
    minAskAmount: 1n,
  })
  const before = chain.head.seqno
  await wallet.sendTransfer({
    seqno: await wallet.getSeqno(),
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: tx.to, value: tx.value, body: tx.body ?? null })],
  })
  const head = chain.head.seqno
  await exchange.indexed(head)

  // The chain's own record of which block holds each transaction after the send.
  const blockOf = new Map<string, { seqno: number; now: number }>()
  for (let seqno = before + 1; seqno <= head; seqno++) {
    for (const t of chain.blockTransactions(seqno)) {
      blockOf.set(Buffer.from(t.hash).toString('hex'), { seqno, now: t.now })
    }
  }
  const { block: latest } = (await (
    await fetch(`${base}/export/dexscreener/v1/latest-block`)
  ).json()) as { block: { blockNumber: number; blockTimestamp: number } }
  expect(latest.blockNumber).toBe(head)
  const { events } = (await (
    await fetch(`${base}/export/dexscreener/v1/events?fromBlock=${before + 1}&toBlock=${head}`)
  ).json()) as {
    events: {
      eventType: string
      txnId: string
      maker: string
      pairId: string
      block: Record<string, number>
    }[]
  }
  const swaps = events.filter((e) => e.eventType === 'swap')
  expect(swaps).toHaveLength(1)
  const [swap] = swaps
  const executed = blockOf.get(swap?.txnId ?? '')
  expect(executed).toBeDefined()
  expect(swap?.maker).toBe(wallet.address.toString())
  expect(swap?.block).toEqual({ blockNumber: executed?.seqno, blockTimestamp: executed?.now })
  // The blocks before the send hold none of its events.
  const earlier = (await (
    await fetch(`${base}/export/dexscreener/v1/events?fromBlock=0&toBlock=${before}`)
  ).json()) as { events: { txnId: string }[] }
  expect(earlier.events.some((e) => e.txnId === swap?.txnId)).toBe(false)
  // The pool's pair names the block of its first operation (the demo's provision, also run on
  // the chain), as the chain's own record has it.
  const { pair } = (await (
    await fetch(`${base}/export/dexscreener/v1/pair/${swap?.pairId}`)
  ).json()) as { pair: { createdAtBlockNumber: number; createdAtTxnId: string } }
  const createdIn = Array.from({ length: before }, (_, i) => i + 1).find((seqno) =>
    chain
      .blockTransactions(seqno)
      .some((t) => Buffer.from(t.hash).toString('hex') === pair.createdAtTxnId),
  )
  expect(createdIn).toBeDefined()
  expect(pair.createdAtBlockNumber).toBe(createdIn)
})

test("the official client's Initial simulation of a new pair names the pool and LP that @ston-fi/sdk's provision then creates", async () => {
  const base = exchange.url
  const api = new StonApiClient({ baseURL: base })
  const client = new Client({ endpoint: `${base}/api/v2/jsonRPC`, stonApiClient: api })
  const delta = exchange.wallets[3]
  if (delta === undefined) throw new Error('no fourth test wallet')
  const assets = await api.getAssets()
  const address = (symbol: string) =>
    assets.find((a) => a.symbol === symbol)?.contractAddress as string
  // STON and XTON: both on the chain, the test wallets hold both, no constant-product pool of them.
  const [ston, xton] = [address('STON'), address('XTON')]
  const [stonUnits, xtonUnits] = [40n * 10n ** 9n, 90n * 10n ** 9n]
  const simulation = await api.simulateLiquidityProvision({
    provisionType: 'Initial',
    tokenA: ston,
    tokenB: xton,
    tokenAUnits: stonUnits.toString(),
    tokenBUnits: xtonUnits.toString(),
    slippageTolerance: '0.01',
    walletAddress: delta.address.toString(),
  })
  expect(simulation.provisionType).toBe('Initial')
  expect(simulation.router.poolCreationEnabled).toBe(true)
  expect(simulation.routerAddress).toBe(simulation.router.address)
  expect(simulation.lpTotalSupply).toBe('0')
  const lp = BigInt(simulation.estimatedLpUnits)
  expect(lp).toBeGreaterThan(0n)

  // Both sides to the simulated router, as a dApp builds them.
  const router = client.open(DEX.v2_2.Router.CPI.create(simulation.routerAddress))
  const wallet = client.open(delta.contract)
  const secretKey = (await delta.keyPair()).secretKey
  for (const side of [
    { send: ston, other: xton, amount: stonUnits },
    { send: xton, other: ston, amount: xtonUnits },
  ]) {
    const params = await router.getProvideLiquidityJettonTxParams({
      userWalletAddress: delta.address,
      sendTokenAddress: side.send,
      otherTokenAddress: side.other,
      sendAmount: side.amount,
      minLpOut: 1n,
    })
    await wallet.sendTransfer({
      seqno: await wallet.getSeqno(),
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body })],
    })
  }
  const pool = await router.getPool({ token0: ston, token1: xton })
  expect(pool.address.toString()).toBe(simulation.poolAddress)
  const opened = client.open(pool)
  const state = await opened.getPoolData()
  expect([state.reserve0, state.reserve1].sort()).toEqual([stonUnits, xtonUnits].sort())
  const lpWallet = client.open(await opened.getJettonWallet({ ownerAddress: delta.address }))
  expect(await lpWallet.getBalance()).toBe(lp)
  await exchange.indexed(exchange.chain?.head.seqno ?? 0)
  const listed = (await (await fetch(`${base}/v1/pools/${simulation.poolAddress}`)).json()) as {
    pool: { lp_total_supply: string }
  }
  expect(BigInt(listed.pool.lp_total_supply)).toBe(state.totalSupplyLP)
})
