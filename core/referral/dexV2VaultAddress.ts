import { type Address, beginCell, type Cell, contractAddress } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { parseAddress } from './parseAddress.js'

/** The keys of a DEX v2 referral vault: one vault per referrer × router jetton wallet. */
export type DexV2VaultKey = {
  /** The referrer (the vault's owner). */
  readonly owner: Address | string
  /** The router's jetton wallet of the fee token (for the native coin: the router's pTON wallet). */
  readonly tokenWallet: Address | string
  /** The router. */
  readonly router: Address | string
}

/**
 * The initial data of a DEX v2 referral vault (V2 `contracts/vault.fc` storage;
 * `docs/contracts.md` §2.10, §2.14): `owner:MsgAddress token:MsgAddress router:MsgAddress
 * deposited:Coins`, with `deposited = 0`.
 *
 * @example
 * ```ts
 * dexV2VaultData({ owner: referrer, tokenWallet: routerUsdtWallet, router }).bits.length
 * // 805 (three 267-bit addresses and a 4-bit zero Coins)
 * ```
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function dexV2VaultData(key: DexV2VaultKey): Cell {
  return beginCell()
    .storeAddress(parseAddress(key.owner, 'owner'))
    .storeAddress(parseAddress(key.tokenWallet, 'tokenWallet'))
    .storeAddress(parseAddress(key.router, 'router'))
    .storeCoins(0n)
    .endCell()
}

/**
 * The address of the DEX v2 referral vault of `owner` for one token, derived offline the way the
 * router derives it (`docs/contracts.md` §2.10: the hash of StateInit(code = the router's
 * `vault_code`, data = {@link dexV2VaultData}), no split depth, special or libraries, in the
 * router's workchain 0). It equals the router's `get_vault_address(owner, tokenWallet)`.
 *
 * @example
 * ```ts
 * // vaultCode: the 9th value of the router's get_router_data()
 * dexV2VaultAddress({ vaultCode, owner: referrer, tokenWallet: routerUsdtWallet, router })
 * // Address(EQ…), the same for every swap that pays this referrer in USDT on this router
 * ```
 * @throws {InvalidInputError} when `vaultCode` is not a cell.
 * @throws {InvalidAddressError} for an address that does not parse.
 */
export function dexV2VaultAddress(
  parameters: DexV2VaultKey & { readonly vaultCode: Cell; readonly workchain?: number },
): Address {
  const { vaultCode, workchain = 0 } = parameters
  if (
    typeof vaultCode !== 'object' ||
    vaultCode === null ||
    typeof (vaultCode as Cell).hash !== 'function'
  ) {
    throw new InvalidInputError({ field: 'vaultCode', reason: 'must be a Cell', value: vaultCode })
  }
  if (workchain !== 0 && workchain !== -1) {
    throw new InvalidInputError({ field: 'workchain', reason: 'must be 0 or -1', value: workchain })
  }
  return contractAddress(workchain, { code: vaultCode, data: dexV2VaultData(parameters) })
}
