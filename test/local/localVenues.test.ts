/**
 * The referral venues on the live local exchange (`docs/referral-venues.md`, "On the local
 * exchange"): the demo deploys venue A's fee-vault minter and the escrow minter and pays its
 * referrer through them; the index follows them; `/local/status` names them. Every indexed
 * vault equals its getter asked over the exchange's TON HTTP API, also after a route a test
 * wallet sends with `@ston-fi/sdk` and pays a referral fee for, as venue A does; a
 * `serve --follow` node follows the same minters (from the upstream's status, or `--venues`).
 */
import { DEX } from '@ston-fi/sdk'
import { Address, type TupleItem, type TupleReader, toNano } from '@ton/core'
import { JettonMaster, JettonWallet } from '@ton/ton'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseEscrowVaultData, parseFeeVaultData, referralAmount } from '../../core/index.js'
import { DEMO_VENUE_FEE_BPS } from '../../demo/demoVenues.js'
import { LocalExchangeError } from '../../local/LocalExchangeError.js'
import type { LocalStatus } from '../../local/localRoutes.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { addressText } from '../../protocol/addressText.js'
import { feeVaultDepositPayload, jettonTransferBody } from '../../protocol/index.js'
import type { IndexedVenueVaultRow } from '../../store/rows/indexerRows.js'
import { type Dapp, dapp } from './_support/dapp.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'

let harness: FollowHarness
let exchange: RunningLocalExchange
let app: Dapp

