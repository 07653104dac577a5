import type { Slice } from '@ton/core'
import { readInternalSetParams, readSetParams } from '../dex/setParams.js'
import { OP_CODES } from '../opCodes.js'
import type { V2PoolDataReply } from './AdminBody.js'
import { type DecoderEntry, onlyQueryId } from './Decoder.js'
import { loadAddress, loadCoins } from './slices.js'

/**
 * Decoders of the exchange's administrative and on-chain getter messages (`docs/contracts.md` §1.7,
 * §2.13): fee changes, DEX v2 kind parameters (`set_params`, `set_rate`), locks, pool gas
 * resets and the DEX v2 getters. One op with two layouts (admin → router and router → pool, or
 * a getter request and its reply) is told apart by what follows the query id; so are the three
 * pool types' `set_params` layouts.
 *
 * @example
 * ```ts
 * new Map(ADMIN_DECODERS).get(OP_CODES.v2InternalSetFees)?.(slice, 0n)
 * // { type: 'v2.internal_set_fees', queryId: 0n, lpFee: 25n, protocolFee: 5n, … }
 * ```
 */
export const ADMIN_DECODERS: readonly DecoderEntry[] = [
  [
    OP_CODES.v1SetFees,
    (s, queryId) => {
      const lpFee = BigInt(s.loadUint(8))
      const protocolFee = BigInt(s.loadUint(8))
      const refFee = BigInt(s.loadUint(8))
      const protocolFeeAddress = loadAddress(s)
      // Admin → router carries ^[wallet0 wallet1]; the router → pool form stops here.
      const wallets = s.remainingRefs > 0 ? s.loadRef().beginParse() : undefined
      return {
        type: 'v1.set_fees',
        queryId,
        ...{ lpFee, protocolFee, refFee, protocolFeeAddress },
        wallet0: wallets === undefined ? null : loadAddress(wallets),
        wallet1: wallets === undefined ? null : loadAddress(wallets),
      }
    },
  ],
  [OP_CODES.v1Lock, onlyQueryId('v1.lock')],
  [OP_CODES.v1Unlock, onlyQueryId('v1.unlock')],
  [
    OP_CODES.v2SetFees,
    (s, queryId) => {
      const lpFee = BigInt(s.loadUint(16))
      const protocolFee = BigInt(s.loadUint(16))
      const protocolFeeAddress = loadAddress(s)
      const wallets = s.loadRef().beginParse()
      return {
        type: 'v2.set_fees',
        queryId,
        ...{ lpFee, protocolFee, protocolFeeAddress },
        wallet0: loadAddress(wallets),
        wallet1: loadAddress(wallets),
        excesses: loadAddress(wallets),
      }
    },
  ],
  [
    OP_CODES.v2InternalSetFees,
    (s, queryId) => ({
      type: 'v2.internal_set_fees',
      queryId,
      lpFee: BigInt(s.loadUint(16)),
      protocolFee: BigInt(s.loadUint(16)),
      protocolFeeAddress: loadAddress(s),
      excesses: loadAddress(s),
    }),
  ],
  [OP_CODES.v2UpdateStatus, onlyQueryId('v2.update_status')],
  [
    OP_CODES.v2UpdatePoolStatus,
    (s, queryId) => ({
      type: 'v2.update_pool_status',
      queryId,
      wallet0: loadAddress(s),
      wallet1: loadAddress(s),
      excesses: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2InternalUpdateStatus,
    (s, queryId) => ({ type: 'v2.internal_update_status', queryId, excesses: loadAddress(s) }),
  ],
  [
    OP_CODES.v2ResetPoolGas,
    (s, queryId) => {
      // Admin → router: `wallet0 wallet1 excesses`; router → pool: `excesses`.
      const first = loadAddress(s)
      if (s.remainingBits === 0) {
        return { type: 'v2.reset_pool_gas', queryId, wallet0: null, wallet1: null, excesses: first }
      }
      const wallet1 = loadAddress(s)
      return {
        type: 'v2.reset_pool_gas',
        queryId,
        wallet0: first,
        wallet1,
        excesses: loadAddress(s),
      }
    },
  ],
  // Each kind's layouts are its `POOL_KIND_FACTS[kind].setParams`, told apart by their shape.
  [OP_CODES.v2SetParams, (s, queryId) => ({ type: 'v2.set_params', queryId, ...readSetParams(s) })],
  [
    OP_CODES.v2InternalSetParams,
    (s, queryId) => ({ type: 'v2.internal_set_params', queryId, ...readInternalSetParams(s) }),
  ],
  [
    OP_CODES.v2SetRate,
    (s, queryId) => ({ type: 'v2.set_rate', queryId, rate: s.loadUintBig(128) }),
  ],
  [
    OP_CODES.v2GetterPoolAddress,
    (s, queryId) => {
      // Request: `token0 token1`; reply: `pool`.
      const first = loadAddress(s)
      if (s.remainingBits === 0) {
        return { type: 'v2.getter_pool_address', queryId, token0: null, token1: null, pool: first }
      }
      return {
        type: 'v2.getter_pool_address',
        queryId,
        token0: first,
        token1: loadAddress(s),
        pool: null,
      }
    },
  ],
  [
    OP_CODES.v2GetterPoolData,
    (s, queryId) => ({
      type: 'v2.getter_pool_data',
      queryId,
      reply: isEmpty(s) ? null : poolDataReply(s),
    }),
  ],
  [
    OP_CODES.v2GetterLpAccountAddress,
    (s, queryId) => ({
      type: 'v2.getter_lp_account_address',
      queryId,
      address: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2GetterLpAccountData,
    (s, queryId) => ({
      type: 'v2.getter_lp_account_data',
      queryId,
      reply: isEmpty(s)
        ? null
        : {
            user: loadAddress(s),
            pool: loadAddress(s),
            amount0: loadCoins(s),
            amount1: loadCoins(s),
          },
    }),
  ],
]

function isEmpty(s: Slice): boolean {
  return s.remainingBits === 0 && s.remainingRefs === 0
}

function poolDataReply(s: Slice): V2PoolDataReply {
  const isLocked = s.loadBit()
  const reserve0 = loadCoins(s)
  const reserve1 = loadCoins(s)
  const token0 = loadAddress(s)
  const token1 = loadAddress(s)
  const tail = s.loadRef().beginParse()
  return {
    ...{ isLocked, reserve0, reserve1, token0, token1 },
    lpFee: BigInt(tail.loadUint(16)),
    protocolFee: BigInt(tail.loadUint(16)),
    router: loadAddress(tail),
    protocolFeeAddress: loadAddress(tail),
    totalSupply: loadCoins(tail),
    collectedProtocolFee0: loadCoins(tail),
    collectedProtocolFee1: loadCoins(tail),
  }
}
