import type { TupleReader } from '@ton/core'

/**
 * The pTON v1 minter on TON mainnet (`docs/contracts.md` §5.1): every DEX v1 router's proxy-TON
 * wallet names it as its master; it stands for native TON.
 *
 * @example
 * ```ts
 * PTON_V1_MINTER_ADDRESS.startsWith('EQCM3B12') // true
 * ```
 */
export const PTON_V1_MINTER_ADDRESS = 'EQCM3B12QK1e4yZSf8GtBRT0aLMNyEsBc_DhVfRRtOEffLez'

/**
 * A pTON v2 minter's `get_version` answer (`major minor development`), or `undefined` when the
 * stack is not of that shape (two integers, then a slice): pTON v2.1 answers `2, 1, "release"`.
 *
 * @example
 * ```ts
 * readPtonVersion(new TupleReader([{ type: 'int', value: 2n }, { type: 'int', value: 1n },
 *   { type: 'slice', cell: beginCell().storeStringTail('release').endCell() }]))
 * // { major: 2, minor: 1, development: 'release' }
 * ```
 */
export function readPtonVersion(
  reader: TupleReader,
): { major: number; minor: number; development: string } | undefined {
  try {
    const major = reader.readBigNumber()
    const minor = reader.readBigNumber()
    const development = reader.readCell().beginParse().loadStringTail()
    if (major < 0n || major > 255n || minor < 0n || minor > 255n) return undefined
    return { major: Number(major), minor: Number(minor), development }
  } catch {
    return undefined
  }
}
