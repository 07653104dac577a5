import type { Address, Cell } from '@ton/core'
import type { PoolState } from '../../core/pool/PoolState.js'
import { createPoolState } from '../../core/pool/PoolState.js'
import { readKindStorageTail } from '../../protocol/dex/poolKinds.js'

/**
 * What a pool's state-init data tells about the pool: its router, the router's two token
 * wallets, and the initial state (fees baked in at deployment, zero balances).
 *
 * @example
 * ```ts
 * const init: PoolInit = { dex: 'v2', router, wallet0, wallet1, protocolFeeAddress: null,
 *   state: createPoolState({ dex: 'v2', kind: 'constant_product' }) }
 * ```
 */
export type PoolInit = {
  readonly dex: 'v1' | 'v2'
  readonly router: Address
  readonly wallet0: Address
  readonly wallet1: Address
  /** Where collected protocol fees go (`null` for addr_none). */
  readonly protocolFeeAddress: Address | null
  readonly state: PoolState
}

/**
 * Reads a pool's state-init data with the storage layouts of `docs/contracts.md` §1.8 (DEX v1:
 * `router lp_fee:uint8 protocol_fee:uint8 ref_fee:uint8 token0 token1 total_supply ^[collected0
 * collected1 protocol_fee_address reserve0 reserve1] …`) and §2.14 (DEX v2: `is_locked
 * reserve0 reserve1 total_supply collected0 collected1 protocol_fee_address lp_fee:uint16
 * protocol_fee:uint16`, the kind's parameters, `^[router token0 token1 ^lp_wallet_code
 * ^lp_account_code]`). The DEX v2 pool kind is read off the parameters' layout, which differs
 * in length per kind: none (constant product), `amp:uint32` (stableswap), `w0:uint64`
 * (weighted constant product), `^[amp:uint128 rate:uint128 w0:uint128 rate_setter]` (weighted
 * stableswap). The layout must match exactly — every bit and reference consumed, fees within
 * the contracts' 100 bps — so data of another contract (or of the other version) is
 * `undefined`, not a pool.
 *
 * @example
 * ```ts
 * const init = readPoolInit('v2', tx.inMessage.init.data)
 * init?.state.lpFee // 20n
 * init?.state.kind // 'stableswap' for a stableswap router's pool (amp 1 until set_params)
 * ```
 */
export function readPoolInit(dex: 'v1' | 'v2', data: Cell): PoolInit | undefined {
  try {
    const s = data.beginParse()
    if (dex === 'v1') {
      const router = s.loadAddress()
      const lpFee = BigInt(s.loadUint(8))
      const protocolFee = BigInt(s.loadUint(8))
      const refFee = BigInt(s.loadUint(8))
      const wallet0 = s.loadAddress()
      const wallet1 = s.loadAddress()
      const totalSupply = s.loadCoins()
      const balances = s.loadRef().beginParse()
      const collectedProtocolFee0 = balances.loadCoins()
      const collectedProtocolFee1 = balances.loadCoins()
      const protocolFeeAddress = balances.loadMaybeAddress()
      const reserve0 = balances.loadCoins()
      const reserve1 = balances.loadCoins()
      balances.endParse()
      s.loadRef() // lp_wallet_code
      s.loadRef() // lp_account_code
      s.endParse()
      const state = createPoolState({
        dex,
        kind: 'constant_product',
        ...{ lpFee, protocolFee, refFee, totalSupply, reserve0, reserve1 },
        ...{ collectedProtocolFee0, collectedProtocolFee1 },
      })
      return { dex, router, wallet0, wallet1, protocolFeeAddress, state }
    }
    s.loadBit()
    const reserve0 = s.loadCoins()
    const reserve1 = s.loadCoins()
    const totalSupply = s.loadCoins()
    const collectedProtocolFee0 = s.loadCoins()
    const collectedProtocolFee1 = s.loadCoins()
    const protocolFeeAddress = s.loadMaybeAddress()
    const lpFee = BigInt(s.loadUint(16))
    const protocolFee = BigInt(s.loadUint(16))
    const params = readKindStorageTail(s)
    if (params === undefined) return undefined
    const statics = s.loadRef().beginParse()
    s.endParse()
    const router = statics.loadAddress()
    const wallet0 = statics.loadAddress()
    const wallet1 = statics.loadAddress()
    statics.loadRef() // lp_wallet_code
    statics.loadRef() // lp_account_code
    statics.endParse()
    const state = createPoolState({
      dex,
      ...params,
      ...{ lpFee, protocolFee, totalSupply, reserve0, reserve1 },
      ...{ collectedProtocolFee0, collectedProtocolFee1 },
    })
    return { dex, router, wallet0, wallet1, protocolFeeAddress, state }
  } catch {
    return undefined
  }
}
