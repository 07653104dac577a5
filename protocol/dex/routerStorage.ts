import { type Address, beginCell, type Cell } from '@ton/core'

/**
 * Init data of the DEX v1 router: `is_locked:uint1 admin ^lp_wallet_code ^pool_code
 * ^lp_account_code ^temp_upgrade` (`docs/contracts.md` §1.8); temp_upgrade starts zeroed.
 *
 * @example
 * ```ts
 * dexV1RouterData({ admin, poolCode, lpWalletCode, lpAccountCode })
 * ```
 */
export function dexV1RouterData(p: {
  admin: Address
  poolCode: Cell
  lpWalletCode: Cell
  lpAccountCode: Cell
}): Cell {
  const tempUpgrade = beginCell()
    .storeUint(0, 64)
    .storeUint(0, 64)
    .storeAddress(p.admin)
    .storeRef(beginCell().endCell())
    .endCell()
  return beginCell()
    .storeBit(false)
    .storeAddress(p.admin)
    .storeRef(p.lpWalletCode)
    .storeRef(p.poolCode)
    .storeRef(p.lpAccountCode)
    .storeRef(tempUpgrade)
    .endCell()
}

/**
 * Init data of the DEX v2 router: `is_locked:bool admin ^temp_upgrade
 * ^[id:uint64 ^lp_wallet_code ^pool_code ^lp_account_code ^vault_code] ^upgrade_pool_code`
 * (`docs/contracts.md` §2.14). The upgrade cells start empty.
 *
 * @example
 * ```ts
 * dexV2RouterData({ admin, id: 0n, poolCode, lpWalletCode, lpAccountCode, vaultCode })
 * ```
 */
export function dexV2RouterData(p: {
  admin: Address
  id: bigint
  poolCode: Cell
  lpWalletCode: Cell
  lpAccountCode: Cell
  vaultCode: Cell
}): Cell {
  const empty = beginCell().endCell()
  const tempUpgrade = beginCell()
    .storeUint(0, 64)
    .storeUint(0, 64)
    .storeUint(0, 64)
    .storeAddress(p.admin)
    .storeRef(empty)
    .storeRef(empty)
    .endCell()
  const codes = beginCell()
    .storeUint(p.id, 64)
    .storeRef(p.lpWalletCode)
    .storeRef(p.poolCode)
    .storeRef(p.lpAccountCode)
    .storeRef(p.vaultCode)
    .endCell()
  return beginCell()
    .storeBit(false)
    .storeAddress(p.admin)
    .storeRef(tempUpgrade)
    .storeRef(codes)
    .storeRef(empty)
    .endCell()
}
