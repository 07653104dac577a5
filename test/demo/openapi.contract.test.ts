import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoMarket } from '../../demo/seedDemoMarket.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/**
 * The OpenAPI document describes every route, and every route answers what its document says:
 * each operation declares its parameters and a 200 response schema, and a recorded answer of
 * each (over a short emulated demo, so history routes have data) validates against it.
 */
type Schema = {
  type?: string | string[]
  nullable?: boolean
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  enum?: unknown[]
  pattern?: string
  minimum?: number
  maximum?: number
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}
type Operation = {
  parameters?: { in: string; name: string }[]
  requestBody?: unknown
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

/** Routes that take no parameter at all. */
const PARAMETERLESS = new Set([
  'GET /v1/assets',
  'GET /export/marketdata/v1',
  'GET /export/cmc/v1',
  'GET /export/screener/v1/latest-block',
  'GET /export/dexscreener/v1/latest-block',
])

let store: Store
let app: Awaited<ReturnType<typeof createService>>
let doc: { paths: Record<string, Record<string, Operation>> }
const requests = new Map<string, { url: string; payload?: Record<string, unknown> }>()

beforeAll(async () => {
  store = createSqliteStore({ path: ':memory:' })
  await seedDemoMarket(store, { swaps: 20 })
  app = await createService({ store })
  doc = (await app.inject('/openapi.json')).json()
  const get = async (url: string) => (await app.inject(url)).json()

  // Real addresses and hashes of the demo, read from the API itself.
  const pools = (await get('/v1/pools')).pool_list as {
    address: string
    router_address: string
    token0_address: string
    token1_address: string
  }[]
  const farm = (await get('/v1/farms')).farm_list[0] as { minter_address: string }
  const range = 'since=2023-11-14T00:00:00&until=2023-11-15T00:00:00'
  const ops = (await get(`/v1/stats/operations?${range}`)).operations as {
    operation: {
      operation_type: string
      wallet_address: string
      wallet_tx_hash: string
      referral_address: string | null
      router_address: string
      pool_address: string
    }
  }[]
  const swap = ops.find((o) => o.operation.operation_type === 'swap')?.operation
  const referred = ops.find((o) => o.operation.referral_address !== null)?.operation
  const [pool] = pools
  if (pool === undefined || swap === undefined || referred === undefined) {
    throw new Error('the demo has no pools or swaps')
  }
  const indexed = pools.find((p) => p.address === swap.pool_address) ?? pool
  const wallet = swap.wallet_address
  const asset = indexed.token1_address
  const simulate = `offer_address=${indexed.token0_address}&ask_address=${indexed.token1_address}&units=1000000&slippage_tolerance=0.01`
  const latest = (await get('/export/dexscreener/v1/latest-block')).block.blockNumber
  const referrer = `referrer_address=${referred.referral_address}&${range}`
  const put = (key: string, url: string, payload?: Record<string, unknown>) =>
    requests.set(key, payload === undefined ? { url } : { url, payload })

  put('GET /v1/routers', '/v1/routers')
  put('GET /v1/routers/{address}', `/v1/routers/${pool.router_address}`)
  put('GET /v1/markets', '/v1/markets')
  put('GET /v1/assets', '/v1/assets')
  put('GET /v1/assets/{address}', `/v1/assets/${asset}`)
  put('POST /v1/assets/query', '/v1/assets/query', { condition: 'asset:essential' })
  put('POST /v1/assets/search', '/v1/assets/search?search_string=US')
  put(
    'GET /v1/jetton/{address}/address',
    `/v1/jetton/${asset}/address?owner_address=${indexed.router_address}`,
  )
  put('GET /v1/pools', '/v1/pools')
  put('GET /v1/pools/{address}', `/v1/pools/${indexed.address}`)
  put(
    'GET /v1/pools/by_market/{asset0}/{asset1}',
    `/v1/pools/by_market/${indexed.token0_address}/${indexed.token1_address}`,
  )
  put('POST /v1/pools/query', '/v1/pools/query?condition=true')
  put('POST /v1/pool/query', '/v1/pool/query?condition=true')
  put('GET /v1/farms', '/v1/farms')
  put('GET /v1/farms/{address}', `/v1/farms/${farm.minter_address}`)
  put('GET /v1/farms/by_pool/{pool_address}', `/v1/farms/by_pool/${indexed.address}`)
  put('GET /v1/farms_by_pool/{pool_address}', `/v1/farms_by_pool/${indexed.address}`)
  put('GET /v1/wallets/{address}/assets', `/v1/wallets/${wallet}/assets`)
  put('GET /v1/wallets/{address}/assets/{asset}', `/v1/wallets/${wallet}/assets/${asset}`)
  put('GET /v1/wallets/{address}/pools', `/v1/wallets/${wallet}/pools`)
  put('GET /v1/wallets/{address}/pools/{pool}', `/v1/wallets/${wallet}/pools/${indexed.address}`)
  put('GET /v1/wallets/{address}/farms', `/v1/wallets/${wallet}/farms`)
  put(
    'GET /v1/wallets/{address}/farms/{farm}',
    `/v1/wallets/${wallet}/farms/${farm.minter_address}`,
  )
  put('GET /v1/wallets/{address}/stakes', `/v1/wallets/${wallet}/stakes`)
  put('GET /v1/wallets/{address}/stake', `/v1/wallets/${wallet}/stake`)
  put('GET /v1/wallets/{address}/fee_vaults', `/v1/wallets/${referred.referral_address}/fee_vaults`)
  put('POST /v1/swap/simulate', `/v1/swap/simulate?${simulate}`)
  put('POST /v1/reverse_swap/simulate', `/v1/reverse_swap/simulate?${simulate}`)
  put(
    'POST /v1/liquidity_provision/simulate',
    `/v1/liquidity_provision/simulate?provision_type=Balanced&token_a=${indexed.token0_address}&token_b=${indexed.token1_address}&token_a_units=1000000&pool_address=${indexed.address}&slippage_tolerance=0.01`,
  )
  put('GET /v1/wallets/{address}/operations', `/v1/wallets/${wallet}/operations?${range}`)
  put('GET /v1/wallets/{address}/transactions/last', `/v1/wallets/${wallet}/transactions/last`)
  put(
    'GET /v1/swap/status',
    `/v1/swap/status?router_address=${swap.router_address}&owner_address=${wallet}&query_id=0`,
  )
  put('GET /v1/transactions/query', `/v1/transactions/query?wallet_address=${wallet}&query_id=0`)
  put('POST /v1/transaction/query', '/v1/transaction/query', { ext_msg_hash: swap.wallet_tx_hash })
  put('GET /v1/stats/fee_accruals', `/v1/stats/fee_accruals?${referrer}`)
  put('GET /v1/stats/fee_withdrawals', `/v1/stats/fee_withdrawals?${referrer}`)
  put('GET /v1/stats/fees', `/v1/stats/fees?${referrer}`)
  put(
    'GET /v1/transactions/{hash}/action_tree',
    `/v1/transactions/${swap.wallet_tx_hash}/action_tree`,
  )
  put('POST /v1/transaction/action_tree', '/v1/transaction/action_tree', {
    tx_hash: swap.wallet_tx_hash,
  })
  put('GET /v1/stats/dex', `/v1/stats/dex?${range}`)
  put('GET /v1/stats/pool', `/v1/stats/pool?${range}`)
  put('GET /v1/stats/operations', `/v1/stats/operations?${range}`)
  put('GET /v1/stats/staking', '/v1/stats/staking')
  put('GET /v1/stats/stake', '/v1/stats/stake')
  for (const prefix of ['/export/marketdata/v1', '/export/cmc/v1']) put(`GET ${prefix}`, prefix)
  for (const prefix of ['/export/screener/v1', '/export/dexscreener/v1']) {
    put(`GET ${prefix}/latest-block`, `${prefix}/latest-block`)
    put(`GET ${prefix}/asset/{address}`, `${prefix}/asset/${asset}`)
    put(`GET ${prefix}/pair/{address}`, `${prefix}/pair/${indexed.address}`)
    put(`GET ${prefix}/events`, `${prefix}/events?fromBlock=0&toBlock=${latest}`)
  }
})
afterAll(async () => {
  await app.close()
  await store.close()
})

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      op,
    })),
  )

