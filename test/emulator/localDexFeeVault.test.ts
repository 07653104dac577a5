/**
 * The referral fee-vault minter of venues A and B on the emulator, driven by `core/referral`'s
 * builders: `get_vault_address` answers 0:0 before any fee (`vaultAddressResult` reads "no fees
 * accrued"), a credited fee shows in `get_vault_data` (`parseFeeVaultData`), and the owner's
 * empty-body `collectFees` (`feeVaultCollectFeesMessage`, 0.3 TON) pays the whole balance and
 * resets it. Only the owner collects; an empty vault refuses.
 */
import type { Address } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  feeVaultAddressCall,
  feeVaultCollectFeesMessage,
  feeVaultDataCall,
  type GetMethodCall,
  jettonWalletAddressCall,
  parseFeeVaultData,
  referralAmount,
  vaultAddressResult,
} from '../../core/index.js'
import { verifyReferralFee } from '../../core/testing/index.js'
import type { LocalFeeVaultMinter } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

describe('fee-vault minter: core/referral against the venue contracts', () => {
  let w: RouterWorld
  let venue: LocalFeeVaultMinter
  let base: ReturnType<RouterWorld['dex']['snapshot']>

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    venue = await w.dex.deployFeeVaultMinter()
    base = w.dex.snapshot()
  })

  beforeEach(async () => {
    await w.dex.restore(base)
  })

  async function run(call: GetMethodCall) {
    return (await w.dex.blockchain.runGetMethod(call.address, call.method, [...call.args])).stack
  }

  async function vaultOf(owner: Address) {
    const [walletItem] = await run(
      jettonWalletAddressCall({ jettonMaster: w.a.minter, owner: venue.minter }),
    )
    if (walletItem?.type !== 'slice') throw new Error('no wallet address')
    const minterWallet = walletItem.cell.beginParse().loadAddress()
    const [item] = await run(
      feeVaultAddressCall({ minter: venue.minter, owner, minterJettonWallet: minterWallet }),
    )
    return { minterWallet, result: vaultAddressResult(item) }
  }

  it('0:0 before any fee; the owner collects what the swap owed, exactly', async () => {
    const { dex, bob, carol } = w
    expect((await vaultOf(carol.address)).result).toEqual({ kind: 'no_fees_accrued' })

    // A swap of gross output 1 994 009 978 with a 10 bps referral owes ceil(B·R/10000).
    const owed = referralAmount(1_994_009_978n, 10n)
    const credit = await dex.creditFeeVault(venue, {
      from: bob,
      jetton: w.a,
      amount: owed,
      owner: carol.address,
    })
    expect(credit.failures).toEqual([])
    const { minterWallet, result } = await vaultOf(carol.address)
    if (result.kind !== 'vault') throw new Error('no vault after a fee')
    const data = parseFeeVaultData(await run(feeVaultDataCall({ vault: result.address })))
    expect(data.balance).toBe(owed)
    expect(data.owner.equals(carol.address)).toBe(true)
    expect(data.jettonWallet.equals(minterWallet)).toBe(true)
    expect(data.minter.equals(venue.minter)).toBe(true)
    expect(data.lastCollectTime).toBe(0n)

    // Someone else's collect is refused; the balance stays.
    const message = feeVaultCollectFeesMessage({ vault: result.address })
    const stranger = await bob.send({ to: message.to, value: message.value, body: message.body })
    expect(failedTransactions(stranger.transactions).map((f) => f.exitCode)).toEqual([0xfc01])

    const before = await dex.jettonBalance(w.a, carol.address)
    const collect = await carol.send({
      to: message.to,
      value: message.value,
      bounce: message.bounce,
      body: message.body,
    })
    expect(failedTransactions(collect.transactions)).toEqual([])
    const received = (await dex.jettonBalance(w.a, carol.address)) - before
    expect(
      verifyReferralFee(
        { referralFeeOut: received },
        { referralFeeOut: owed, referralBps: 10n, grossOut: 1_994_009_978n },
      ).ok,
    ).toBe(true)
    const after = parseFeeVaultData(await run(feeVaultDataCall({ vault: result.address })))
    expect(after.balance).toBe(0n)
    expect(after.lastCollectTime).toBe(BigInt(dex.blockchain.now ?? 0))

    // Nothing left: a second collect is refused, never paying above the balance.
    const again = await carol.send({ to: message.to, value: message.value, body: message.body })
    expect(failedTransactions(again.transactions).map((f) => f.exitCode)).toEqual([0xfc02])
    expect(await dex.jettonBalance(w.a, carol.address)).toBe(before + owed)
  })
})
