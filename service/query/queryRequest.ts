import { canonicalAddressText } from '../../protocol/addressText.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import {
  integerParam,
  optionalAddress,
  optionalStringParam,
  type Params,
  stringListParam,
} from '../http/params.js'
import { type ConditionNode, MAX_CONDITION_LENGTH, parseCondition } from './condition.js'

/** Rows a query returns when `limit` is absent. */
export const DEFAULT_QUERY_LIMIT = 100
/** Most rows a query returns; a larger `limit` is lowered to this. */
export const MAX_QUERY_LIMIT = 1000

/** The parameters shared by `assets/query`, `assets/search`, `pools/query` and `pool/query`. */
export type QueryRequest = {
  /** Absent: no condition was given. */
  readonly condition: ConditionNode | undefined
  readonly searchTerms: readonly string[]
  /** Canonical addresses always included. */
  readonly unconditional: readonly string[]
  readonly sortBy: readonly string[]
  readonly limit: number
  readonly walletAddress: string | undefined
}

/**
 * Reads the query parameters in either style real clients send: JSON body with plural names
 * (`search_terms`, `unconditional_assets`) or query string with singular repeated keys
 * (`search_term`, `unconditional_asset`); both spellings are accepted in both places.
 * `extraSearchNames` adds legacy names (`search_string` of `assets/search`).
 *
 * @example
 * ```ts
 * readQueryRequest({ condition: 'asset:popular', search_term: 'TON', limit: '5' })
 * // { condition: { kind: 'atom', name: 'asset:popular' }, searchTerms: ['TON'], limit: 5, … }
 * ```
 * @throws {InvalidParameterError} for a bad condition, address, limit or list.
 */
export function readQueryRequest(params: Params, extraSearchNames: string[] = []): QueryRequest {
  const conditionText = optionalStringParam(params, 'condition', MAX_CONDITION_LENGTH)
  const unconditionalNames = ['unconditional_assets', 'unconditional_asset']
  const unconditional = stringListParam(params, unconditionalNames).map((value) =>
    canonicalAddress(value, 'unconditional_assets'),
  )
  const limit = integerParam(params, 'limit', {
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    fallback: DEFAULT_QUERY_LIMIT,
  })
  return {
    condition: conditionText === undefined ? undefined : parseCondition(conditionText),
    searchTerms: stringListParam(params, ['search_terms', 'search_term', ...extraSearchNames]),
    unconditional,
    sortBy: stringListParam(params, ['sort_by']),
    limit: Math.min(limit, MAX_QUERY_LIMIT),
    walletAddress: optionalAddress(params, 'wallet_address'),
  }
}

/**
 * Whether a search term matches an entity: a term that is an address matches the entity's own
 * address(es); any other term matches when it is a case-insensitive substring of one of its
 * texts (symbols, display names).
 *
 * @example
 * ```ts
 * matchesSearch('usd', { addresses: [usdl.address], texts: ['USDL', 'Lab Dollar'] }) // true
 * ```
 */
export function matchesSearch(
  term: string,
  entity: { readonly addresses: readonly string[]; readonly texts: readonly (string | null)[] },
): boolean {
  const address = canonicalAddressText(term)
  if (address !== undefined) return entity.addresses.includes(address)
  const needle = term.toLowerCase()
  return entity.texts.some((text) => text?.toLowerCase().includes(needle) ?? false)
}

/**
 * Applies the shared selection rule of the query endpoints: an entity is returned when it
 * passes the condition AND matches at least one search term (each check skipped when its
 * parameter is absent; with neither a condition nor search terms nothing matches), or when it
 * is unconditional. Unconditional entities are always kept; the others fill the result up to
 * `limit`; the result is in `compare` order.
 *
 * @example
 * ```ts
 * selectRows(assets, request, { passes, searchable, isUnconditional, compare })
 * ```
 */
export function selectRows<T>(
  rows: readonly T[],
  request: QueryRequest,
  rules: {
    readonly passes: (row: T, condition: ConditionNode) => boolean
    readonly matches: (row: T, term: string) => boolean
    readonly isUnconditional: (row: T) => boolean
    readonly compare: (a: T, b: T) => number
  },
): T[] {
  const { condition, searchTerms } = request
  const nothingAsked = condition === undefined && searchTerms.length === 0
  const kept: T[] = []
  const others: T[] = []
  for (const row of rows) {
    if (rules.isUnconditional(row)) {
      kept.push(row)
      continue
    }
    if (nothingAsked) continue
    if (condition !== undefined && !rules.passes(row, condition)) continue
    if (searchTerms.length > 0 && !searchTerms.some((term) => rules.matches(row, term))) continue
    others.push(row)
  }
  others.sort(rules.compare)
  return [...kept, ...others.slice(0, Math.max(0, request.limit - kept.length))].sort(rules.compare)
}
