import { type Address, beginCell, Cell } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertCoins } from '../pool/PoolState.js'
import { NotVaultOwnerError } from './errors/NotVaultOwnerError.js'
import { WithdrawalExceedsBalanceError } from './errors/WithdrawalExceedsBalanceError.js'
import { addressSliceArgument, type GetMethodCall, type InternalMessage } from './getMethodCall.js'
import { parseAddress } from './parseAddress.js'
import { type EscrowVaultData, isZeroAddress } from './vaultResults.js'

/**
 * Native coin attached to `sendVaultWithdrawTokens`, in nano units: about 0.2 coin for gas
 * (`docs/referral.md`, "Limits"; it may vary, so callers can override it).
 */
export const ESCROW_WITHDRAW_VALUE = 200_000_000n

/**
 * Body layout of the escrow withdrawal, in TL-B. THE SPEC GIVES NEITHER THE OP CODE NOR THE
 * LAYOUT: it lists the fields (queryId, amount in jetton base units, excesses address,
 * nullable withdrawForwardParams). This layout — the fields in the spec's order behind a 32-bit
 * op, with the usual TON widths — is OUR CHOICE; the op code must come from the caller.
 */
export const ESCROW_WITHDRAW_LAYOUT =
  'op:uint32 query_id:uint64 amount:Coins excesses:MsgAddress withdraw_forward_params:(Maybe ^Cell)'

/**
 * The escrow minter's `getVaultAddress(minter jetton wallet, owner)` call — note the order: the
 * jetton wallet first. Map its answer with `vaultAddressResult` (`null` or `0:0`: no fees).
 *
 * @example
 * ```ts
 * escrowVaultAddressCall({ minter: escrowMinter, minterJettonWallet, owner: referrer })
 * // { address: escrowMinter, method: 'getVaultAddress', args: [wallet slice, owner slice] }
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function escrowVaultAddressCall(parameters: {
  readonly minter: Address | string
  readonly minterJettonWallet: Address | string
  readonly owner: Address | string
}): GetMethodCall {
  return {
    address: parseAddress(parameters.minter, 'minter'),
    method: 'getVaultAddress',
    args: [
      addressSliceArgument(parameters.minterJettonWallet, 'minterJettonWallet'),
      addressSliceArgument(parameters.owner, 'owner'),
    ],
  }
}

/**
 * The escrow vault's `getVaultData()` call (no inputs). Map its answer with
 * `parseEscrowVaultData`.
 *
 * @example
 * ```ts
 * escrowVaultDataCall({ vault }) // { address: vault, method: 'getVaultData', args: [] }
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function escrowVaultDataCall(parameters: {
  readonly vault: Address | string
}): GetMethodCall {
  return { address: parseAddress(parameters.vault, 'vault'), method: 'getVaultData', args: [] }
}

/** Parameters of {@link escrowWithdrawMessage}. */
export type EscrowWithdrawParameters = {
  /** The escrow vault. */
  readonly vault: Address | string
  /** The vault's current data (`getVaultData`), for the owner and balance checks. */
  readonly vaultData: EscrowVaultData
  /** Who will send the message; must be the vault's owner. */
  readonly sender: Address | string
  /** The withdrawal's op code, from the escrow contract's interface (the spec does not give it). */
  readonly opCode: number
  /** 0 .. 2^64 − 1. */
  readonly queryId: bigint
  /** Jetton base units, 1 .. the vault's balance. */
  readonly amount: bigint
  /** Where the unspent native coin goes. */
  readonly excesses: Address | string
  /** Forwarding parameters of the withdrawal, or `null`. */
  readonly withdrawForwardParams: Cell | null
  /** Native coin attached, nano units (default {@link ESCROW_WITHDRAW_VALUE}). */
  readonly value?: bigint | undefined
}

/**
 * The `sendVaultWithdrawTokens` message to an escrow vault: the tokens go to the owner. Checks
 * what the spec states before building: only the owner may withdraw, and the amount must not
 * exceed the balance. The body follows {@link ESCROW_WITHDRAW_LAYOUT} (our choice; see there).
 *
 * @example
 * ```ts
 * escrowWithdrawMessage({ vault, vaultData, sender: referrer, opCode, queryId: 7n,
 *   amount: 250n, excesses: referrer, withdrawForwardParams: null })
 * // { to: vault, value: 200000000n, bounce: true, body: <op, 7, 250, referrer, 0 bit> }
 * ```
 * @throws {NotVaultOwnerError} when `sender` is not the vault's owner.
 * @throws {WithdrawalExceedsBalanceError} when `amount` is above the vault's balance.
 * @throws {InvalidInputError} for a malformed op code, query id, amount, value or forward params.
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function escrowWithdrawMessage(parameters: EscrowWithdrawParameters): InternalMessage {
  const to = parseAddress(parameters.vault, 'vault')
  if (isZeroAddress(to)) {
    throw new InvalidInputError({
      field: 'vault',
      reason: 'is the zero address 0:0, which means no fees accrued (no vault)',
    })
  }
  const { opCode, queryId, amount, vaultData, withdrawForwardParams } = parameters
  if (!Number.isInteger(opCode) || opCode < 0 || opCode > 0xffff_ffff) {
    throw new InvalidInputError({ field: 'opCode', reason: 'must be a uint32', value: opCode })
  }
  if (typeof queryId !== 'bigint' || queryId < 0n || queryId >= 1n << 64n) {
    throw new InvalidInputError({
      field: 'queryId',
      reason: 'must be a uint64 bigint',
      value: queryId,
    })
  }
  assertCoins(amount, 'amount', { allowZero: false })
  if (withdrawForwardParams !== null && !(withdrawForwardParams instanceof Cell)) {
    throw new InvalidInputError({
      field: 'withdrawForwardParams',
      reason: 'must be a Cell or null',
    })
  }
  if (
    typeof vaultData !== 'object' ||
    vaultData === null ||
    typeof vaultData.balance !== 'bigint'
  ) {
    throw new InvalidInputError({
      field: 'vaultData',
      reason: 'must be the vault data (getVaultData)',
    })
  }
  const sender = parseAddress(parameters.sender, 'sender')
  const owner = parseAddress(vaultData.owner, 'vaultData.owner')
  if (!sender.equals(owner)) throw new NotVaultOwnerError({ sender, owner })
  if (amount > vaultData.balance) {
    throw new WithdrawalExceedsBalanceError({ amount, balance: vaultData.balance })
  }
  const value = parameters.value ?? ESCROW_WITHDRAW_VALUE
  if (typeof value !== 'bigint' || value <= 0n) {
    throw new InvalidInputError({ field: 'value', reason: 'must be a positive bigint', value })
  }
  const body = beginCell()
    .storeUint(opCode, 32)
    .storeUint(queryId, 64)
    .storeCoins(amount)
    .storeAddress(parseAddress(parameters.excesses, 'excesses'))
    .storeMaybeRef(withdrawForwardParams)
    .endCell()
  return { to, value, bounce: true, body }
}
