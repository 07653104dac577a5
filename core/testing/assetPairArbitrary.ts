import fc from 'fast-check'

/**
 * Ordered pairs of two different assets of `assets` (which must hold at least two).
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { assetPairArbitrary } from 'ton-dex-lab/testing'
 * fc.sample(assetPairArbitrary(['native', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs']), 1)
 * // [['native', 'EQCxE6…']] or [['EQCxE6…', 'native']]
 * ```
 */
export function assetPairArbitrary(assets: readonly string[]): fc.Arbitrary<[string, string]> {
  if (assets.length < 2) throw new RangeError('assetPairArbitrary: need at least two assets')
  const at = (index: number): string => assets[index % assets.length] as string
  return fc
    .tuple(
      fc.integer({ min: 0, max: assets.length - 1 }),
      fc.integer({ min: 1, max: assets.length - 1 }),
    )
    .map(([first, shift]): [string, string] => [at(first), at(first + shift)])
}
