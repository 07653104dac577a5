import assert from 'node:assert/strict'
import { StonApiClient } from '@ston-fi/api'
import { dexFactory } from '@ston-fi/sdk'
import { Address, internal, type SenderArguments, SendMode, toNano } from '@ton/core'
import { mnemonicToPrivateKey } from '@ton/crypto'
import { TonClient, WalletContractV4 } from '@ton/ton'

// The only local thing: the endpoints.
const base = process.env.LOCAL_EXCHANGE_URL ?? 'http://127.0.0.1:8080'
const api = new StonApiClient({ baseURL: base })
const client = new TonClient({ endpoint: `${base}/api/v2/jsonRPC` })

// Two test wallets of the local exchange (LOCAL USE ONLY): alpha trades, bravo is its referrer.
const { wallets: listed } = (await (await fetch(`${base}/local/wallets`)).json()) as {
  wallets: { name: string; address: string; mnemonic: string }[]
}
const [alpha, bravo] = await Promise.all(
  listed.slice(0, 2).map(async ({ mnemonic }) => {
    const keys = await mnemonicToPrivateKey(mnemonic.split(' '))
    const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }))
    return { keys, wallet, address: wallet.address.toString() }
  }),
)
type Signer = NonNullable<typeof alpha>
if (alpha === undefined || bravo === undefined) throw new Error('no test wallets')

/** Signs the messages with `from`'s key and sends them in one external message (sendBoc). */
async function send(from: Signer, ...txs: SenderArguments[]): Promise<void> {
  await from.wallet.sendTransfer({
    seqno: await from.wallet.getSeqno(),
    secretKey: from.keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: txs.map((tx) => internal({ to: tx.to, value: tx.value, body: tx.body })),
  })
  // When sendBoc has answered, the whole message chain is executed and indexed.
}
const balance = async (owner: Signer, asset: string) =>
  BigInt(
    (await api.getWalletAsset({ walletAddress: owner.address, assetAddress: asset })).balance ??
      '0',
  )
const lpBalance = async (owner: Signer, pool: string) =>
  BigInt(
    (await api.getWalletPool({ walletAddress: owner.address, poolAddress: pool })).lpBalance ?? '0',
  )
const lastOperation = async (owner: Signer) =>
  (
    await api.getWalletOperations({
      walletAddress: owner.address,
      since: new Date(Date.now() - 3_600_000),
      until: new Date(Date.now() + 60_000),
    })
  ).at(-1)?.operation

const assets = await api.getAssets()
const symbol = (s: string) => assets.find((a) => a.symbol === s)?.contractAddress as string
const [ton, usdt, ston] = [symbol('TON'), symbol('USDT'), symbol('STON')]

// 1. Swap 1 TON for USDT on a DEX v2 pool.
const tonSwap = await api.simulateSwap({
  offerAddress: ton,
  askAddress: usdt,
  offerUnits: toNano('1').toString(),
  slippageTolerance: '0.01',
  dexVersion: [2],
})
const dex = dexFactory(tonSwap.router)
const router = client.open(dex.Router.create(tonSwap.router.address))
const usdtBefore = await balance(alpha, usdt)
await send(
  alpha,
  await router.getSwapTonToJettonTxParams({
    userWalletAddress: alpha.address,
    proxyTon: dex.pTON.create(tonSwap.router.ptonMasterAddress),
    askJettonAddress: usdt,
    offerAmount: tonSwap.offerUnits,
    minAskAmount: tonSwap.minAskUnits,
    queryId: 1,
  }),
)
assert.equal((await balance(alpha, usdt)) - usdtBefore, BigInt(tonSwap.askUnits))
assert.equal((await lastOperation(alpha))?.operationType.toLowerCase(), 'swap')
const status = await api.getSwapStatus({
  routerAddress: tonSwap.routerAddress,
  ownerAddress: alpha.address,
  queryId: '1',
})
assert.equal(status['@type'], 'Found')

