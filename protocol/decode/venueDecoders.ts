import type { Address, Cell, Slice } from '@ton/core'
import { ESCROW_OP, FEE_VAULT_OP } from '../venue/messages.js'
import { decodeByOp, loadAddress, loadCoins } from './slices.js'

/**
 * A message body an **escrow vault** receives: the factory's `vault_deposit_tokens` (credits
 * the balance) or the owner's `vault_withdraw_tokens` (docs' `sendVaultWithdrawTokens`,
 * `core/referral`'s `escrowWithdrawMessage`), both as the Omniston escrow's ABI declares them
 * (`docs/referral-venues.md`).
 *
 * @example
 * ```ts
 * const body: EscrowVaultBody = { type: 'escrow.vault_withdraw_tokens', queryId: 7n, amount: 250n,
 *   excesses: referrer, withdrawForwardParams: null }
 * ```
 */
export type EscrowVaultBody =
  | {
      readonly type: 'escrow.vault_deposit_tokens'
      readonly queryId: bigint
      readonly amount: bigint
      readonly excesses: Address | null
      readonly forwardTonAmount: bigint
      readonly forwardPayload: Cell | null
    }
  | {
      readonly type: 'escrow.vault_withdraw_tokens'
      readonly queryId: bigint
      readonly amount: bigint
      readonly excesses: Address | null
      readonly withdrawForwardParams: Cell | null
    }

/**
 * A message body the **escrow factory** receives from one of its vaults (besides jetton
 * transfer notifications, whose payloads are {@link decodeEscrowPayload}'s):
 * `minter_internal_withdraw_tokens`, the withdrawal the factory pays out.
 *
 * @example
 * ```ts
 * const body: EscrowFactoryBody = { type: 'escrow.minter_internal_withdraw_tokens', queryId: 7n,
 *   jettonWallet, collectedFees: 250n, owner: referrer, excesses: referrer, forwardParams: null }
 * ```
 */
export type EscrowFactoryBody = {
  readonly type: 'escrow.minter_internal_withdraw_tokens'
  readonly queryId: bigint
  readonly jettonWallet: Address | null
  readonly collectedFees: bigint
  readonly owner: Address | null
  readonly excesses: Address | null
  readonly forwardParams: Cell | null
}

/**
 * The forward payload of a jetton transfer to an escrow factory: the published
 * `minter_deposit_vault` (the sender's own vault) or our `escrow_referral_deposit` (`owner`'s
 * vault: a referral fee).
 *
 * @example
 * ```ts
 * const payload: EscrowPayload = { type: 'escrow.referral_deposit', owner: referrer, excesses: null }
 * ```
 */
export type EscrowPayload =
  | {
      readonly type: 'escrow.minter_deposit_vault'
      readonly excesses: Address | null
      readonly forwardParams: Cell | null
    }
  | {
      readonly type: 'escrow.referral_deposit'
      readonly owner: Address | null
      readonly excesses: Address | null
    }

/**
 * A message body a **fee vault** (venues A and B) receives: the published `collectFees` — an
 * empty body, no op, about 0.3 TON (`core/referral`'s `feeVaultCollectFeesMessage`), whose
 * attached `value` the decoder reports when given — or the minter's `fee_vault_credit` (ours).
 *
 * @example
 * ```ts
 * const body: FeeVaultBody = { type: 'fee_vault.collect_fees', value: 300_000_000n }
 * ```
 */
export type FeeVaultBody =
  | { readonly type: 'fee_vault.collect_fees'; readonly value: bigint | undefined }
  | { readonly type: 'fee_vault.credit'; readonly queryId: bigint; readonly amount: bigint }

/**
 * A message body the **fee-vault minter** receives from one of its vaults (besides jetton
 * transfer notifications, whose payloads are {@link decodeFeeVaultPayload}'s): `fee_vault_payout`
 * (ours), what a collect pays the owner.
 *
 * @example
 * ```ts
 * const body: FeeVaultMinterBody = { type: 'fee_vault.payout', queryId: 0n, amount: 1_995n,
 *   owner: referrer, jettonWallet }
 * ```
 */
export type FeeVaultMinterBody = {
  readonly type: 'fee_vault.payout'
  readonly queryId: bigint
  readonly amount: bigint
  readonly owner: Address | null
  readonly jettonWallet: Address | null
}

/**
 * The forward payload with which a venue credits a referrer's jetton fee at the fee-vault
 * minter: `fee_vault_deposit owner` (ours).
 *
 * @example
 * ```ts
 * const payload: FeeVaultPayload = { type: 'fee_vault.deposit', owner: referrer }
 * ```
 */
export type FeeVaultPayload = { readonly type: 'fee_vault.deposit'; readonly owner: Address | null }

const ESCROW_VAULT_DECODERS = new Map<number, (s: Slice, queryId: bigint) => EscrowVaultBody>([
  [
    ESCROW_OP.vaultDepositTokens,
    (s, queryId) => ({
      type: 'escrow.vault_deposit_tokens',
      queryId,
      amount: loadCoins(s),
      excesses: loadAddress(s),
      forwardTonAmount: loadCoins(s),
      forwardPayload: s.loadMaybeRef(),
    }),
  ],
  [
    ESCROW_OP.vaultWithdrawTokens,
    (s, queryId) => ({
      type: 'escrow.vault_withdraw_tokens',
      queryId,
      amount: loadCoins(s),
      excesses: loadAddress(s),
      withdrawForwardParams: s.loadMaybeRef(),
    }),
  ],
])

