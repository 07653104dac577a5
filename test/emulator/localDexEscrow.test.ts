/**
 * The referral escrow venue on the emulator: `core/referral`'s address call, data call and
 * withdrawal builder (`escrowVaultAddressCall`, `escrowVaultDataCall` + `parseEscrowVaultData`,
 * `escrowWithdrawMessage`) run against our escrow factory and vault: a referrer's vault is
 * credited, only the owner withdraws, never above the balance (errors 32950 and 34643).
 */
import { type Address, beginCell } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  escrowVaultAddressCall,
  escrowVaultDataCall,
  escrowWithdrawMessage,
  type GetMethodCall,
  NotVaultOwnerError,
  parseEscrowVaultData,
  WithdrawalExceedsBalanceError,
} from '../../core/index.js'
import type { LocalEscrow } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { ESCROW_OP } from '../../protocol/venue/messages.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

/** `vault_withdraw_tokens` (tonkeeper/tongo `abi-tolk/schemas/stonfi/escrow_vault.tolk`). */
const VAULT_WITHDRAW_TOKENS = ESCROW_OP.vaultWithdrawTokens

describe('escrow venue: core/referral against the escrow contracts', () => {
  let w: RouterWorld
  let escrow: LocalEscrow
  let base: ReturnType<RouterWorld['dex']['snapshot']>

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    escrow = await w.dex.deployEscrow()
    base = w.dex.snapshot()
  })

  beforeEach(async () => {
    await w.dex.restore(base)
  })

  async function run(call: GetMethodCall) {
    return (await w.dex.blockchain.runGetMethod(call.address, call.method, [...call.args])).stack
  }

  it("credits a referrer's vault; the referrer withdraws part, then the rest", async () => {
    const { dex, bob, carol } = w
    const factoryWallet = await dex.blockchain
      .runGetMethod(w.a.minter, 'get_wallet_address', [
        { type: 'slice', cell: beginCell().storeAddress(escrow.minter).endCell() },
      ])
      .then((r) => r.stackReader.readAddress())
    const call = escrowVaultAddressCall({
      minter: escrow.minter,
      minterJettonWallet: factoryWallet,
      owner: carol.address,
    })
    const [vaultItem] = await run(call)
    const vault = vaultItem?.type === 'slice' ? vaultItem.cell.beginParse().loadAddress() : null
    expect(vault?.equals(await dex.escrowVaultAddress(escrow, w.a, carol.address))).toBe(true)
    if (vault === null) throw new Error('no vault address')
    expect((await dex.blockchain.getContract(vault)).accountState?.type).not.toBe('active')

    const deposit = await dex.depositToEscrow(escrow, {
      from: bob,
      jetton: w.a,
      amount: 1_000_000n,
      owner: carol.address,
    })
    expect(deposit.failures).toEqual([])
    const data = parseEscrowVaultData(await run(escrowVaultDataCall({ vault })))
    expect(data.balance).toBe(1_000_000n)
    expect(data.owner.equals(carol.address)).toBe(true)
    expect(data.minter.equals(escrow.minter)).toBe(true)
    expect(data.jettonWallet.equals(factoryWallet)).toBe(true)

    const before = await dex.jettonBalance(w.a, carol.address)
    const message = escrowWithdrawMessage({
      vault,
      vaultData: data,
      sender: carol.address,
      opCode: VAULT_WITHDRAW_TOKENS,
      queryId: 7n,
      amount: 400_000n,
      excesses: carol.address,
      withdrawForwardParams: null,
    })
    const r = await carol.send({
      to: message.to,
      value: message.value,
      bounce: message.bounce,
      body: message.body,
    })
    expect(failedTransactions(r.transactions)).toEqual([])
    expect(await dex.jettonBalance(w.a, carol.address)).toBe(before + 400_000n)
    const left = parseEscrowVaultData(await run(escrowVaultDataCall({ vault })))
    expect(left.balance).toBe(600_000n)

    // core refuses what the contract refuses.
    expect(() =>
      escrowWithdrawMessage({ ...withdrawal(vault, left, carol.address), amount: 600_001n }),
    ).toThrowError(WithdrawalExceedsBalanceError)
    expect(() => escrowWithdrawMessage(withdrawal(vault, left, bob.address))).toThrowError(
      NotVaultOwnerError,
    )
    // The contract itself, sent the same bodies without core's checks.
    const tooMuch = await carol.send({
      to: vault,
      value: message.value,
      body: withdrawBody(600_001n, carol.address),
    })
    expect(failedTransactions(tooMuch.transactions).map((f) => f.exitCode)).toEqual([34643])
    const notOwner = await bob.send({
      to: vault,
      value: message.value,
      body: withdrawBody(1n, bob.address),
    })
    expect(failedTransactions(notOwner.transactions).map((f) => f.exitCode)).toEqual([32950])

    const rest = await carol.send({
      to: vault,
      value: message.value,
      body: withdrawBody(600_000n, carol.address),
    })
    expect(failedTransactions(rest.transactions)).toEqual([])
    expect(await dex.jettonBalance(w.a, carol.address)).toBe(before + 1_000_000n)
    expect(parseEscrowVaultData(await run(escrowVaultDataCall({ vault }))).balance).toBe(0n)
  })

  it("minter_deposit_vault fills the sender's own vault", async () => {
    const { dex, alice } = w
    const r = await dex.depositToEscrow(escrow, { from: alice, jetton: w.b, amount: 5_000n })
    expect(r.failures).toEqual([])
    const vault = await dex.escrowVaultAddress(escrow, w.b, alice.address)
    const data = parseEscrowVaultData(await run(escrowVaultDataCall({ vault })))
    expect(data.balance).toBe(5_000n)
    expect(data.owner.equals(alice.address)).toBe(true)
  })
})

function withdrawal(
  vault: Address,
  vaultData: ReturnType<typeof parseEscrowVaultData>,
  sender: Address,
) {
  return {
    vault,
    vaultData,
    sender,
    opCode: VAULT_WITHDRAW_TOKENS,
    queryId: 0n,
    amount: 1n,
    excesses: sender,
    withdrawForwardParams: null,
  }
}

function withdrawBody(amount: bigint, excesses: Address) {
  return beginCell()
    .storeUint(VAULT_WITHDRAW_TOKENS, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(excesses)
    .storeBit(false)
    .endCell()
}
