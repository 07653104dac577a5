import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import {
  amountParam,
  booleanParam,
  integerParam,
  optionalAddress,
  type Params,
  requiredAddress,
  slippageParam,
  stringListParam,
} from '../http/params.js'

/** The parameters of a swap or reverse-swap simulation, validated. */
export type SwapRequest = {
  readonly offerAddress: string
  readonly askAddress: string
  /** Offer amount (swap) or wanted ask amount (reverse swap), raw units. */
  readonly units: bigint
  readonly slippage: string
  readonly poolAddress: string | undefined
  readonly referralAddress: string | undefined
  /** DEX v2 referral fee; only used with a referral address (default 10 bps, as the SDK). */
  readonly referralBps: bigint | undefined
  readonly dexV2: boolean
  /** Allowed DEX major versions; undefined = no restriction. */
  readonly dexVersions: ReadonlySet<1 | 2> | undefined
}

/**
 * Reads `offer_address`, `ask_address`, `units`, `slippage_tolerance` (required) and
 * `pool_address`, `referral_address`, `referral_fee_bps` (alias `referral_fee`, 0..100),
 * `dex_v2` (default true), `dex_version` (1 and/or 2) (optional).
 *
 * @example
 * ```ts
 * readSwapRequest({ offer_address: ton, ask_address: usdl, units: '5000000000', slippage_tolerance: '0.005' })
 * // { units: 5000000000n, slippage: '0.005', dexV2: true, … }
 * ```
 * @throws {InvalidParameterError} naming the first bad parameter.
 */
export function readSwapRequest(params: Params): SwapRequest {
  const offerAddress = requiredAddress(params, 'offer_address')
  const askAddress = requiredAddress(params, 'ask_address')
  if (offerAddress === askAddress) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'ask_address',
      reason: 'must differ from offer_address',
    })
  }
  const units = amountParam(params, 'units')
  const slippage = slippageParam(params, 'slippage_tolerance')
  const bpsName = params.referral_fee_bps !== undefined ? 'referral_fee_bps' : 'referral_fee'
  const referralBps =
    params[bpsName] === undefined || params[bpsName] === ''
      ? undefined
      : BigInt(integerParam(params, bpsName, { min: 0, max: 100, fallback: 0 }))
  return {
    offerAddress,
    askAddress,
    units,
    slippage,
    poolAddress: optionalAddress(params, 'pool_address'),
    referralAddress: optionalAddress(params, 'referral_address'),
    referralBps,
    dexV2: booleanParam(params, 'dex_v2', true),
    dexVersions: readDexVersions(params),
  }
}

const DEX_VERSION_NAMES = ['dex_version']

function readDexVersions(params: Params): ReadonlySet<1 | 2> | undefined {
  const given = stringListParam(params, DEX_VERSION_NAMES)
  if (given.length === 0) return undefined
  const versions = new Set<1 | 2>()
  for (const value of given.join(',').split(',')) {
    const trimmed = value.trim()
    if (trimmed !== '1' && trimmed !== '2') {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'dex_version',
        reason: 'must be 1 and/or 2',
      })
    }
    versions.add(trimmed === '1' ? 1 : 2)
  }
  return versions
}
