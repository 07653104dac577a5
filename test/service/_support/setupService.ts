import type { TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { demoMarketFixture } from '../../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../../protocol/nativeAddress.js'
import { createService } from '../../../service/createService.js'
import type { MarketData } from '../../../store/rows/MarketData.js'
import type { Store } from '../../../store/Store.js'
import { createSqliteStore } from '../../../store/sqlite/createSqliteStore.js'

/** A service over an in-memory store holding `market` (default: the demo market). */
export type TestService = { app: FastifyInstance; store: Store; close(): Promise<void> }

/**
 * Builds the service in-process on a fresh `:memory:` SQLite store; no port is opened.
 * Call `close()` in `afterAll`.
 */
export async function setupService(market: MarketData = demoMarketFixture()): Promise<TestService> {
  const store = createSqliteStore({ path: ':memory:' })
  await store.replaceMarket(market)
  const app = await createService({ store })
  return {
    app,
    store,
    async close() {
      await app.close()
      await store.close()
    },
  }
}

/**
 * Registers `beforeAll` / `afterAll` hooks of the calling file that build a service on `market`
 * (default: the demo market) and close it; the returned object reads the live service, so
 * `service.app` and `service.store` work inside tests.
 */
export function useService(market?: MarketData): TestService {
  let current: TestService | undefined
  beforeAll(async () => {
    current = await setupService(market)
  })
  afterAll(async () => {
    await current?.close()
  })
  const live = () => {
    if (current === undefined) throw new Error('the service is built in beforeAll: use it in tests')
    return current
  }
  return {
    get app() {
      return live().app
    },
    get store() {
      return live().store
    },
    close: () => live().close(),
  }
}

/** Addresses of the demo market by name, read from the market itself. */
export function demoAddresses(market: MarketData = demoMarketFixture()) {
  const asset = (symbol: string) => {
    const found = market.assets.find((a) => a.symbol === symbol)
    if (found === undefined) throw new Error(`no demo asset ${symbol}`)
    return found.address
  }
  const router = (major: number, minor: number, type: string) => {
    const found = market.routers.find(
      (r) => r.majorVersion === major && r.minorVersion === minor && r.routerType === type,
    )
    if (found === undefined) throw new Error(`no demo router ${major}.${minor} ${type}`)
    return found.address
  }
  const pool = (routerAddress: string, a: string, b: string) => {
    const found = market.pools.find(
      (p) =>
        p.routerAddress === routerAddress &&
        [p.token0Address, p.token1Address].sort().join() === [a, b].sort().join(),
    )
    if (found === undefined) throw new Error('no such demo pool')
    return found
  }
  return { asset, router, pool }
}

/** Query parameters of a request: an array becomes repeated keys, `undefined` is left out. */
export type Query = Record<string, string | string[] | undefined>

/** The swap request the simulation tests vary: 5 TON for USDL at 0.5 % slippage, `extra` on top. */
export function swapQuery(extra: Query = {}): Query {
  return {
    offer_address: NATIVE_ADDRESS,
    ask_address: demoAddresses().asset('USDL'),
    units: '5000000000',
    slippage_tolerance: '0.005',
    ...extra,
  }
}

/** Builds a URL with query parameters (arrays become repeated keys). */
export function url(path: string, query: Query): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item)
  }
  const text = search.toString()
  return text === '' ? path : `${path}?${text}`
}

/**
 * Asserts `body` matches a response schema, listing the first mismatches otherwise. A small
 * JSON-Schema checker for the keywords the wire schemas use (type, including type arrays,
 * properties, required, items, enum, pattern, minimum, minItems, maxItems, anyOf): it checks
 * the schemas as the serializer and the OpenAPI document read them.
 */
export function expectShape(schema: TSchema, body: unknown): void {
  const errors = check(schema as unknown as JsonSchema, body, '$')
  if (errors.length > 0) {
    throw new Error(`response does not match its schema:\n${errors.slice(0, 5).join('\n')}`)
  }
}

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  pattern?: string
  minimum?: number
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function check(schema: JsonSchema, value: unknown, path: string): string[] {
  if (schema.anyOf !== undefined) {
    return schema.anyOf.some((branch) => check(branch, value, path).length === 0)
      ? []
      : [`${path}: matches no anyOf branch`]
  }
  const actual = typeOf(value)
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type]
    const ok = allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'))
    if (!ok) return [`${path}: is ${actual}, expected ${allowed.join('|')}`]
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) return [`${path}: not in enum`]
  if (
    typeof value === 'string' &&
    schema.pattern !== undefined &&
    !new RegExp(schema.pattern).test(value)
  ) {
    return [`${path}: does not match ${schema.pattern}`]
  }
  if (typeof value === 'number' && schema.minimum !== undefined && value < schema.minimum) {
    return [`${path}: below ${schema.minimum}`]
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      return [`${path}: too short`]
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      return [`${path}: too long`]
    const items = schema.items
    return items === undefined
      ? []
      : value.flatMap((item, i) => check(items, item, `${path}[${i}]`))
  }
  if (actual === 'object' && schema.properties !== undefined) {
    const object = value as Record<string, unknown>
    const errors = (schema.required ?? [])
      .filter((key) => !Object.hasOwn(object, key))
      .map((key) => `${path}.${key}: missing`)
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (Object.hasOwn(object, key)) errors.push(...check(sub, object[key], `${path}.${key}`))
    }
    const extra = Object.keys(object).filter((key) => !Object.hasOwn(schema.properties ?? {}, key))
    return [...errors, ...extra.map((key) => `${path}.${key}: not in the schema`)]
  }
  return []
}

/** Asserts an error answer: status, code, and (when given) field. */
export function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  field?: string,
): void {
  const body = response.json() as { error?: { code?: string; field?: string; message?: string } }
  const expected: Record<string, unknown> = { code, message: expect.any(String) }
  if (field !== undefined) expected.field = field
  if (response.statusCode !== status || body.error?.code !== code) {
    throw new Error(
      `expected ${status} ${code}, got ${response.statusCode} ${JSON.stringify(body)}`,
    )
  }
  expect(body.error).toMatchObject(expected)
}
