import { MAX_COINS } from '../../core/pool/PoolState.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

/**
 * Readers of request parameters. Each takes the merged parameters of a request (query string
 * and JSON body), validates one parameter by its wire name and returns it typed, or throws a
 * 400 {@link InvalidParameterError} naming it. An empty string counts as absent.
 * @module
 */

/** A request's parameters after merging query string, JSON body and path. */
export type Params = Readonly<Record<string, unknown>>

/** The value of `name`, `undefined` when absent, null or empty. */
function raw(params: Params, name: string): unknown {
  const value = Object.hasOwn(params, name) ? params[name] : undefined
  return value === null || value === '' ? undefined : value
}

function missing(name: string): InvalidParameterError {
  return new InvalidParameterError({
    code: 'MISSING_PARAMETER',
    field: name,
    reason: 'is required',
  })
}

/**
 * A required address parameter, in canonical form.
 *
 * @example
 * ```ts
 * requiredAddress({ offer_address: '0:00…00' }, 'offer_address') // 'EQAAAA…M9c'
 * ```
 * @throws {InvalidParameterError} `MISSING_PARAMETER` or `INVALID_ADDRESS`.
 */
export function requiredAddress(params: Params, name: string): string {
  const value = raw(params, name)
  if (value === undefined) throw missing(name)
  return canonicalAddress(value, name)
}

/**
 * An optional address parameter, in canonical form.
 *
 * @example
 * ```ts
 * optionalAddress({}, 'pool_address') // undefined
 * optionalAddress({ pool_address: 'nope' }, 'pool_address') // throws INVALID_ADDRESS
 * ```
 */
export function optionalAddress(params: Params, name: string): string | undefined {
  const value = raw(params, name)
  return value === undefined ? undefined : canonicalAddress(value, name)
}

const DIGITS = /^[0-9]{1,40}$/

/**
 * An amount of raw units: a decimal integer string (or a safe integer in a JSON body) from 1
 * (0 with `allowZero`) to 2^120 − 1.
 *
 * @example
 * ```ts
 * amountParam({ units: '5000000000' }, 'units') // 5000000000n
 * amountParam({ units: '-1' }, 'units') // throws InvalidParameterError { code: 'INVALID_AMOUNT' }
 * ```
 * @throws {InvalidParameterError} `MISSING_PARAMETER` or `INVALID_AMOUNT`.
 */
export function amountParam(
  params: Params,
  name: string,
  { allowZero = false }: { allowZero?: boolean } = {},
): bigint {
  const value = raw(params, name)
  if (value === undefined) throw missing(name)
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string') throw invalidAmount(name, 'must be an integer string of raw units')
  if (text.startsWith('-')) throw invalidAmount(name, 'must not be negative')
  if (!DIGITS.test(text)) throw invalidAmount(name, 'must be an integer string of raw units')
  const amount = BigInt(text)
  if (amount === 0n && !allowZero) throw invalidAmount(name, 'must be positive')
  if (amount > MAX_COINS) throw invalidAmount(name, 'must not exceed 2^120 - 1')
  return amount
}

function invalidAmount(field: string, reason: string): InvalidParameterError {
  return new InvalidParameterError({ code: 'INVALID_AMOUNT', field, reason })
}

/**
 * {@link amountParam} when the parameter may be absent.
 *
 * @example
 * ```ts
 * optionalAmountParam({ token_b_units: '0' }, 'token_b_units', { allowZero: true }) // 0n
 * optionalAmountParam({}, 'token_b_units') // undefined
 * ```
 */
export function optionalAmountParam(
  params: Params,
  name: string,
  options: { allowZero?: boolean } = {},
): bigint | undefined {
  return raw(params, name) === undefined ? undefined : amountParam(params, name, options)
}

const DECIMAL = /^[0-9]{1,20}(\.[0-9]{1,30})?$/

