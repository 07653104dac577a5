import type { Address, Cell } from '@ton/core'
import { DEX_V2_OP } from './opCodes.js'

/**
 * A decoded DEX v2 `pay_to` (pool → router, `contracts.md` §2.13).
 *
 * @example
 * ```ts
 * decodeDexV2PayTo(body) // { exitCode: 0xc64370e5, fwdTonAmount: 0n, amount0: 0n, amount1: 1992015968n, … }
 * ```
 */
export type DexV2PayTo = {
  readonly queryId: bigint
  readonly to: Address
  readonly excesses: Address | null
  readonly originalCaller: Address | null
  /** 32-bit exit code: `swap_ok`, a refund reason, `burn_ok`, `refund_ok`, or 0 (fees). */
  readonly exitCode: number
  readonly customPayload: Cell | null
  readonly fwdTonAmount: bigint
  readonly amount0: bigint
  readonly token0: Address
  readonly amount1: bigint
  readonly token1: Address
}

/**
 * Decodes a DEX v2 `pay_to` body, or returns `undefined` for any other op.
 *
 * @example
 * ```ts
 * decodeDexV2PayTo(message.body)?.exitCode // 0xc64370e5 (swap_ok)
 * ```
 */
export function decodeDexV2PayTo(body: Cell): DexV2PayTo | undefined {
  const s = body.beginParse()
  if (s.remainingBits < 32 || s.loadUint(32) !== DEX_V2_OP.payTo) return undefined
  const queryId = s.loadUintBig(64)
  const to = s.loadAddress()
  const excesses = s.loadMaybeAddress()
  const originalCaller = s.loadMaybeAddress()
  const exitCode = s.loadUint(32)
  const customPayload = s.loadMaybeRef()
  const amounts = s.loadRef().beginParse()
  return {
    queryId,
    to,
    excesses,
    originalCaller,
    exitCode,
    customPayload,
    fwdTonAmount: amounts.loadCoins(),
    amount0: amounts.loadCoins(),
    token0: amounts.loadAddress(),
    amount1: amounts.loadCoins(),
    token1: amounts.loadAddress(),
  }
}

/**
 * A decoded DEX v2 `pay_vault` (pool → router: a referral fee for `to`'s vault).
 *
 * @example
 * ```ts
 * decodeDexV2PayVault(body) // { to: referrer, amount0: 0n, amount1: 1994010n, … }
 * ```
 */
export type DexV2PayVault = {
  readonly to: Address
  readonly amount0: bigint
  readonly token0: Address
  readonly amount1: bigint
  readonly token1: Address
}

/**
 * Decodes a DEX v2 `pay_vault` body, or returns `undefined` for any other op.
 *
 * @example
 * ```ts
 * decodeDexV2PayVault(message.body)?.amount1 // the referral fee in token1
 * ```
 */
export function decodeDexV2PayVault(body: Cell): DexV2PayVault | undefined {
  const s = body.beginParse()
  if (s.remainingBits < 32 || s.loadUint(32) !== DEX_V2_OP.payVault) return undefined
  s.loadUintBig(64)
  const to = s.loadAddress()
  s.loadMaybeAddress()
  const amounts = s.loadRef().beginParse()
  return {
    to,
    amount0: amounts.loadCoins(),
    token0: amounts.loadAddress(),
    amount1: amounts.loadCoins(),
    token1: amounts.loadAddress(),
  }
}
