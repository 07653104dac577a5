/**
 * The indexer's referral-venue read model on the emulator: a venue that routes swaps through
 * the local pool pays its referrer — venue A's TON fee instantly, its jetton fee into the
 * fee-vault minter's vault, the escrow venue's into an escrow vault — and the referrer
 * collects and withdraws. After every step the indexed vaults equal their getters
 * (`get_vault_data`, `getVaultData`); refused withdrawals and collects change nothing; the
 * indexed accruals pass `verifyReferralFee`. Every transaction is indexed by a session of its
 * own (a restart between the minter's and the vault's transaction of one credit), and the whole
 * history indexed again adds nothing. On SQLite and, where installed, PostgreSQL.
 */
import { type Address, beginCell, type Transaction } from '@ton/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ESCROW_WITHDRAW_VALUE,
  escrowVaultDataCall,
  escrowWithdrawMessage,
  feeVaultAddressCall,
  feeVaultCollectFeesMessage,
  feeVaultDataCall,
  type GetMethodCall,
  jettonWalletAddressCall,
  parseEscrowVaultData,
  parseFeeVaultData,
  referralAmount,
  vaultAddressResult,
} from '../../core/index.js'
import { verifyReferralFee } from '../../core/testing/index.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalEscrow,
  type LocalFeeVaultMinter,
  type LocalJetton,
  type LocalRouter,
  type Treasury,
  type VenueCreditReceipt,
} from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { openIndexSession } from '../../indexer/ingest/createIndexer.js'
import { addressText } from '../../protocol/addressText.js'
import { ESCROW_OP } from '../../protocol/venue/messages.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/index.js'
import { storeKinds } from '../store/_support/storeKinds.js'

const BPS = 25n

