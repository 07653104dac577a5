import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { readProvisionRequest } from '../simulate/provisionRequest.js'
import { simulateProvision } from '../simulate/simulateProvision.js'
import { simulateSwap } from '../simulate/simulateSwap.js'
import { readSwapRequest } from '../simulate/swapRequest.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { ProvisionSimulationSchema, SwapSimulationSchema } from '../wire/simulation.js'

const Address = (description: string) => Type.String({ description })

const SwapQuery = (unitsMeaning: string) =>
  Type.Object({
    offer_address: Address('Asset sold (the zero address for TON)'),
    ask_address: Address('Asset bought'),
    units: Type.String({ description: unitsMeaning, examples: ['5000000000'] }),
    slippage_tolerance: Type.String({
      description: 'Fraction, e.g. 0.01 = 1 %',
      examples: ['0.01'],
    }),
    pool_address: Type.Optional(Address('Force this pool (no filters apply)')),
    referral_address: Type.Optional(Address('Referrer; enables the referral fee')),
    referral_fee_bps: Type.Optional(
      Type.String({
        description: 'DEX v2 referral fee, 0..100 bps (default 10); v1 is fixed by the pool',
      }),
    ),
    dex_v2: Type.Optional(Type.Boolean({ default: true, description: 'false: v1 pools only' })),
    dex_version: Type.Optional(
      Type.Array(Type.String({ pattern: '^ *[12] *(, *[12] *)*$', examples: ['1', '2', '1,2'] }), {
        description:
          'Restrict to DEX major versions: repeated keys (dex_version=1&dex_version=2), bracketed keys or a comma list (1,2)',
      }),
    ),
  })

const ProvisionQuery = Type.Object({
  provision_type: Type.String({ enum: ['Initial', 'Balanced', 'Arbitrary'] }),
  token_a: Address('First asset'),
  token_b: Address('Second asset'),
  token_a_units: Type.Optional(
    Type.String({ description: 'Initial/Arbitrary: required; Balanced: one of a/b' }),
  ),
  token_b_units: Type.Optional(Type.String()),
  pool_address: Type.Optional(Address('Required for Balanced and Arbitrary')),
  wallet_address: Type.Optional(Address("Reports the wallet's LP-account balances")),
  slippage_tolerance: Type.String({ examples: ['0.01'] }),
})

const QUERY_STYLE =
  'Parameters in the query string (as the official client sends them, empty body) or in a JSON body.'

/**
 * Simulations: `POST /v1/swap/simulate`, `POST /v1/reverse_swap/simulate`,
 * `POST /v1/liquidity_provision/simulate`, computed with core's exact math on the stored pools.
 *
 * @example
 * ```ts
 * registerSimulateRoutes(app, market)
 * ```
 */
export function registerSimulateRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  app.post(
    '/v1/swap/simulate',
    {
      preValidation: mergeBodyIntoQuery,
      schema: {
        tags: ['simulations'],
        summary: 'Simulate a swap of exactly `units` of the offer asset',
        description: QUERY_STYLE,
        querystring: SwapQuery('Offer amount, raw units'),
        response: { 200: SwapSimulationSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => simulateSwap(market, readSwapRequest(request.query), 'forward'),
  )

  app.post(
    '/v1/reverse_swap/simulate',
    {
      preValidation: mergeBodyIntoQuery,
      schema: {
        tags: ['simulations'],
        summary: 'Simulate buying exactly `units` of the ask asset',
        description: `${QUERY_STYLE} offer_units is the least input that yields at least units.`,
        querystring: SwapQuery('Wanted ask amount, raw units'),
        response: { 200: SwapSimulationSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => simulateSwap(market, readSwapRequest(request.query), 'reverse'),
  )

  app.post(
    '/v1/liquidity_provision/simulate',
    {
      preValidation: mergeBodyIntoQuery,
      schema: {
        tags: ['simulations'],
        summary: 'Simulate a liquidity provision',
        description: QUERY_STYLE,
        querystring: ProvisionQuery,
        response: { 200: ProvisionSimulationSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => simulateProvision(market, readProvisionRequest(request.query)),
  )
}
