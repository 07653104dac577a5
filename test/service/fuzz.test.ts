import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DEMO_WALLET_ADDRESSES, demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { fuzz } from '../_support/fuzz.js'
import { useService } from './_support/setupService.js'

/**
 * Malformed (and adversarially well-formed) input to every route: the service must answer
 * every request with JSON and never with a 5xx. A failing case prints its seed and path;
 * replay it with FUZZ_SEED / FUZZ_PATH and keep it below as a regression example.
 */

const market = demoMarketFixture()
const addresses = [
  NATIVE_ADDRESS,
  ...market.assets.map((a) => a.address),
  ...market.pools.map((p) => p.address),
  ...market.farms.map((f) => f.minterAddress),
  ...market.routers.map((r) => r.address),
  DEMO_WALLET_ADDRESSES.alice,
  DEMO_WALLET_ADDRESSES.bob,
]

const ROUTES: readonly [method: 'GET' | 'POST', template: string][] = [
  ['GET', '/v1/routers'],
  ['GET', '/v1/routers/:a'],
  ['GET', '/v1/markets'],
  ['GET', '/v1/assets'],
  ['GET', '/v1/assets/:a'],
  ['POST', '/v1/assets/query'],
  ['POST', '/v1/assets/search'],
  ['GET', '/v1/jetton/:a/address'],
  ['GET', '/v1/pools'],
  ['GET', '/v1/pools/:a'],
  ['GET', '/v1/pools/by_market/:a/:b'],
  ['POST', '/v1/pools/query'],
  ['POST', '/v1/pool/query'],
  ['GET', '/v1/farms'],
  ['GET', '/v1/farms/:a'],
  ['GET', '/v1/farms/by_pool/:a'],
  ['GET', '/v1/farms_by_pool/:a'],
  ['GET', '/v1/wallets/:a/assets'],
  ['GET', '/v1/wallets/:a/assets/:b'],
  ['GET', '/v1/wallets/:a/pools'],
  ['GET', '/v1/wallets/:a/pools/:b'],
  ['GET', '/v1/wallets/:a/farms'],
  ['GET', '/v1/wallets/:a/farms/:b'],
  ['GET', '/v1/wallets/:a/stakes'],
  ['GET', '/v1/wallets/:a/stake'],
  ['GET', '/v1/wallets/:a/fee_vaults'],
  ['POST', '/v1/swap/simulate'],
  ['POST', '/v1/reverse_swap/simulate'],
  ['POST', '/v1/liquidity_provision/simulate'],
]

const PARAM_NAMES = [
  'offer_address',
  'ask_address',
  'units',
  'slippage_tolerance',
  'pool_address',
  'referral_address',
  'referral_fee_bps',
  'referral_fee',
  'dex_v2',
  'dex_version',
  'provision_type',
  'token_a',
  'token_b',
  'token_a_units',
  'token_b_units',
  'wallet_address',
  'condition',
  'search_terms',
  'search_term',
  'search_string',
  'unconditional_assets',
  'unconditional_asset',
  'sort_by',
  'limit',
  'owner_address',
  'only_active',
  '__proto__',
  'constructor',
]

const bigAmount = fc
  .oneof(fc.bigInt({ min: 0n, max: 1n << 130n }), fc.bigInt({ min: -(1n << 20n), max: 1n << 20n }))
  .map(String)
const scalar = fc.oneof(
  fc.constantFrom(...addresses),
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '0.01',
    '1.0000001',
    '1e-3',
    'true',
    'false',
    'NaN',
    '',
    ' ',
    '%',
    'Initial',
    'Balanced',
    'Arbitrary',
    '1,2',
    '3',
  ),
  fc.constantFrom(
    'asset:popular & !(asset:blacklisted | pool:liquidity:high)',
    '((((',
    '!!!a',
    'pool:wallet_has_liquidity',
    'popularity_index:desc',
    'symbol:asc:x',
  ),
  bigAmount,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }))
const params = fc.dictionary(
  fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 12 })),
  value,
  { maxKeys: 10 },
)

const segment = fc.oneof(
  fc.constantFrom(...addresses).map(encodeURIComponent),
  fc.constantFrom(
    '%E0%A4%A',
    '%00',
    '..',
    'x'.repeat(600),
    `0:${'0'.repeat(64)}`,
    `-1:${'f'.repeat(64)}`,
    '%2F',
    '',
  ),
  fc.string({ maxLength: 50 }).map(encodeURIComponent),
)

