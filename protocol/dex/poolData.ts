import type { Address, TupleReader } from '@ton/core'
import type { PoolKind } from '../../core/pool/PoolState.js'
import { POOL_KIND_FACTS } from './poolKinds.js'

/**
 * A DEX v1 pool's `get_pool_data` answer (`docs/contracts.md` §1.7). The LP supply is not part of
 * it: DEX v1 reports it through `get_jetton_data`.
 *
 * @example
 * ```ts
 * readDexV1PoolData(stack) // { reserve0: 1000000000000n, reserve1: 2000000000000n, lpFee: 20n, protocolFee: 0n, refFee: 10n, … }
 * ```
 */
export type DexV1PoolData = {
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly token0Wallet: Address
  readonly token1Wallet: Address
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee: bigint
  /** The protocol fee address; `null` when none is set (`addr_none`). */
  readonly protocolFeeAddress: Address | null
  readonly collectedProtocolFee0: bigint
  readonly collectedProtocolFee1: bigint
}

/**
 * A DEX v2.2 pool's `get_pool_data` answer (`docs/contracts.md` §2.14): the common fields, then the
 * kind's own, in the order `@ston-fi/sdk`'s `StablePoolV2_2` (`amp`), `WCPIPoolV2_2` (`w0`) and
 * `WStablePoolV2_2` (`amp`, `rate`, `w0`, rate setter) read them.
 *
 * @example
 * ```ts
 * readDexV2PoolData(stack, 'stableswap') // { isLocked: false, totalSupply: 2000000000000n, amp: 100n, … }
 * ```
 */
export type DexV2PoolData = {
  readonly isLocked: boolean
  readonly router: Address
  readonly totalSupply: bigint
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly token0Wallet: Address
  readonly token1Wallet: Address
  readonly lpFee: bigint
  readonly protocolFee: bigint
  /** The protocol fee address; `null` when none is set (`addr_none`). */
  readonly protocolFeeAddress: Address | null
  readonly collectedProtocolFee0: bigint
  readonly collectedProtocolFee1: bigint
  /** Stableswap and weighted stableswap: the amplification. */
  readonly amp?: bigint
  /** Weighted kinds: token0's weight, 18-decimal fixed point. */
  readonly w0?: bigint
  /** Weighted stableswap: the rate, 18-decimal fixed point. */
  readonly rate?: bigint
  /** Weighted stableswap: the address allowed to send `set_rate` (`null` when none). */
  readonly rateSetter?: Address | null
}

/**
 * Reads a DEX v1 pool's `get_pool_data` stack.
 *
 * @example
 * ```ts
 * const { stackReader } = await blockchain.runGetMethod(pool, 'get_pool_data')
 * readDexV1PoolData(stackReader).reserve0 // 1000000000000n
 * ```
 */
export function readDexV1PoolData(r: TupleReader): DexV1PoolData {
  return {
    reserve0: r.readBigNumber(),
    reserve1: r.readBigNumber(),
    token0Wallet: r.readAddress(),
    token1Wallet: r.readAddress(),
    lpFee: r.readBigNumber(),
    protocolFee: r.readBigNumber(),
    refFee: r.readBigNumber(),
    protocolFeeAddress: r.readAddressOpt(),
    collectedProtocolFee0: r.readBigNumber(),
    collectedProtocolFee1: r.readBigNumber(),
  }
}

/**
 * Reads a DEX v2.2 pool's `get_pool_data` stack for a pool of `kind` (the router's type).
 *
 * @example
 * ```ts
 * const { stackReader } = await blockchain.runGetMethod(pool, 'get_pool_data')
 * readDexV2PoolData(stackReader, 'weighted_const_product').w0 // 500000000000000000n
 * ```
 */
export function readDexV2PoolData(r: TupleReader, kind: PoolKind): DexV2PoolData {
  const common = {
    isLocked: r.readBoolean(),
    router: r.readAddress(),
    totalSupply: r.readBigNumber(),
    reserve0: r.readBigNumber(),
    reserve1: r.readBigNumber(),
    token0Wallet: r.readAddress(),
    token1Wallet: r.readAddress(),
    lpFee: r.readBigNumber(),
    protocolFee: r.readBigNumber(),
    protocolFeeAddress: r.readAddressOpt(),
    collectedProtocolFee0: r.readBigNumber(),
    collectedProtocolFee1: r.readBigNumber(),
  }
  return { ...common, ...POOL_KIND_FACTS[kind].readPoolDataExtra(r) }
}
