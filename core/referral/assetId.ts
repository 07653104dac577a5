import { parseAddress } from './parseAddress.js'

/**
 * An asset of a route: `'native'` for the chain's native coin, else the jetton master address
 * in raw form (`0:<64 lower-case hex>`), so that two spellings of one address compare equal.
 */
export type AssetId = string

/** The id of the native coin (TON). On DEX v2 it trades through the native-coin wrapper (pTON). */
export const NATIVE_ASSET: AssetId = 'native'

/**
 * The canonical {@link AssetId} of `'native'` or a jetton master address in any form.
 *
 * @example
 * ```ts
 * assetId('EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj', 'askAsset')
 * // '0:974acdb167676193d4c0c731b35eb6b611b1bf4b64aac8df137e2e9f27cd8462'
 * assetId('native', 'offerAsset') // 'native'
 * ```
 * @throws {InvalidAddressError} naming `field` for anything else.
 */
export function assetId(value: unknown, field: string): AssetId {
  if (value === NATIVE_ASSET) return NATIVE_ASSET
  return parseAddress(value, field).toRawString()
}