function query(record: Record<string, unknown>): string {
  const search = new URLSearchParams()
  for (const [key, v] of Object.entries(record)) {
    for (const item of Array.isArray(v) ? v : [v]) search.append(key, String(item))
  }
  return search.toString()
}

const body = fc.oneof(
  fc.constant(undefined),
  params.map((p) => ({ payload: JSON.stringify(p), type: 'application/json' })),
  fc
    .jsonValue({ maxDepth: 3 })
    .map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 80 }).map((text) => ({ payload: text, type: 'application/json' })),
  fc.string({ maxLength: 40 }).map((text) => ({ payload: text, type: 'text/plain' })),
  fc
    .constantFrom('application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded')
    .map((type) => ({ payload: 'a=1', type })),
)

const service = useService(market)

async function expectNo5xx(
  method: 'GET' | 'POST',
  path: string,
  sent?: { payload: string; type: string },
) {
  const res = await service.app.inject({
    method,
    url: path,
    ...(sent === undefined
      ? {}
      : { payload: sent.payload, headers: { 'content-type': sent.type } }),
  })
  if (res.statusCode >= 500)
    throw new Error(`${method} ${path} ${JSON.stringify(sent)} → ${res.statusCode} ${res.body}`)
  if (method === 'GET' && res.statusCode === 200 && path.startsWith('/v1/'))
    expect(() => res.json()).not.toThrow()
  if (res.statusCode >= 400) {
    const error = res.json().error
    expect(typeof error.code).toBe('string')
    expect(typeof error.message).toBe('string')
  }
}

describe('fuzz: no input produces a 5xx', () => {
  test.each(ROUTES)('%s %s', async (method, template) => {
    await fc.assert(
      fc.asyncProperty(segment, segment, params, body, async (a, b, q, sent) => {
        const path = template.replace(':a', a).replace(':b', b)
        const search = query(q)
        await expectNo5xx(
          method,
          search === '' ? path : `${path}?${search}`,
          method === 'POST' ? sent : undefined,
        )
      }),
      fuzz({ numRuns: 40 }),
    )
  })

  test('simulations with valid addresses and extreme amounts answer 200, 400, 404 or 422', async () => {
    const assets = market.assets.map((a) => a.address)
    const pools = market.pools.map((p) => p.address)
    const amount = fc.oneof(
      fc.bigInt({ min: 1n, max: (1n << 120n) - 1n }),
      fc.bigInt({ min: 1n, max: 10_000n }),
      fc
        .constantFrom(
          ...market.pools.flatMap((p) => [
            p.reserve0,
            p.reserve1,
            p.reserve0 - 1n,
            p.reserve1 + 1n,
          ]),
        )
        .filter((x) => x > 0n),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/swap/simulate', '/v1/reverse_swap/simulate'),
        fc.constantFrom(...assets),
        fc.constantFrom(...assets),
        amount,
        fc.option(fc.constantFrom(...pools), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        async (path, offer, ask, units, pool, referral) => {
          const q: Record<string, unknown> = {
            offer_address: offer,
            ask_address: ask,
            units: units.toString(),
            slippage_tolerance: '0.01',
          }
          if (pool !== undefined) q.pool_address = pool
          if (referral !== undefined)
            Object.assign(q, {
              referral_address: NATIVE_ADDRESS,
              referral_fee_bps: String(referral),
            })
          await expectNo5xx('POST', `${path}?${query(q)}`)
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })

  test('provisions with valid pools and extreme amounts never fail with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...market.pools),
        fc.constantFrom('Initial', 'Balanced', 'Arbitrary'),
        fc.boolean(),
        fc.bigInt({ min: 0n, max: (1n << 120n) - 1n }),
        fc.bigInt({ min: 0n, max: (1n << 120n) - 1n }),
        fc.boolean(),
        async (pool, type, swapSides, a, b, onlyA) => {
          const [tokenA, tokenB] = swapSides
            ? [pool.token1Address, pool.token0Address]
            : [pool.token0Address, pool.token1Address]
          const q: Record<string, unknown> = {
            provision_type: type,
            token_a: tokenA,
            token_b: tokenB,
            token_a_units: a.toString(),
            pool_address: pool.address,
            slippage_tolerance: '0.05',
          }
          if (!(type === 'Balanced' && onlyA)) q.token_b_units = b.toString()
          await expectNo5xx('POST', `/v1/liquidity_provision/simulate?${query(q)}`)
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })
})
