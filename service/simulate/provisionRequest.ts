import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import {
  optionalAddress,
  optionalAmountParam,
  type Params,
  requiredAddress,
  slippageParam,
} from '../http/params.js'

/** The three provision kinds of the wire (`docs/wire.md` §2.11). */
export type ProvisionType = 'Initial' | 'Balanced' | 'Arbitrary'

/** The parameters of a liquidity-provision simulation, validated. */
export type ProvisionRequest = {
  readonly provisionType: ProvisionType
  readonly tokenA: string
  readonly tokenB: string
  /** Undefined only for the side a `Balanced` provision computes. */
  readonly tokenAUnits: bigint | undefined
  readonly tokenBUnits: bigint | undefined
  readonly poolAddress: string | undefined
  readonly walletAddress: string | undefined
  readonly slippage: string
}

/**
 * Reads `provision_type`, `token_a`, `token_b`, `slippage_tolerance` (required),
 * `token_a_units` / `token_b_units` (Initial and Arbitrary: both; Balanced: exactly one),
 * `pool_address` (required for Balanced and Arbitrary) and `wallet_address`.
 *
 * @example
 * ```ts
 * readProvisionRequest({ provision_type: 'Balanced', token_a: ton, token_b: usdl,
 *   token_a_units: '1000000000', pool_address: pool, slippage_tolerance: '0.01' })
 * ```
 * @throws {InvalidParameterError} naming the first bad or missing parameter.
 */
export function readProvisionRequest(params: Params): ProvisionRequest {
  const type = params.provision_type
  if (type === undefined || type === '') {
    throw new InvalidParameterError({
      code: 'MISSING_PARAMETER',
      field: 'provision_type',
      reason: 'is required',
    })
  }
  if (type !== 'Initial' && type !== 'Balanced' && type !== 'Arbitrary') {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'provision_type',
      reason: 'must be Initial, Balanced or Arbitrary',
    })
  }
  const tokenA = requiredAddress(params, 'token_a')
  const tokenB = requiredAddress(params, 'token_b')
  if (tokenA === tokenB) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'token_b',
      reason: 'must differ from token_a',
    })
  }
  // Arbitrary DEX v2 provisions may be single-sided, so a zero amount is well-formed there.
  const allowZero = type === 'Arbitrary'
  const tokenAUnits = optionalAmountParam(params, 'token_a_units', { allowZero })
  const tokenBUnits = optionalAmountParam(params, 'token_b_units', { allowZero })
  const need = (field: string) =>
    new InvalidParameterError({
      code: 'MISSING_PARAMETER',
      field,
      reason: `is required for ${type}`,
    })
  if (type === 'Balanced') {
    if (tokenAUnits !== undefined && tokenBUnits !== undefined) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'token_b_units',
        reason: 'Balanced takes exactly one of token_a_units and token_b_units',
      })
    }
    if (tokenAUnits === undefined && tokenBUnits === undefined) throw need('token_a_units')
  } else {
    if (tokenAUnits === undefined) throw need('token_a_units')
    if (tokenBUnits === undefined) throw need('token_b_units')
  }
  const poolAddress = optionalAddress(params, 'pool_address')
  if (type !== 'Initial' && poolAddress === undefined) throw need('pool_address')
  return {
    provisionType: type,
    tokenA,
    tokenB,
    tokenAUnits,
    tokenBUnits,
    poolAddress,
    walletAddress: optionalAddress(params, 'wallet_address'),
    slippage: slippageParam(params, 'slippage_tolerance'),
  }
}
