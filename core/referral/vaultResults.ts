import { Address, type Cell, type TupleItem } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * The answer of a vault-address getter, made explicit: the getters of the fee-vault minter and
 * the escrow minter answer `0:0` (the escrow also `null`) when the referrer has no vault
 * because no fees have accrued (`docs/referral.md`, "On-chain vault interface", "Errors" 3).
 */
export type VaultAddressResult =
  | { readonly kind: 'no_fees_accrued' }
  | { readonly kind: 'vault'; readonly address: Address }

/**
 * Whether `address` is `0:0`, the zero address of workchain 0.
 *
 * @example
 * ```ts
 * isZeroAddress(Address.parse('0:' + '0'.repeat(64))) // true
 * ```
 */
export function isZeroAddress(address: Address): boolean {
  return address.workChain === 0 && address.hash.every((byte) => byte === 0)
}

/**
 * Maps the answer of `get_vault_address` (fee-vault minter) or `getVaultAddress` (escrow
 * minter) to an explicit result. Takes the raw stack item (`slice`/`cell` holding an address or
 * `addr_none`, or `null`), an `Address`, an address string (`'0:0'` is accepted as the zero
 * address), or `null`. `null`, `addr_none` and `0:0` all mean no fees accrued; the spec lists
 * `null` for the escrow only, and we read it the same way for the fee-vault minter.
 *
 * @example
 * ```ts
 * vaultAddressResult('0:0') // { kind: 'no_fees_accrued' }
 * vaultAddressResult({ type: 'null' }) // { kind: 'no_fees_accrued' }
 * vaultAddressResult('EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj')
 * // { kind: 'vault', address: Address(EQCXSs2x…) }
 * ```
 * @throws {InvalidInputError} for a stack item of another type or a string that is no address.
 */
export function vaultAddressResult(
  value: TupleItem | Address | string | null | undefined,
): VaultAddressResult {
  const address = toAddress(value)
  if (address === null || isZeroAddress(address)) return { kind: 'no_fees_accrued' }
  return { kind: 'vault', address }
}

/** What a fee vault's `get_vault_data()` returns (venues A and B). */
export type FeeVaultData = {
  readonly owner: Address
  /** The vault's jetton wallet. */
  readonly jettonWallet: Address
  /** Accrued and not yet collected, jetton base units. */
  readonly balance: bigint
  readonly minter: Address
  /** Exposed by the venue's wrapper only; `undefined` when the stack does not carry it. */
  readonly lastCollectTime: bigint | undefined
}

/**
 * Reads the stack of a fee vault's `get_vault_data()`: owner, jetton wallet, balance, minter,
 * and optionally last collect time.
 *
 * @example
 * ```ts
 * parseFeeVaultData([ownerSlice, walletSlice, { type: 'int', value: 1994010n }, minterSlice])
 * // { owner, jettonWallet, balance: 1994010n, minter, lastCollectTime: undefined }
 * ```
 * @throws {InvalidInputError} naming the stack entry that is missing or of the wrong type.
 */
export function parseFeeVaultData(stack: readonly TupleItem[]): FeeVaultData {
  return {
    owner: stackAddress(stack, 0, 'owner'),
    jettonWallet: stackAddress(stack, 1, 'jettonWallet'),
    balance: stackInt(stack, 2, 'balance'),
    minter: stackAddress(stack, 3, 'minter'),
    lastCollectTime: stack.length > 4 ? stackInt(stack, 4, 'lastCollectTime') : undefined,
  }
}

/** What an escrow vault's `getVaultData()` returns. */
export type EscrowVaultData = {
  readonly minter: Address
  readonly jettonWallet: Address
  /** Withdrawable, jetton base units. */
  readonly balance: bigint
  readonly owner: Address
}

/**
 * Reads the stack of an escrow vault's `getVaultData()`: minter, jetton wallet, balance, owner.
 *
 * @example
 * ```ts
 * parseEscrowVaultData([minterSlice, walletSlice, { type: 'int', value: 250n }, ownerSlice])
 * // { minter, jettonWallet, balance: 250n, owner }
 * ```
 * @throws {InvalidInputError} naming the stack entry that is missing or of the wrong type.
 */
export function parseEscrowVaultData(stack: readonly TupleItem[]): EscrowVaultData {
  return {
    minter: stackAddress(stack, 0, 'minter'),
    jettonWallet: stackAddress(stack, 1, 'jettonWallet'),
    balance: stackInt(stack, 2, 'balance'),
    owner: stackAddress(stack, 3, 'owner'),
  }
}

function toAddress(value: TupleItem | Address | string | null | undefined): Address | null {
  if (value === null || value === undefined) return null
  if (Address.isAddress(value)) return value
  if (typeof value === 'string') {
    if (value === '0:0') return ZERO
    try {
      return Address.parse(value)
    } catch {
      throw new InvalidInputError({ field: 'vaultAddress', reason: 'is not an address', value })
    }
  }
  if (value.type === 'null') return null
  if (value.type === 'slice' || value.type === 'cell')
    return loadAddress(value.cell, 'vaultAddress')
  throw new InvalidInputError({
    field: 'vaultAddress',
    reason: 'must be a slice, a cell or null',
    value: value.type,
  })
}

function stackAddress(stack: readonly TupleItem[], index: number, name: string): Address {
  const item = stack[index]
  const field = `stack[${index}] (${name})`
  if (item === undefined || (item.type !== 'slice' && item.type !== 'cell')) {
    throw new InvalidInputError({ field, reason: 'must be a slice holding an address' })
  }
  const address = loadAddress(item.cell, field)
  if (address === null) throw new InvalidInputError({ field, reason: 'must not be addr_none' })
  return address
}

function stackInt(stack: readonly TupleItem[], index: number, name: string): bigint {
  const item = stack[index]
  if (item === undefined || item.type !== 'int') {
    throw new InvalidInputError({ field: `stack[${index}] (${name})`, reason: 'must be an int' })
  }
  return item.value
}

function loadAddress(cell: Cell, field: string): Address | null {
  try {
    return cell.beginParse().loadMaybeAddress()
  } catch {
    throw new InvalidInputError({ field, reason: 'does not hold an address' })
  }
}

const ZERO = new Address(0, Buffer.alloc(32))
