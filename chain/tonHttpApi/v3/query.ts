import { Address } from '@ton/core'
import { Params, type RawParams } from '../params.js'
import { invalidParameter } from '../TonHttpApiError.js'

/** Most rows one toncenter v3 list answers (`limit` ≤ 1000), as toncenter's API v3. */
export const V3_MAX_LIMIT = 1000

/** Most values a repeated parameter (`account`, `address`, `msg_hash`, …) may hold. */
export const V3_MAX_LIST = 1000

/**
 * The query string of a toncenter v3 request: repeated parameters (`account=A&account=B`) as
 * lists, every other parameter once. Every failure is a 400 naming the parameter.
 *
 * @example
 * ```ts
 * const query = new V3Query({ account: ['0:83DF…', 'EQB…'], limit: '100' })
 * query.addresses('account').length // 2
 * query.limit() // 100
 * ```
 */
export class V3Query {
  /** The single-valued parameters, read with the v2 API's validators. */
  readonly params: Params
  private readonly raw: RawParams

  constructor(raw: RawParams) {
    this.raw = raw
    const single: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(raw)) {
      single[name] = Array.isArray(value) ? value.at(-1) : value
    }
    this.params = new Params(single)
  }

  /** Whether the parameter is present (and not empty). */
  has(name: string): boolean {
    const values = this.list(name)
    return values.length > 0
  }

  /**
   * Every value of a repeated parameter (empty when absent): `name=A&name=B` (toncenter's form),
   * and, for convenience, `name=A,B` (no address or hash contains a comma).
   */
  list(name: string): string[] {
    const value = this.raw[name]
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
    const out: string[] = []
    for (const v of values) {
      if (v === null || v === '') continue
      if (typeof v !== 'string' && typeof v !== 'number')
        throw invalidParameter(name, 'not a string')
      for (const part of String(v).split(',')) if (part !== '') out.push(part)
    }
    if (out.length > V3_MAX_LIST) throw invalidParameter(name, `at most ${V3_MAX_LIST} values`)
    return out
  }

  /** A parameter that must be given at most once. */
  once(name: string): void {
    if (this.list(name).length > 1) throw invalidParameter(name, 'given more than once')
  }

  /** Every value of a repeated address parameter, parsed (raw, bounceable or not). */
  addresses(name: string): Address[] {
    return this.list(name).map((text) => {
      try {
        return Address.parse(text)
      } catch {
        throw invalidParameter(name, `not a TON address: ${JSON.stringify(text.slice(0, 80))}`)
      }
    })
  }

  /** Every value of a repeated 32-byte hash parameter (hex, base64 or base64url). */
  hashes(name: string): Buffer[] {
    return this.list(name).map((text) => new Params({ [name]: text }).hash(name))
  }

  /** An optional non-negative integer given once. */
  optionalUint(name: string): bigint | undefined {
    if (!this.has(name)) return undefined
    this.once(name)
    const value = this.params.bigint(name)
    if (value < 0n) throw invalidParameter(name, 'must not be negative')
    return value
  }

  /**
   * `limit`: 1 to 1000, default `fallback`: 100, ton-index-go's `-default-limit` (its Swagger
   * text says 10; the code reads the flag).
   */
  limit(fallback = 100): number {
    this.once('limit')
    return this.params.int('limit', { min: 1, max: V3_MAX_LIMIT, fallback })
  }

  /** `offset`: 0 or more, default 0. */
  offset(): number {
    this.once('offset')
    return this.params.int('offset', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 })
  }

  /** `sort`: `asc` or `desc` (default `fallback`). */
  sort(fallback: 'asc' | 'desc' = 'desc'): 'asc' | 'desc' {
    if (!this.has('sort')) return fallback
    this.once('sort')
    const value = this.params.string('sort')
    if (value !== 'asc' && value !== 'desc') throw invalidParameter('sort', 'must be asc or desc')
    return value
  }

  /** An optional boolean given once (`true`/`false`/`1`/`0`). */
  boolean(name: string, fallback: boolean): boolean {
    this.once(name)
    return this.params.boolean(name, fallback)
  }
}