// 2. Swap 5 USDT for STON with bravo as referrer (0.1%).
const jettonSwap = await api.simulateSwap({
  offerAddress: usdt,
  askAddress: ston,
  offerUnits: '5000000',
  slippageTolerance: '0.01',
  referralAddress: bravo.address,
  referralFeeBps: '10',
  dexVersion: [2],
})
const v2dex = dexFactory(jettonSwap.router)
if (!('Vault' in v2dex)) throw new Error('not a DEX v2 router')
const v2 = client.open(v2dex.Router.create(jettonSwap.router.address))
const stonBefore = await balance(alpha, ston)
await send(
  alpha,
  await v2.getSwapJettonToJettonTxParams({
    userWalletAddress: alpha.address,
    offerJettonAddress: usdt,
    askJettonAddress: ston,
    offerAmount: jettonSwap.offerUnits,
    minAskAmount: jettonSwap.minAskUnits,
    referralAddress: bravo.address,
    referralValue: 10,
  }),
)
assert.equal((await balance(alpha, ston)) - stonBefore, BigInt(jettonSwap.askUnits))
const operation = await lastOperation(alpha)
assert.equal(
  operation?.referralAddress && Address.parse(operation.referralAddress).toString(),
  bravo.address,
)
// The referral fee waits in bravo's vault on the router.
const vaults = await api.getWalletVaultsFee({ walletAddress: bravo.address })
const vault = vaults.find(
  (v) => v.assetAddress === ston && v.routerAddress === jettonSwap.routerAddress,
)
assert.equal(vault?.balance, operation?.referralFeeAmount)

// 3. Provide USDT and STON to that pool, in one external message.
const provision = await api.simulateLiquidityProvision({
  provisionType: 'Balanced',
  poolAddress: jettonSwap.poolAddress,
  tokenA: usdt,
  tokenB: ston,
  tokenAUnits: '10000000',
  slippageTolerance: '0.01',
})
const lpBefore = await lpBalance(alpha, jettonSwap.poolAddress)
await send(
  alpha,
  await v2.getProvideLiquidityJettonTxParams({
    userWalletAddress: alpha.address,
    sendTokenAddress: usdt,
    otherTokenAddress: ston,
    sendAmount: provision.tokenAUnits,
    minLpOut: provision.minLpUnits,
    queryId: 2,
  }),
  await v2.getProvideLiquidityJettonTxParams({
    userWalletAddress: alpha.address,
    sendTokenAddress: ston,
    otherTokenAddress: usdt,
    sendAmount: provision.tokenBUnits,
    minLpOut: provision.minLpUnits,
    queryId: 3,
  }),
)
const lp = (await lpBalance(alpha, jettonSwap.poolAddress)) - lpBefore
assert.equal(lp, BigInt(provision.estimatedLpUnits))
assert.equal((await lastOperation(alpha))?.operationType.toLowerCase(), 'add_liquidity')

// 4. Burn those LP tokens.
const pool = client.open(v2dex.Pool.create(jettonSwap.poolAddress))
await send(alpha, await pool.getBurnTxParams({ amount: lp, userWalletAddress: alpha.address }))
assert.equal(await lpBalance(alpha, jettonSwap.poolAddress), lpBefore)
assert.equal((await lastOperation(alpha))?.operationType.toLowerCase(), 'withdraw_liquidity')

// 5. bravo withdraws its referral fees from the DEX v2 vault.
const routerStonWallet = await api.getJettonWalletAddress({
  jettonAddress: ston,
  ownerAddress: jettonSwap.routerAddress,
})
const vaultAddress = await v2.getVaultAddress({
  user: bravo.address,
  tokenWallet: routerStonWallet,
})
const bravoStonBefore = await balance(bravo, ston)
await send(bravo, await client.open(v2dex.Vault.create(vaultAddress)).getWithdrawFeeTxParams())
assert.equal((await balance(bravo, ston)) - bravoStonBefore, BigInt(vault?.balance ?? 0))
const after = await api.getWalletVaultsFee({ walletAddress: bravo.address })
assert.equal(
  after.find((v) => v.assetAddress === ston && v.routerAddress === jettonSwap.routerAddress)
    ?.balance ?? '0',
  '0',
)

// The burn's whole message chain: the action tree of alpha's transaction that started it.
const burn = await lastOperation(alpha)
const treeUrl = `${base}/v1/transactions/${encodeURIComponent(burn?.walletTxHash ?? '')}/action_tree`
const tree = (await (await fetch(treeUrl)).json()) as {
  tx_chain_completed: boolean
  actions: { '@type': string; status: { '@type': string } }[]
}
assert.equal(tree.tx_chain_completed, true)
assert.deepEqual(
  tree.actions.map((a) => [a['@type'], a.status['@type']]),
  [['jetton_burn', 'completed']],
)
export const results = { tonSwap, jettonSwap, provision, lp, vault, tree }
