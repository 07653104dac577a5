import { type Address, beginCell } from '@ton/core'

/**
 * The hash of an address stored alone in a cell (`addr_std` as a slice), as an unsigned
 * 256-bit integer: the key the routers sort a pool's two tokens by.
 *
 * @example
 * ```ts
 * addressSliceHash(Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')) > 0n // true
 * ```
 */
export function addressSliceHash(address: Address): bigint {
  return BigInt(`0x${beginCell().storeAddress(address).endCell().hash().toString('hex')}`)
}

/**
 * The token order rule of both DEX versions (`docs/contracts.md` §0): of the router's two token
 * wallets, token0 is the one whose address slice has the LARGER hash, so `reserve0` of a
 * `PoolState` belongs to that wallet. Whether wallet `a` sorts before `b` as token0.
 *
 * @example
 * ```ts
 * isToken0(routerUsdtWallet, routerTonWallet) // true when the USDT wallet's slice hash is larger
 * isToken0(a, b) !== isToken0(b, a) // true for distinct wallets
 * ```
 */
export function isToken0(a: Address, b: Address): boolean {
  return addressSliceHash(a) > addressSliceHash(b)
}
