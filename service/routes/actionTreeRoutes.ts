import type { FastifyInstance, FastifyRequest } from 'fastify'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import type { Params } from '../http/params.js'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import type { MarketReader } from '../market/marketReader.js'
import { buildActionTree } from '../wire/actionTree.js'

const HEX_HASH = /^[0-9a-fA-F]{64}$/
const BASE64_HASH = /^[A-Za-z0-9+/_-]{43}=?$/

/**
 * The transaction action tree (`wire-contract.md` §6.5) in both forms clients use:
 * `GET /v1/transactions/{hash}/action_tree` and `POST /v1/transaction/action_tree` (hash as
 * `tx_hash` or `hash` in the query or JSON body, or `tx_id.hash` in the body). The hash is hex
 * (64 digits) or base64; any transaction of a trace resolves to the trace's origin. An
 * unknown hash answers 200 with no actions and `tx_chain_completed: false`, like the other
 * transaction lookups.
 *
 * @example
 * ```ts
 * registerActionTreeRoutes(app, market)
 * // GET /v1/transactions/0a31…23fc/action_tree → { tx_chain_completed: true, initial_tx_id, actions: [...] }
 * ```
 */
export function registerActionTreeRoutes(app: FastifyInstance, market: MarketReader): void {
  const { store } = market
  const tree = async (hash: string) => {
    const [tx] = await store.listIndexedTransactions({ hash, limit: 1 })
    const originHash = tx?.originHash ?? hash
    const transactions =
      tx === undefined ? [] : await store.listIndexedTransactions({ originHash, limit: 10_000 })
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
  const schema = {
    tags: ['transactions'],
    summary: 'Flattened exchange actions and statuses triggered by an originating transaction',
  }
  app.get('/v1/transactions/:hash/action_tree', { schema }, async (request) =>
    tree(txHash((request.params as Params).hash, 'hash')),
  )
  app.post(
    '/v1/transaction/action_tree',
    { schema, preValidation: mergeBodyIntoQuery },
    async (request: FastifyRequest) => {
      const params = request.query as Params
      const txId = params.tx_id
      const nested = typeof txId === 'object' && txId !== null ? (txId as Params).hash : undefined
      const value = params.tx_hash ?? params.hash ?? nested
      return tree(txHash(value, params.tx_hash !== undefined ? 'tx_hash' : 'hash'))
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
