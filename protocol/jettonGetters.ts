import { type Address, beginCell, type TupleItem, type TupleReader } from '@ton/core'

/**
 * The get-methods a jetton master and its wallets answer (TEP-74; the USD₮ stablecoin, pTON
 * v1 and pTON v2 wallets and minters alike) and pTON v2's `get_version`
 * (`docs/contracts.md` §5): what names a router's jetton wallet's asset on a chain's state.
 *
 * @example
 * ```ts
 * JETTON_GET_METHOD.walletData // 'get_wallet_data'
 * ```
 */
export const JETTON_GET_METHOD = {
  /** Wallet: `(balance, owner, master, wallet_code)`. */
  walletData: 'get_wallet_data',
  /** Master: `get_wallet_address(owner) → wallet`. */
  walletAddress: 'get_wallet_address',
  /** Master: `(total_supply, mintable, admin, content, wallet_code)`. */
  jettonData: 'get_jetton_data',
  /** pTON v2 minter: `(major, minor, development)`. */
  version: 'get_version',
} as const

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
 * The argument stack of a master's `get_wallet_address(owner)`: the owner as a slice.
 *
 * @example
 * ```ts
 * walletAddressArgs(Address.parse('EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3'))[0].type // 'slice'
 * ```
 */
export function walletAddressArgs(owner: Address): TupleItem[] {
  return [{ type: 'slice', cell: beginCell().storeAddress(owner).endCell() }]
}

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