const ESCROW_FACTORY_DECODERS = new Map<number, (s: Slice, queryId: bigint) => EscrowFactoryBody>([
  [
    ESCROW_OP.minterInternalWithdrawTokens,
    (s, queryId) => ({
      type: 'escrow.minter_internal_withdraw_tokens',
      queryId,
      jettonWallet: loadAddress(s),
      collectedFees: loadCoins(s),
      owner: loadAddress(s),
      excesses: loadAddress(s),
      forwardParams: s.loadMaybeRef(),
    }),
  ],
])

const FEE_VAULT_DECODERS = new Map<number, (s: Slice, queryId: bigint) => FeeVaultBody>([
  [
    FEE_VAULT_OP.credit,
    (s, queryId) => ({ type: 'fee_vault.credit', queryId, amount: loadCoins(s) }),
  ],
])

const FEE_VAULT_MINTER_DECODERS = new Map<
  number,
  (s: Slice, queryId: bigint) => FeeVaultMinterBody
>([
  [
    FEE_VAULT_OP.payout,
    (s, queryId) => ({
      type: 'fee_vault.payout',
      queryId,
      amount: loadCoins(s),
      owner: loadAddress(s),
      jettonWallet: loadAddress(s),
    }),
  ],
])

/**
 * Decodes a body sent to an escrow vault (`vault_deposit_tokens`, `vault_withdraw_tokens`);
 * `undefined` for another op or a malformed body. Venue ops are decoded by the role of the
 * receiving contract, like the farms' (`decodeFarmMinterBody`).
 *
 * @example
 * ```ts
 * decodeEscrowVaultBody(escrowWithdrawMessage({ vault, vaultData, sender: referrer,
 *   opCode: 0x5809e482, queryId: 7n, amount: 250n, excesses: referrer,
 *   withdrawForwardParams: null }).body)?.amount // 250n
 * ```
 */
export function decodeEscrowVaultBody(body: Cell | null | undefined): EscrowVaultBody | undefined {
  return decodeByOp(body, ESCROW_VAULT_DECODERS)
}

/**
 * Decodes a body sent to an escrow factory by a vault (`minter_internal_withdraw_tokens`).
 *
 * @example
 * ```ts
 * decodeEscrowFactoryBody(withdrawal)?.collectedFees // 250n
 * ```
 */
export function decodeEscrowFactoryBody(
  body: Cell | null | undefined,
): EscrowFactoryBody | undefined {
  return decodeByOp(body, ESCROW_FACTORY_DECODERS)
}

/**
 * Decodes the forward payload of a jetton transfer to an escrow factory; `undefined` for
 * anything else (the factory sends such jettons back).
 *
 * @example
 * ```ts
 * decodeEscrowPayload(escrowDepositPayload({ owner: referrer }))?.type // 'escrow.referral_deposit'
 * ```
 */
export function decodeEscrowPayload(payload: Cell | null | undefined): EscrowPayload | undefined {
  if (!payload) return undefined
  try {
    const s = payload.beginParse()
    if (s.remainingBits < 32) return undefined
    const op = s.loadUint(32)
    if (op === ESCROW_OP.minterDepositVault) {
      return {
        type: 'escrow.minter_deposit_vault',
        excesses: loadAddress(s),
        forwardParams: s.loadMaybeRef(),
      }
    }
    if (op === ESCROW_OP.referralDeposit) {
      return { type: 'escrow.referral_deposit', owner: loadAddress(s), excesses: loadAddress(s) }
    }
    return undefined
  } catch {
    return undefined
  }
}

/**
 * Decodes a body sent to a fee vault: the empty body is `collectFees` (with the message's
 * attached `value` when the caller gives it), `fee_vault_credit` the minter's credit;
 * `undefined` for anything else.
 *
 * @example
 * ```ts
 * const collect = feeVaultCollectFeesMessage({ vault })
 * decodeFeeVaultBody(collect.body, collect.value) // { type: 'fee_vault.collect_fees', value: 300000000n }
 * ```
 */
export function decodeFeeVaultBody(
  body: Cell | null | undefined,
  value?: bigint,
): FeeVaultBody | undefined {
  if (!body) return undefined
  if (body.bits.length === 0 && body.refs.length === 0) {
    return { type: 'fee_vault.collect_fees', value }
  }
  return decodeByOp(body, FEE_VAULT_DECODERS)
}

/**
 * Decodes a body sent to the fee-vault minter by a vault (`fee_vault_payout`).
 *
 * @example
 * ```ts
 * decodeFeeVaultMinterBody(payout)?.amount // 1995n
 * ```
 */
export function decodeFeeVaultMinterBody(
  body: Cell | null | undefined,
): FeeVaultMinterBody | undefined {
  return decodeByOp(body, FEE_VAULT_MINTER_DECODERS)
}

/**
 * Decodes the forward payload of a jetton transfer to the fee-vault minter; `undefined` for
 * anything else (the minter sends such jettons back).
 *
 * @example
 * ```ts
 * decodeFeeVaultPayload(feeVaultDepositPayload(referrer))?.owner // referrer
 * ```
 */
export function decodeFeeVaultPayload(
  payload: Cell | null | undefined,
): FeeVaultPayload | undefined {
  if (!payload) return undefined
  try {
    const s = payload.beginParse()
    if (s.remainingBits < 32 || s.loadUint(32) !== FEE_VAULT_OP.deposit) return undefined
    return { type: 'fee_vault.deposit', owner: loadAddress(s) }
  } catch {
    return undefined
  }
}
