import { Address } from '@ton/core'

/**
 * Fixed addresses the kit's arbitraries use when the caller gives none: recognisable
 * placeholders (every hash byte the same), valid on workchain 0. Pass your own addresses
 * through the arbitraries' options to test against real contracts.
 *
 * @example
 * ```ts
 * import { KIT_ADDRESSES } from 'ton-dex-lab/testing'
 * KIT_ADDRESSES.referrer // '0:1111111111111111111111111111111111111111111111111111111111111111'
 * ```
 */
export const KIT_ADDRESSES = {
  referrer: placeholder(0x11),
  nativeWrapperMaster: placeholder(0x22),
  routers: [placeholder(0x31), placeholder(0x32)] as const,
  feeVaultMinter: placeholder(0x41),
  escrowMinter: placeholder(0x51),
  jettons: [placeholder(0xa1), placeholder(0xa2), placeholder(0xa3)] as const,
} as const

/**
 * The assets of the kit's default markets: the native coin and three jettons.
 *
 * @example
 * ```ts
 * import { KIT_ASSETS } from 'ton-dex-lab/testing'
 * KIT_ASSETS.length // 4
 * KIT_ASSETS[0] // 'native'
 * ```
 */
export const KIT_ASSETS: readonly string[] = ['native', ...KIT_ADDRESSES.jettons]

function placeholder(byte: number): string {
  return new Address(0, Buffer.alloc(32, byte)).toRawString()
}
