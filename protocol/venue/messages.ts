import { type Address, beginCell, type Cell } from '@ton/core'

/**
 * Op codes of the referral escrow venue (the escrow factory = "escrow minter", and its vaults).
 * The published ones are the Omniston escrow's Tolk ABI (tonkeeper/tongo
 * `abi-tolk/schemas/stonfi/escrow_vault.tolk`, `escrow_factory.tolk`, `imports/escrow.tolk`;
 * not CRC-32 of their names); `referralDeposit` is ours, the CRC-32 of
 * `escrow_referral_deposit` (`docs/referral-venues.md`).
 *
 * @example
 * ```ts
 * ESCROW_OP.vaultWithdrawTokens // 0x5809e482
 * ```
 */
export const ESCROW_OP = {
  vaultWithdrawTokens: 0x5809e482,
  minterInternalWithdrawTokens: 0x2c3b4692,
  vaultDepositTokens: 0x555edf4b,
  minterDepositVault: 0x702b4dc8,
  referralDeposit: 0x8d453c18,
} as const

/**
 * Op codes of the referral fee-vault minter of venues A and B and its vaults: all ours, each the
 * CRC-32 of its snake_case name (`fee_vault_deposit`, `fee_vault_credit`, `fee_vault_payout`);
 * the published collect has no op (an empty body, `docs/referral-venues.md`).
 *
 * @example
 * ```ts
 * FEE_VAULT_OP.credit // 0x71c8cfb7
 * ```
 */
export const FEE_VAULT_OP = {
  deposit: 0x9ab66dac,
  credit: 0x71c8cfb7,
  payout: 0x2327084b,
} as const

/**
 * The forward payload of a jetton transfer to an escrow factory: with `owner`, our
 * `escrow_referral_deposit#8d453c18 owner:MsgAddress excesses:MsgAddress` (credits `owner`'s
 * vault: how the local venue pays a referrer); without, the published
 * `minter_deposit_vault#702b4dc8 excesses:MsgAddress forward_params:(Maybe ^ForwardParams)`
 * (credits the sender's own vault; no forward parameters).
 *
 * @example
 * ```ts
 * escrowDepositPayload({ owner: referrer }) // <0x8d453c18, referrer, addr_none>
 * escrowDepositPayload({}) // <0x702b4dc8, addr_none, 0 bit>
 * ```
 */
export function escrowDepositPayload(params: {
  owner?: Address | null | undefined
  excesses?: Address | null | undefined
}): Cell {
  const excesses = params.excesses ?? null
  if (params.owner == null) {
    return beginCell()
      .storeUint(ESCROW_OP.minterDepositVault, 32)
      .storeAddress(excesses)
      .storeBit(false)
      .endCell()
  }
  return beginCell()
    .storeUint(ESCROW_OP.referralDeposit, 32)
    .storeAddress(params.owner)
    .storeAddress(excesses)
    .endCell()
}

/**
 * The forward payload with which a venue credits `owner` a jetton referral fee at the fee-vault
 * minter: `fee_vault_deposit#9ab66dac owner:MsgAddress` (ours).
 *
 * @example
 * ```ts
 * feeVaultDepositPayload(referrer) // <0x9ab66dac, referrer>
 * ```
 */
export function feeVaultDepositPayload(owner: Address): Cell {
  return beginCell().storeUint(FEE_VAULT_OP.deposit, 32).storeAddress(owner).endCell()
}