/**
 * A slippage tolerance: a decimal fraction from 0 to 1 (`"0.001"` = 0.1 %), returned as the
 * decimal string core's `minAskAmount` takes.
 *
 * @example
 * ```ts
 * slippageParam({ slippage_tolerance: '0.005' }, 'slippage_tolerance') // '0.005'
 * slippageParam({ slippage_tolerance: '2' }, 'slippage_tolerance') // throws INVALID_SLIPPAGE
 * ```
 * @throws {InvalidParameterError} `MISSING_PARAMETER` or `INVALID_SLIPPAGE`.
 */
export function slippageParam(params: Params, name: string): string {
  const value = raw(params, name)
  if (value === undefined) throw missing(name)
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !DECIMAL.test(text)) {
    throw new InvalidParameterError({
      code: 'INVALID_SLIPPAGE',
      field: name,
      reason: 'must be a decimal fraction like "0.01"',
    })
  }
  const [whole = '', fraction = ''] = text.split('.')
  if (BigInt(whole) > 1n || (BigInt(whole) === 1n && /[1-9]/.test(fraction))) {
    throw new InvalidParameterError({
      code: 'INVALID_SLIPPAGE',
      field: name,
      reason: 'must be between 0 and 1',
    })
  }
  return text
}

/**
 * A boolean flag (`true`/`false`; the JSON literals or the strings).
 *
 * @example
 * ```ts
 * booleanParam({ dex_v2: 'false' }, 'dex_v2', true) // false
 * booleanParam({}, 'dex_v2', true) // true
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER`.
 */
export function booleanParam(params: Params, name: string, fallback: boolean): boolean {
  const value = raw(params, name)
  if (value === undefined) return fallback
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw new InvalidParameterError({
    code: 'INVALID_PARAMETER',
    field: name,
    reason: 'must be true or false',
  })
}

/**
 * An integer parameter within `[min, max]`, `fallback` when absent.
 *
 * @example
 * ```ts
 * integerParam({ limit: '20' }, 'limit', { min: 1, max: 1000, fallback: 100 }) // 20
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER`.
 */
export function integerParam(
  params: Params,
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const found = raw(params, name)
  if (found === undefined) return fallback
  const text = typeof found === 'number' ? String(found) : found
  const value = typeof text === 'string' && /^-?[0-9]{1,15}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: name,
      reason: `must be an integer from ${min} to ${max}`,
    })
  }
  return value
}

/**
 * An optional string parameter (at most `maxLength` characters).
 *
 * @throws {InvalidParameterError} `INVALID_PARAMETER` for a non-string or an overlong value.
 *
 * @example
 * ```ts
 * optionalStringParam({ condition: 'asset:popular' }, 'condition') // 'asset:popular'
 * ```
 */
export function optionalStringParam(
  params: Params,
  name: string,
  maxLength = 4096,
): string | undefined {
  const found = raw(params, name)
  if (found === undefined) return undefined
  if (typeof found !== 'string' || found.length > maxLength) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: name,
      reason: `must be a string of at most ${maxLength} characters`,
    })
  }
  return found
}

/**
 * A list of strings given under any of `names` (e.g. the plural JSON-body name and the
 * singular repeated query key): one string or an array of strings. Values of every present
 * alias are concatenated.
 *
 * @example
 * ```ts
 * stringListParam({ search_term: ['TON', 'USDL'] }, ['search_terms', 'search_term']) // ['TON', 'USDL']
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER` for anything but strings (at most 100).
 */
export function stringListParam(params: Params, names: readonly string[]): string[] {
  const values: string[] = []
  for (const name of names) {
    const found = raw(params, name)
    if (found === undefined) continue
    const list = Array.isArray(found) ? found : [found]
    if (
      list.length > 100 ||
      !list.every((item) => typeof item === 'string' && item.length <= 4096)
    ) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: name,
        reason: 'must be a string or a list of at most 100 strings',
      })
    }
    for (const item of list) if (item !== '') values.push(item as string)
  }
  return values
}
