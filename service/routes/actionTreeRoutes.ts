import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { ActionTreeSchema, buildActionTree } from '../wire/actionTree.js'
import { ERROR_RESPONSES } from '../wire/common.js'

const HashString = Type.String({
  description: 'Transaction hash: 64 hex digits or base64',
  examples: ['0a3154df0f5ba4e1f4bbbd9ea5e0b0c2d6c9c8f3a5b1e6c0d9f7a2b4c6e823fc'],
})
const Responses = { 200: ActionTreeSchema, ...ERROR_RESPONSES }

const HEX_HASH = /^[0-9a-fA-F]{64}$/
const BASE64_HASH = /^[A-Za-z0-9+/_-]{43}=?$/

/**
 * The transaction action tree (`docs/wire.md` §6.5) in both forms clients use:
 * `GET /v1/transactions/{hash}/action_tree` and `POST /v1/transaction/action_tree` (hash as
 * `tx_hash` or `hash` in the query or JSON body, or `tx_id.hash` in the body). The hash is hex
 * (64 digits) or base64; any transaction of a trace resolves to the trace's origin. A hash the
 * index does not hold answers 404 `TRANSACTION_NOT_FOUND` naming the parameter (not an
 * invented empty tree). `query_id` and `deadline` are JSON integers.
 *
 * @example
 * ```ts
 * registerActionTreeRoutes(app, market)
 * // GET /v1/transactions/0a31…23fc/action_tree → { tx_chain_completed: true, initial_tx_id, actions: [...] }
 * ```
 */
export function registerActionTreeRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const { store } = market
  const tree = async (hash: string, field: string) => {
    const [tx] = await store.listIndexedTransactions({ hash, limit: 1 })
    if (tx === undefined) {
      throw new NotFoundError({ code: 'TRANSACTION_NOT_FOUND', field, address: hash })
    }
    const originHash = tx.originHash
    const transactions = await store.listIndexedTransactions({ originHash, limit: 10_000 })
    const operations = await store.listOperationsByPoolTx(transactions.map((t) => t.hash))
    const indexedPools = await store.listIndexedPools()
    return buildActionTree({
      transactions,
      operations,
      pools: new Map(indexedPools.map((p) => [p.address, p])),
      routers: new Set(indexedPools.map((p) => p.routerAddress)),
      originHash,
    })
  }
  const summary = 'Flattened exchange actions and statuses triggered by an originating transaction'
  app.get(
    '/v1/transactions/:hash/action_tree',
    {
      schema: {
        tags: ['transactions'],
        summary,
        params: Type.Object({ hash: HashString }),
        response: Responses,
      },
    },
    async (request) => tree(txHash(request.params.hash, 'hash'), 'hash'),
  )
  app.post(
    '/v1/transaction/action_tree',
    {
      preValidation: mergeBodyIntoQuery,
      schema: {
        tags: ['transactions'],
        summary,
        description:
          'The hash as `tx_hash` or `hash` in the query string or a JSON body, or `tx_id.hash` in the body.',
        querystring: Type.Object({
          tx_hash: Type.Optional(HashString),
          hash: Type.Optional(HashString),
          tx_id: Type.Optional(Type.Object({ hash: HashString }, { additionalProperties: true })),
        }),
        response: Responses,
      },
    },
    async (request) => {
      const { tx_hash, hash, tx_id } = request.query
      const field = tx_hash !== undefined ? 'tx_hash' : hash !== undefined ? 'hash' : 'tx_id.hash'
      return tree(txHash(tx_hash ?? hash ?? tx_id?.hash, field), field)
    },
  )
}

/** A transaction hash as 64 lower-case hex digits, from hex or (URL-safe) base64. */
function txHash(value: unknown, field: string): string {
  if (typeof value === 'string' && HEX_HASH.test(value)) return value.toLowerCase()
  if (typeof value === 'string' && BASE64_HASH.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 32) return bytes.toString('hex')
  }
  throw new InvalidParameterError({
    code: value === undefined || value === '' ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
    field,
    reason: 'must be a transaction hash (64 hex digits or base64)',
  })
}