const responseSchema = (op: Operation) =>
  op.responses?.['200']?.content?.['application/json']?.schema

describe('the OpenAPI document', () => {
  test('documents every route with its parameters and a response schema', () => {
    const all = operations()
    expect(all.length).toBeGreaterThanOrEqual(54)
    for (const { key, path, op } of all) {
      expect(responseSchema(op), `${key}: no 200 response schema`).toBeDefined()
      const declared = new Set((op.parameters ?? []).map((p) => `${p.in}:${p.name}`))
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        expect(declared.has(`path:${name}`), `${key}: path parameter ${name} undeclared`).toBe(true)
      }
      if (!PARAMETERLESS.has(key)) {
        expect(declared.size > 0 || op.requestBody !== undefined, `${key}: no parameters`).toBe(
          true,
        )
      }
    }
  })

  test('a recorded answer of every route validates against its documented schema', async () => {
    const documented = operations()
    expect(new Set(requests.keys())).toEqual(new Set(documented.map((o) => o.key)))
    for (const { key, op } of documented) {
      const request = requests.get(key)
      if (request === undefined) throw new Error(`${key}: no recorded request`)
      const response = await app.inject({
        method: key.startsWith('POST') ? 'POST' : 'GET',
        url: request.url,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      })
      expect(response.statusCode, `${key}: ${response.body.slice(0, 300)}`).toBe(200)
      const errors = validate(responseSchema(op) ?? {}, response.json(), '$')
      expect(errors, key).toEqual([])
    }
  })
})

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** The OpenAPI 3.0 schema keywords the document uses, checked strictly. */
function validate(schema: Schema, value: unknown, path: string): string[] {
  if (value === null && schema.nullable === true) return []
  for (const branches of [schema.anyOf, schema.oneOf]) {
    if (branches !== undefined && !branches.some((b) => validate(b, value, path).length === 0)) {
      return [`${path}: matches no branch`]
    }
  }
  if (schema.allOf !== undefined) return schema.allOf.flatMap((b) => validate(b, value, path))
  const actual = typeOf(value)
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (!(allowed.includes(actual) || (actual === 'integer' && allowed.includes('number')))) {
      return [`${path}: is ${actual}, expected ${allowed.join('|')}`]
    }
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) return [`${path}: not in enum`]
  if (typeof value === 'string' && schema.pattern !== undefined) {
    if (!new RegExp(schema.pattern).test(value))
      return [`${path}: does not match ${schema.pattern}`]
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return [`${path}: too small`]
    if (schema.maximum !== undefined && value > schema.maximum) return [`${path}: too large`]
  }
  if (Array.isArray(value)) {
    const items = schema.items
    return items === undefined ? [] : value.flatMap((v, i) => validate(items, v, `${path}[${i}]`))
  }
  if (actual !== 'object') return []
  const object = value as Record<string, unknown>
  const properties = schema.properties ?? {}
  const errors = (schema.required ?? [])
    .filter((key) => !Object.hasOwn(object, key))
    .map((key) => `${path}.${key}: missing`)
  for (const [key, v] of Object.entries(object)) {
    const sub = properties[key]
    if (sub !== undefined) errors.push(...validate(sub, v, `${path}.${key}`))
    else if (typeof schema.additionalProperties === 'object')
      errors.push(...validate(schema.additionalProperties, v, `${path}.${key}`))
    else if (schema.additionalProperties !== true && schema.properties !== undefined)
      errors.push(`${path}.${key}: not in the schema`)
  }
  return errors
}
