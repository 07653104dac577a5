import { type Address, beginCell, type Cell } from '@ton/core'

/**
 * Init data of the test jetton minter: `total_supply:Coins admin ^content ^wallet_code`.
 *
 * @example
 * ```ts
 * jettonMinterData({ admin, content: beginCell().endCell(), walletCode }).bits.length // 4 + 267
 * ```
 */
export function jettonMinterData(params: {
  admin: Address
  content: Cell
  walletCode: Cell
}): Cell {
  return beginCell()
    .storeCoins(0n)
    .storeAddress(params.admin)
    .storeRef(params.content)
    .storeRef(params.walletCode)
    .endCell()
}

/**
 * Init data of the pTON v1 minter: `^wallet_code` (`docs/contracts.md` §5.1).
 *
 * @example
 * ```ts
 * ptonV1MinterData({ walletCode }).refs.length // 1
 * ```
 */
export function ptonV1MinterData(params: { walletCode: Cell }): Cell {
  return beginCell().storeRef(params.walletCode).endCell()
}

/**
 * Init data of the pTON v2 minter: `id:uint32 ^wallet_code ^content` (`docs/contracts.md` §5.2).
 *
 * @example
 * ```ts
 * ptonV2MinterData({ id: 0, walletCode, content: beginCell().endCell() })
 * ```
 */
export function ptonV2MinterData(params: { id: number; walletCode: Cell; content: Cell }): Cell {
  return beginCell()
    .storeUint(params.id, 32)
    .storeRef(params.walletCode)
    .storeRef(params.content)
    .endCell()
}