beforeAll(async () => {
  harness = await followHarness('venues', 6)
  exchange = harness.upstream
  app = dapp(exchange.url)
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

/** A get-method's stack over the exchange's TON HTTP API (`runGetMethod`). */
const stackOf = async (address: string, method: string): Promise<TupleItem[]> => {
  const { stack } = (await app.client.runMethod(Address.parse(address), method)) as {
    stack: TupleReader
  }
  const items: TupleItem[] = []
  while (stack.remaining > 0) items.push(stack.pop())
  return items
}

/** The vault as its getter answers, in the indexed row's shape. */
const onChain = async (row: IndexedVenueVaultRow): Promise<IndexedVenueVaultRow> => {
  if (row.kind === 'fee_vault') {
    const data = parseFeeVaultData(await stackOf(row.address, 'get_vault_data'))
    return {
      ...row,
      minterAddress: addressText(data.minter),
      ownerAddress: addressText(data.owner),
      jettonWallet: addressText(data.jettonWallet),
      balance: data.balance,
      lastCollectTime: data.lastCollectTime ?? 0n,
    }
  }
  const data = parseEscrowVaultData(await stackOf(row.address, 'getVaultData'))
  return {
    ...row,
    minterAddress: addressText(data.minter),
    ownerAddress: addressText(data.owner),
    jettonWallet: addressText(data.jettonWallet),
    balance: data.balance,
  }
}

const status = async () =>
  (await (await fetch(`${exchange.url}/local/status`)).json()) as LocalStatus

describe('the referral venues on the live local exchange', () => {
  test('/local/status names the minters the index follows: venue A’s fee-vault minter and the escrow minter', async () => {
    const { venue_minters: minters } = await status()
    expect(minters).toEqual(await exchange.store.listIndexedVenueMinters())
    expect(minters?.map((m) => m.kind).sort()).toEqual(['escrow', 'fee_vault'])
  })

  test('every indexed venue vault equals its getter on the TON HTTP API; both hold the demo’s fees', async () => {
    const rows = await exchange.store.listIndexedVenueVaults()
    expect(rows.map((r) => r.kind).sort()).toEqual(['escrow', 'fee_vault'])
    for (const row of rows) {
      expect(row).toEqual(await onChain(row))
      expect(row.balance).toBeGreaterThan(0n)
    }
    // The demo's history: accruals at both, one collect and one withdrawal, as the chain did.
    const kinds = (await exchange.store.listVenueOperations({})).map((o) => `${o.venue} ${o.kind}`)
    expect(new Set(kinds)).toEqual(
      new Set(['fee_vault accrual', 'fee_vault collect', 'escrow accrual', 'escrow withdrawal']),
    )
  })

  test('a route sent with @ston-fi/sdk, its referral fee paid as venue A pays it, moves the indexed fee vault as the getter says', async () => {
    const [vault] = (await exchange.store.listIndexedVenueVaults()).filter(
      (r) => r.kind === 'fee_vault',
    )
    const minter = (await status()).venue_minters?.find((m) => m.kind === 'fee_vault')
    if (vault === undefined || minter === undefined || vault.assetAddress === null) {
      throw new Error('the demo has no fee vault')
    }
    // A test wallet plays venue A: it routes STON to USDT through the DEX v2 router…
    const wallet = exchange.wallets[2]
    if (wallet === undefined) throw new Error('no test wallet')
    const assets = await app.api.getAssets()
    const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress as string
    const usdt = vault.assetAddress
    const v2 = (await app.api.getRouters()).find(
      (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
    )
    if (v2 === undefined) throw new Error('no DEX v2 router')
    const router = app.client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
    const usdtWallet = await app.client
      .open(JettonMaster.create(Address.parse(usdt)))
      .getWalletAddress(wallet.address)
    const balance = () => app.client.open(JettonWallet.create(usdtWallet)).getBalance()
    const before = await balance()
    await app.send(
      wallet,
      await router.getSwapJettonToJettonTxParams({
        userWalletAddress: wallet.address,
        offerJettonAddress: ston,
        askJettonAddress: usdt,
        offerAmount: 500n * 10n ** 9n,
        minAskAmount: 1n,
      }),
    )
    const routed = (await balance()) - before
    expect(routed).toBeGreaterThan(0n)
    // …and credits the referrer its fee in USDT at venue A's minter.
    const fee = referralAmount(routed, DEMO_VENUE_FEE_BPS)
    await app.send(wallet, {
      to: usdtWallet,
      value: toNano('0.2'),
      body: jettonTransferBody({
        amount: fee,
        destination: Address.parse(minter.address),
        response: wallet.address,
        forwardTonAmount: toNano('0.1'),
        forwardPayload: feeVaultDepositPayload(Address.parse(vault.ownerAddress)),
      }),
    })
    await exchange.indexed(exchange.chain?.head.seqno ?? 0)
    const after = (await exchange.store.listIndexedVenueVaults()).find(
      (r) => r.address === vault.address,
    )
    expect(after?.balance).toBe(vault.balance + fee)
    expect(after).toEqual(after === undefined ? undefined : await onChain(after))
    const [last] = (
      await exchange.store.listVenueOperations({ vaultAddress: vault.address })
    ).slice(-1)
    expect(last).toMatchObject({
      kind: 'accrual',
      amount: fee,
      senderAddress: addressText(wallet.address),
    })
  }, 120_000)
})

describe('serve --follow and the referral venues', () => {
  test('default: follows the minters the upstream’s /local/status lists; its vaults equal the upstream’s', async () => {
    const node = await harness.follow()
    const minters = await exchange.store.listIndexedVenueMinters()
    const kind = (k: string) => minters.filter((m) => m.kind === k).map((m) => m.address)
    expect(node.venues).toEqual({
      escrowMinters: kind('escrow'),
      feeVaultMinters: kind('fee_vault'),
    })
    // …and says them in its own status, for a node that follows it.
    const said = (await (await fetch(`${node.url}/local/status`)).json()) as LocalStatus
    expect(new Set(said.venue_minters)).toEqual(new Set(minters))
    await node.follower.indexed(exchange.chain?.head.seqno ?? 0)
    expect(await node.store.listIndexedVenueVaults()).toEqual(
      await exchange.store.listIndexedVenueVaults(),
    )
    expect(await node.store.listVenueOperations({})).toEqual(
      await exchange.store.listVenueOperations({}),
    )
  }, 300_000)

  test('--venues: each minter’s kind read from the chain; an address of no venue is refused', async () => {
    const minters = await exchange.store.listIndexedVenueMinters()
    const escrow = minters.find((m) => m.kind === 'escrow')?.address as string
    const feeVault = minters.find((m) => m.kind === 'fee_vault')?.address as string
    const node = await harness.follow({ venues: [feeVault, escrow] }, 'named.sqlite')
    expect(node.venues).toEqual({ escrowMinters: [escrow], feeVaultMinters: [feeVault] })
    const [router] = (await app.api.getRouters()).map((r) => r.address)
    const refused = await harness
      .follow({ venues: [router as string] }, 'refused.sqlite')
      .then(() => undefined)
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(LocalExchangeError)
    expect(refused).toMatchObject({ code: 'FOLLOW_NOT_A_VENUE' })
    expect(String((refused as Error).message)).toContain(router)
  }, 300_000)
})