describe.each(storeKinds('indexed venues'))(
  'indexed referral venues on the $name store',
  (kind) => {
    let dex: LocalDex
    let router: LocalRouter
    let usdt: LocalJetton
    let ton: Parameters<LocalDex['swap']>[1]['ask']
    /** The venue's wallet (it routes swaps and pays referral fees), the referrer, a stranger. */
    let venueWallet: Treasury
    let referrer: Treasury
    let stranger: Treasury
    let venueA: LocalFeeVaultMinter
    let escrow: LocalEscrow
    let store: Store
    const pending: Transaction[] = []
    const all: Transaction[] = []
    let first = true
    /** Venue A's first credit, for an index that begins after the minter's transaction. */
    let firstCredit: VenueCreditReceipt | undefined

    /** Indexes what happened since the last call, one session per transaction. */
    const index = async () => {
      for (const tx of pending.splice(0)) {
        all.push(tx)
        // Only the first session names the minters: later ones follow them from the store.
        const session = await openIndexSession({
          store,
          ...(first
            ? {
                feeVaultMinters: new Set([addressText(venueA.minter)]),
                escrowMinters: new Set([addressText(escrow.minter)]),
              }
            : {}),
        })
        first = false
        await session.ingest([tx])
      }
    }

    const run = async (call: GetMethodCall) =>
      (await dex.blockchain.runGetMethod(call.address, call.method, [...call.args])).stack

    /** Every indexed venue vault equals its getter; returns the rows. */
    const expectVaultsEqualGetters = async () => {
      await index()
      const rows = await store.listIndexedVenueVaults()
      for (const row of rows) {
        if (row.kind === 'fee_vault') {
          const data = parseFeeVaultData(await run(feeVaultDataCall({ vault: row.address })))
          expect(row).toEqual({
            address: row.address,
            minterAddress: addressText(data.minter),
            kind: 'fee_vault',
            ownerAddress: addressText(data.owner),
            jettonWallet: addressText(data.jettonWallet),
            assetAddress: addressText(usdt.minter),
            balance: data.balance,
            lastCollectTime: data.lastCollectTime,
          })
        } else {
          const data = parseEscrowVaultData(await run(escrowVaultDataCall({ vault: row.address })))
          expect(row).toEqual({
            address: row.address,
            minterAddress: addressText(data.minter),
            kind: 'escrow',
            ownerAddress: addressText(data.owner),
            jettonWallet: addressText(data.jettonWallet),
            assetAddress: addressText(usdt.minter),
            balance: data.balance,
            lastCollectTime: 0n,
          })
        }
      }
      return rows
    }

    /** The fee vault of `owner` as venue A's `get_vault_address` answers (0:0: none). */
    const feeVaultOf = async (owner: Address) => {
      const [walletItem] = await run(
        jettonWalletAddressCall({ jettonMaster: usdt.minter, owner: venueA.minter }),
      )
      if (walletItem?.type !== 'slice') throw new Error('no wallet address')
      const [item] = await run(
        feeVaultAddressCall({
          minter: venueA.minter,
          owner,
          minterJettonWallet: walletItem.cell.beginParse().loadAddress(),
        }),
      )
      return vaultAddressResult(item)
    }

    beforeAll(async () => {
      dex = await createLocalDex({ now: 1_764_150_000, seed: 'indexed venues' })
      dex.onTransactions((txs) => pending.push(...txs))
      const [alice, bob, carol, dave] = await Promise.all(
        ['alice', 'bob', 'carol', 'dave'].map((name) => dex.wallet(name)),
      )
      venueWallet = bob as Treasury
      referrer = carol as Treasury
      stranger = dave as Treasury
      usdt = await dex.deployJetton('USDT')
      const pton = await dex.deployPton('v2')
      ton = pton
      router = await dex.deployRouter('v2', { pton })
      await dex.mint(usdt, (alice as Treasury).address, 10n ** 15n)
      await dex.mint(usdt, venueWallet.address, 10n ** 13n)
      await dex.mint(usdt, referrer.address, 10n ** 9n)
      await dex.createPool(router, {
        from: alice as Treasury,
        ...{
          assetA: usdt,
          amountA: 300_000n * 10n ** 6n,
          assetB: pton,
          amountB: 100_000n * 10n ** 9n,
        },
      })
      venueA = await dex.deployFeeVaultMinter()
      escrow = await dex.deployEscrow()
      store = await kind.open()
    })

    afterAll(async () => {
      await kind.cleanup()
    })

    it('venue A: the TON fee reaches the referrer at once, the jetton fee accrues; the owner collects', async () => {
      expect(await expectVaultsEqualGetters()).toEqual([])
      expect(await store.listIndexedVenueMinters()).toEqual([
        { address: addressText(escrow.minter), kind: 'escrow' },
        { address: addressText(venueA.minter), kind: 'fee_vault' },
      ])

      // A route paying TON: the venue credits the referrer's TON fee in the swap's wake.
      const toTon = await dex.swap(router, {
        from: venueWallet,
        offer: usdt,
        ask: ton,
        amount: 3_000n * 10n ** 6n,
      })
      expect(toTon.status).toBe('ok')
      const tonFee = referralAmount(toTon.amountOut, BPS)
      await venueWallet.send({ to: referrer.address, value: tonFee })
      // Nothing reaches a vault: the minter still answers 0:0 and the read model has no vault.
      expect(await feeVaultOf(referrer.address)).toEqual({ kind: 'no_fees_accrued' })
      expect(await expectVaultsEqualGetters()).toEqual([])
      expect(await store.listVenueOperations({})).toEqual([])

      // A route paying USDT: the jetton fee goes to venue A's fee-vault minter.
      const toUsdt = await dex.swap(router, {
        from: venueWallet,
        offer: ton,
        ask: usdt,
        amount: 7n * 10n ** 9n,
      })
      expect(toUsdt.status).toBe('ok')
      const fee = referralAmount(toUsdt.amountOut, BPS)
      const credit = await dex.creditFeeVault(venueA, {
        from: venueWallet,
        jetton: usdt,
        amount: fee,
        owner: referrer.address,
      })
      expect(credit.failures).toEqual([])
      const vault = await feeVaultOf(referrer.address)
      if (vault.kind !== 'vault') throw new Error('no vault after a jetton fee')
      firstCredit = credit
      // The emulator's receipt reads the minter's credit (protocol's decoder) as the getter says.
      expect(credit.vault?.equals(vault.address)).toBe(true)
      expect(credit.credited).toBe(fee)
      const [row] = await expectVaultsEqualGetters()
      expect(row?.address).toBe(addressText(vault.address))
      expect(row?.balance).toBe(fee)
      const [accrual] = await store.listVenueOperations({
        ownerAddress: addressText(referrer.address),
      })
      expect(accrual).toMatchObject({
        kind: 'accrual',
        venue: 'fee_vault',
        vaultAddress: addressText(vault.address),
        amount: fee,
        senderAddress: addressText(venueWallet.address),
      })
      const record = (amount: bigint, recipient: string) => ({
        referralFeeOut: amount,
        asset: accrual?.assetAddress ?? undefined,
        recipientKind: 'fee_vault' as const,
        recipientAddress: recipient,
        venue: 'external_a' as const,
      })
      const verdict = verifyReferralFee(
        record(accrual?.amount ?? 0n, accrual?.vaultAddress ?? ''),
        {
          ...record(referralAmount(toUsdt.amountOut, BPS), addressText(vault.address)),
          referralBps: BPS,
          grossOut: toUsdt.amountOut,
          asset: addressText(usdt.minter),
        },
      )
      expect(verdict.ok, verdict.explanation).toBe(true)

      // A second fee adds up.
      await dex.creditFeeVault(venueA, {
        from: venueWallet,
        jetton: usdt,
        amount: 17n,
        owner: referrer.address,
      })
      expect((await expectVaultsEqualGetters())[0]?.balance).toBe(fee + 17n)

      // Someone else's collect is refused on chain: the read model does not move.
      const collect = feeVaultCollectFeesMessage({ vault: vault.address })
      const before = await store.listIndexedVenueVaults()
      const operations = await store.listVenueOperations({})
      const refused = await stranger.send({
        to: collect.to,
        value: collect.value,
        body: collect.body,
      })
      expect(failedTransactions(refused.transactions).map((f) => f.exitCode)).toEqual([0xfc01])
      expect(await expectVaultsEqualGetters()).toEqual(before)
      expect(await store.listVenueOperations({})).toEqual(operations)

      // No jettons, no credit: the minter sends nothing to a vault and nothing is indexed.
      const empty = await dex.creditFeeVault(venueA, {
        from: venueWallet,
        jetton: usdt,
        amount: 0n,
        owner: referrer.address,
      })
      expect({ vault: empty.vault, credited: empty.credited }).toEqual({
        vault: null,
        credited: 0n,
      })
      expect(await expectVaultsEqualGetters()).toEqual(before)
      expect(await store.listVenueOperations({})).toEqual(operations)

      // The owner collects the whole balance.
      dex.blockchain.now = (dex.blockchain.now ?? 0) + 3_600
      const paidBefore = await dex.jettonBalance(usdt, referrer.address)
      const collected = await referrer.send({
        to: collect.to,
        value: collect.value,
        bounce: collect.bounce,
        body: collect.body,
      })
      expect(failedTransactions(collected.transactions)).toEqual([])
      const [after] = await expectVaultsEqualGetters()
      expect(after).toMatchObject({ balance: 0n, lastCollectTime: BigInt(dex.blockchain.now) })
      const received = (await dex.jettonBalance(usdt, referrer.address)) - paidBefore
      expect(received).toBe(fee + 17n)
      const ops = await store.listVenueOperations({ vaultAddress: addressText(vault.address) })
      expect(ops.map((o) => [o.kind, o.amount])).toEqual([
        ['accrual', fee],
        ['accrual', 17n],
        ['collect', received],
      ])

      // An empty vault refuses a second collect: nothing changes.
      const again = await referrer.send({
        to: collect.to,
        value: collect.value,
        body: collect.body,
      })
      expect(failedTransactions(again.transactions).map((f) => f.exitCode)).toEqual([0xfc02])
      expect(await expectVaultsEqualGetters()).toEqual([after])
      expect(await store.listVenueOperations({})).toHaveLength(3)
    })

    it('escrow venue: a referral accrual and an own deposit; only the owner withdraws, never above the balance', async () => {
      const swap = await dex.swap(router, {
        from: venueWallet,
        offer: ton,
        ask: usdt,
        amount: 5n * 10n ** 9n,
      })
      const fee = referralAmount(swap.amountOut, BPS)
      const deposit = await dex.depositToEscrow(escrow, {
        from: venueWallet,
        jetton: usdt,
        amount: fee,
        owner: referrer.address,
      })
      expect(deposit.failures).toEqual([])
      const vault = await dex.escrowVaultAddress(escrow, usdt, referrer.address)
      expect(deposit.vault?.equals(vault)).toBe(true)
      expect(deposit.credited).toBe(fee)
      const rows = await expectVaultsEqualGetters()
      const row = rows.find((r) => r.address === addressText(vault))
      expect(row?.balance).toBe(fee)
      const [accrual] = await store.listVenueOperations({ vaultAddress: addressText(vault) })
      expect(accrual).toMatchObject({ kind: 'accrual', venue: 'escrow', amount: fee })
      const verdict = verifyReferralFee(
        { referralFeeOut: accrual?.amount ?? 0n, asset: accrual?.assetAddress ?? undefined },
        {
          referralFeeOut: fee,
          referralBps: BPS,
          grossOut: swap.amountOut,
          asset: addressText(usdt.minter),
        },
      )
      expect(verdict.ok, verdict.explanation).toBe(true)

      // The owner's own deposit (`minter_deposit_vault`) fills the same vault: not an accrual.
      await dex.depositToEscrow(escrow, { from: referrer, jetton: usdt, amount: 1_000n })
      expect(
        (await expectVaultsEqualGetters()).find((r) => r.address === row?.address)?.balance,
      ).toBe(fee + 1_000n)
      expect(
        (await store.listVenueOperations({ vaultAddress: addressText(vault) })).map((o) => o.kind),
      ).toEqual(['accrual', 'deposit'])

      // Refused on chain — a stranger's withdrawal (32950), one above the balance (34643): the
      // read model does not move.
      const before = await store.listIndexedVenueVaults()
      const operations = await store.listVenueOperations({})
      const notOwner = await stranger.send({
        to: vault,
        value: ESCROW_WITHDRAW_VALUE,
        body: withdrawBody(1n, stranger.address),
      })
      expect(failedTransactions(notOwner.transactions).map((f) => f.exitCode)).toEqual([32950])
      const tooMuch = await referrer.send({
        to: vault,
        value: ESCROW_WITHDRAW_VALUE,
        body: withdrawBody(fee + 1_001n, referrer.address),
      })
      expect(failedTransactions(tooMuch.transactions).map((f) => f.exitCode)).toEqual([34643])
      expect(await expectVaultsEqualGetters()).toEqual(before)
      expect(await store.listVenueOperations({})).toEqual(operations)

      // The owner withdraws part with core's builder, then the rest.
      const data = parseEscrowVaultData(await run(escrowVaultDataCall({ vault })))
      const part = escrowWithdrawMessage({
        vault,
        vaultData: data,
        sender: referrer.address,
        opCode: ESCROW_OP.vaultWithdrawTokens,
        queryId: 11n,
        amount: 400n,
        excesses: referrer.address,
        withdrawForwardParams: null,
      })
      const paidBefore = await dex.jettonBalance(usdt, referrer.address)
      const r = await referrer.send({ to: part.to, value: part.value, body: part.body })
      expect(failedTransactions(r.transactions)).toEqual([])
      expect(
        (await expectVaultsEqualGetters()).find((v) => v.address === row?.address)?.balance,
      ).toBe(fee + 600n)
      await referrer.send({
        to: vault,
        value: ESCROW_WITHDRAW_VALUE,
        body: withdrawBody(fee + 600n, referrer.address),
      })
      expect(
        (await expectVaultsEqualGetters()).find((v) => v.address === row?.address)?.balance,
      ).toBe(0n)
      expect(await dex.jettonBalance(usdt, referrer.address)).toBe(paidBefore + fee + 1_000n)
      const withdrawals = (await store.listVenueOperations({ vaultAddress: addressText(vault) }))
        .filter((o) => o.kind === 'withdrawal')
        .map((o) => [o.amount, o.queryId, o.senderAddress])
      expect(withdrawals).toEqual([
        [400n, 11n, addressText(referrer.address)],
        [fee + 600n, 0n, addressText(referrer.address)],
      ])
    })

    it('indexing the whole history again adds nothing', async () => {
      await index()
      const vaults = await store.listIndexedVenueVaults()
      const operations = await store.listVenueOperations({})
      const session = await openIndexSession({ store })
      const stats = await session.ingest(all)
      expect(stats.transactions).toBe(0)
      expect(await store.listIndexedVenueVaults()).toEqual(vaults)
      expect(await store.listVenueOperations({})).toEqual(operations)
      expect(operations.map((o) => o.kind)).toEqual([
        'accrual',
        'accrual',
        'collect',
        'accrual',
        'deposit',
        'withdrawal',
        'withdrawal',
      ])
    })

    it("adopts a vault met first at its own credit (the minter's transaction before the index)", async () => {
      const fresh = await kind.open()
      const session = await openIndexSession({
        store: fresh,
        feeVaultMinters: new Set([addressText(venueA.minter)]),
      })
      const minter = addressText(venueA.minter)
      const flow = (firstCredit?.transactions ?? []).filter(
        (tx) =>
          tx.inMessage?.info.dest == null ||
          addressText(tx.inMessage.info.dest as Address) !== minter,
      )
      expect(flow.length).toBe((firstCredit?.transactions.length ?? 0) - 1)
      await session.ingest(flow)
      const [vault] = await store.listIndexedVenueVaults(addressText(referrer.address))
      // The jetton's master is unknown to an index that saw none of its earlier transfers.
      expect(await fresh.listIndexedVenueVaults()).toEqual([
        {
          ...(vault as NonNullable<typeof vault>),
          assetAddress: null,
          balance: firstCredit?.credited,
          lastCollectTime: 0n,
        },
      ])
      // The credit's operation was the minter's transaction: not in this index.
      expect(await fresh.listVenueOperations({})).toEqual([])
    })

    it("keeps the REST API's DEX v2 fee endpoints free of venue rows (docs/referral-venues.md)", async () => {
      const app = await createService({ store, docs: false })
      const referrerText = addressText(referrer.address)
      const range = 'since=2020-01-01T00:00:00&until=2030-01-01T00:00:00'
      const get = async (url: string) => {
        const response = await app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(200)
        return response.json()
      }
      expect(await store.listIndexedVenueVaults(referrerText)).toHaveLength(2)
      expect((await get(`/v1/wallets/${referrerText}/fee_vaults`)).vault_list).toEqual([])
      const query = `referrer_address=${referrerText}&${range}`
      expect((await get(`/v1/stats/fee_withdrawals?${query}`)).withdrawals).toEqual([])
      expect((await get(`/v1/stats/fee_accruals?${query}`)).operations).toEqual([])
      await app.close()
    })
  },
)

/** `vault_withdraw_tokens` as the escrow's ABI lays it out, without core's checks. */
function withdrawBody(amount: bigint, excesses: Address) {
  return beginCell()
    .storeUint(ESCROW_OP.vaultWithdrawTokens, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(excesses)
    .storeMaybeRef(null)
    .endCell()
}
