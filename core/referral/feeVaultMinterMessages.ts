import { type Address, beginCell } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { addressSliceArgument, type GetMethodCall, type InternalMessage } from './getMethodCall.js'
import { parseAddress } from './parseAddress.js'
import { isZeroAddress } from './vaultResults.js'

/**
 * Native coin attached to `collectFees`, in nano units: about 0.3 coin for gas
 * (`docs/referral.md`, "Limits"); the unspent part comes back.
 */
export const COLLECT_FEES_VALUE = 300_000_000n

/**
 * The jetton master's `get_wallet_address(owner)` call, used to find the fee-vault minter's
 * jetton wallet — the second input of `get_vault_address` (`docs/referral.md`, "On-chain vault
 * interface": the minter address as a slice).
 *
 * @example
 * ```ts
 * jettonWalletAddressCall({ jettonMaster: usdt, owner: feeVaultMinter })
 * // { address: usdt, method: 'get_wallet_address', args: [{ type: 'slice', boc: 'te6cc…' }] }
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function jettonWalletAddressCall(parameters: {
  readonly jettonMaster: Address | string
  readonly owner: Address | string
}): GetMethodCall {
  return {
    address: parseAddress(parameters.jettonMaster, 'jettonMaster'),
    method: 'get_wallet_address',
    args: [addressSliceArgument(parameters.owner, 'owner')],
  }
}

/**
 * The fee-vault minter's `get_vault_address(owner, minter jetton wallet)` call (external venues
 * A and B). Map its answer with `vaultAddressResult`: `0:0` means no fees accrued yet.
 *
 * @example
 * ```ts
 * feeVaultAddressCall({ minter: feeVaultMinter, owner: referrer, minterJettonWallet })
 * // { address: feeVaultMinter, method: 'get_vault_address', args: [owner slice, wallet slice] }
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function feeVaultAddressCall(parameters: {
  readonly minter: Address | string
  readonly owner: Address | string
  readonly minterJettonWallet: Address | string
}): GetMethodCall {
  return {
    address: parseAddress(parameters.minter, 'minter'),
    method: 'get_vault_address',
    args: [
      addressSliceArgument(parameters.owner, 'owner'),
      addressSliceArgument(parameters.minterJettonWallet, 'minterJettonWallet'),
    ],
  }
}

/**
 * The fee vault's `get_vault_data()` call (no inputs). Map its answer with `parseFeeVaultData`.
 *
 * @example
 * ```ts
 * feeVaultDataCall({ vault }) // { address: vault, method: 'get_vault_data', args: [] }
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function feeVaultDataCall(parameters: { readonly vault: Address | string }): GetMethodCall {
  return { address: parseAddress(parameters.vault, 'vault'), method: 'get_vault_data', args: [] }
}

/**
 * The `collectFees` message to a fee vault: an internal message with NO payload (an empty
 * body: the spec gives no op code and says there is no payload) carrying about 0.3 native
 * coin for gas. The vault sends its accumulated tokens to the owner's wallet and resets its
 * balance; the spec does not restrict who may send it.
 *
 * @example
 * ```ts
 * feeVaultCollectFeesMessage({ vault })
 * // { to: vault, value: 300000000n, bounce: true, body: <empty cell> }
 * ```
 * @throws {InvalidAddressError} for a vault address that does not parse.
 * @throws {InvalidInputError} for the zero address (`0:0`, no vault: nothing accrued) or a
 *   value that is not a positive bigint.
 */
export function feeVaultCollectFeesMessage(parameters: {
  readonly vault: Address | string
  readonly value?: bigint | undefined
}): InternalMessage {
  const to = parseAddress(parameters.vault, 'vault')
  if (isZeroAddress(to)) {
    throw new InvalidInputError({
      field: 'vault',
      reason: 'is the zero address 0:0, which means no fees accrued (no vault)',
      value: to.toRawString(),
    })
  }
  const value = parameters.value ?? COLLECT_FEES_VALUE
  if (typeof value !== 'bigint' || value <= 0n) {
    throw new InvalidInputError({ field: 'value', reason: 'must be a positive bigint', value })
  }
  return { to, value, bounce: true, body: beginCell().endCell() }
}
