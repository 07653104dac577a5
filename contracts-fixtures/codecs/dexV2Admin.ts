import { type Address, beginCell, type Cell } from '@ton/core'
import { DEX_V2_OP } from './opCodes.js'

/**
 * Init data of the DEX v2 router: `is_locked:bool admin ^temp_upgrade
 * ^[id:uint64 ^lp_wallet_code ^pool_code ^lp_account_code ^vault_code] ^upgrade_pool_code`
 * (`contracts.md` §2.14). The upgrade cells start empty.
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

/**
 * Admin `set_fees query_id lp:uint16 protocol:uint16 protocol_fee_address
 * ^[wallet0 wallet1 excesses]`; the router forwards it to the pool of (wallet0, wallet1).
 *
 * @example
 * ```ts
 * dexV2SetFeesBody({ lpFee: 25n, protocolFee: 5n, protocolFeeAddress: fees,
 *   wallet0, wallet1, excesses: admin })
 * ```
 */
export function dexV2SetFeesBody(p: {
  lpFee: bigint
  protocolFee: bigint
  protocolFeeAddress: Address | null
  wallet0: Address
  wallet1: Address
  excesses: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.setFees, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeUint(p.lpFee, 16)
    .storeUint(p.protocolFee, 16)
    .storeAddress(p.protocolFeeAddress)
    .storeRef(
      beginCell()
        .storeAddress(p.wallet0)
        .storeAddress(p.wallet1)
        .storeAddress(p.excesses)
        .endCell(),
    )
    .endCell()
}

/**
 * Admin `update_status query_id`: toggles the router lock.
 *
 * @example
 * ```ts
 * dexV2UpdateStatusBody()
 * ```
 */
export function dexV2UpdateStatusBody(queryId = 0n): Cell {
  return beginCell().storeUint(DEX_V2_OP.updateStatus, 32).storeUint(queryId, 64).endCell()
}

/**
 * Admin `update_pool_status query_id wallet0 wallet1 excesses`: toggles a pool's lock.
 *
 * @example
 * ```ts
 * dexV2UpdatePoolStatusBody({ wallet0, wallet1, excesses: admin })
 * ```
 */
export function dexV2UpdatePoolStatusBody(p: {
  wallet0: Address
  wallet1: Address
  excesses: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.updatePoolStatus, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeAddress(p.wallet0)
    .storeAddress(p.wallet1)
    .storeAddress(p.excesses)
    .endCell()
}
