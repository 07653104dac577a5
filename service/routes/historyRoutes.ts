import { type Static, type TSchema, Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { parseHashText } from '../../protocol/hashText.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { sendJsonBody, sendJsonList } from '../http/jsonListStream.js'
import { OP_TYPE_WORDS, opTypeParam } from '../http/opTypeParam.js'
import { requiredAddress } from '../http/params.js'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import type { ResponseCache } from '../http/responseCache.js'
import type { SharedAnswers } from '../http/sharedAnswers.js'
import { timeRange, timestampParam } from '../http/timeRange.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { TxIdSchema } from '../wire/actionTree.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { FeeStatsSchema, toWireFeeStats } from '../wire/feeStats.js'
import {
  FeeAccrualSchema,
  FeeWithdrawalSchema,
  SwapStatusSchema,
  TxQueryResultSchema,
  toWireFeeWithdrawal,
} from '../wire/history.js'
import { loadIndexedMarket, resolveStablecoin } from '../wire/indexedMarket.js'
import {
  OperationsInfoSchema,
  stringifyOperationWithAssets,
  toWireOperation,
  toWireOperationsWithAssets,
} from '../wire/operation.js'
import { usdPrices } from '../wire/usdPricing.js'

const SWAP_KINDS = new Set(['v1.swap', 'v2.swap'])
const Timestamp = Type.String({
  description: 'YYYY-MM-DDTHH:MM:SS, UTC',
  examples: ['2023-11-14T00:00:00'],
})
const RequiredRange = { since: Timestamp, until: Timestamp }
const WalletParams = Type.Object({ address: Type.String({ description: 'Owner wallet' }) })
const QueryId = Type.String({
  description: 'Query id of the message, an unsigned 64-bit integer',
  pattern: '^[0-9]{1,20}$',
  examples: ['0'],
})
const TxQuery = Type.Object({
  wallet_address: Type.Optional(Type.String({ description: 'With query_id' })),
  query_id: Type.Optional(QueryId),
  ext_msg_hash: Type.Optional(
    Type.String({ description: 'Alternative to wallet_address + query_id (hex)' }),
  ),
  min_tx_timestamp: Type.Optional(Timestamp),
})
const ReferrerQuery = Type.Object({
  referrer_address: Type.String({ description: 'Referrer wallet' }),
  ...RequiredRange,
})

/**
 * History endpoints served from indexed transactions: wallet operations and last transactions,
 * swap status, transaction query (GET and POST forms), and the referral-fee statistics
 * (`fees`, `fee_accruals`, `fee_withdrawals`). Time ranges are `YYYY-MM-DDTHH:MM:SS` (UTC);
 * a malformed or reversed range is a 400. With `responses`, a wallet's operations are answered
 * from that cache while the store's data version is unchanged.
 *
 * @example
 * ```ts
 * const responses = createResponseCache({ maxBytes: 32 * 1024 * 1024 })
 * registerHistoryRoutes(app, market, responses, createSharedAnswers(store, responses))
 * ```
 */
export function registerHistoryRoutes(
  fastify: FastifyInstance,
  market: MarketReader,
  responses: ResponseCache | undefined,
  shared: SharedAnswers,
): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const { store } = market
  const dexOfPools = async () =>
    new Map((await store.listIndexedPools()).map((p) => [p.address, p.dex]))
  // `dex_v2=false` keeps DEX v1 only: routers of major version 1 (reference data) and the
  // routers of indexed v1 pools.
  const dexV1Routers = async () => {
    const v1 = new Set<string>()
    for (const r of await store.listRouters()) if (r.majorVersion === 1) v1.add(r.address)
    for (const p of await store.listIndexedPools()) if (p.dex === 'v1') v1.add(p.routerAddress)
    return v1
  }

  app.get(
    '/v1/wallets/:address/operations',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Operations of a wallet in a time range',
        params: WalletParams,
        querystring: Type.Object({
          ...RequiredRange,
          op_type: Type.Optional(
            Type.Array(
              Type.String({
                description: `Operation types, any of: ${OP_TYPE_WORDS.join(', ')} (repeated, bracketed or comma-separated)`,
                examples: ['swap', 'Swap', 'provide_liquidity'],
              }),
            ),
          ),
          dex_v2: Type.Optional(
            Type.Boolean({ default: true, description: 'false: DEX v1 operations only' }),
          ),
        }),
        response: {
          200: Type.Object({ operations: Type.Array(OperationsInfoSchema) }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const wallet = canonicalAddress(request.params.address, 'address')
      const { since, until } = timeRange(request.query)
      // The answer depends on the URL and the stored data only: serve it again until a write.
      const version = responses && (await store.dataVersion())
      const cached = version === undefined ? undefined : responses?.get(version, request.url)
      if (cached !== undefined) return sendJsonBody(reply, cached)
      const pages = store.operationPages({
        walletAddress: wallet,
        since,
        until,
        operationTypes: opTypeParam(request.query.op_type),
      })
      const v1 = request.query.dex_v2 === false ? await dexV1Routers() : undefined
      // Every operation of the window, streamed page by page through the wire mapping; the
      // response schema above documents the shape.
      return sendJsonList(
        reply,
        'operations',
        pages,
        (ops): Promise<readonly Static<typeof OperationsInfoSchema>[]> =>
          toWireOperationsWithAssets(
            store,
            v1 === undefined ? ops : ops.filter((o) => v1.has(o.routerAddress)),
          ),
        {
          stringify: stringifyOperationWithAssets,
          keep:
            version === undefined
              ? undefined
              : responses?.keep(version, request.url, () => store.dataVersion()),
        },
      )
    },
  )

  app.get(
    '/v1/wallets/:address/transactions/last',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Latest indexed transactions of a wallet',
        params: WalletParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10 })),
          min_tx_timestamp: Type.Optional(Timestamp),
        }),
        response: {
          200: Type.Object({
            seqno: Type.Integer({
              description:
                "The wallet's seqno: its get-method on a running chain, else the externals of its indexed history",
            }),
            tx_list: Type.Array(TxIdSchema),
          }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const wallet = canonicalAddress(request.params.address, 'address')
      const limit = request.query.limit ?? 10
      const since = timestampParam(request.query, 'min_tx_timestamp', false)
      const txs = await store.listIndexedTransactions({ account: wallet, since, limit })
      return {
        seqno: await walletSeqno(wallet),
        tx_list: txs.map((t) => ({ hash: t.hash, lt: Number(t.lt), contract_address: t.account })),
      }
    },
  )

  app.get(
    '/v1/swap/status',
    {
      schema: {
        tags: ['transactions'],
        summary: 'Status of a swap by router, owner and query id',
        querystring: Type.Object({
          router_address: Type.String({ description: 'Router the swap went through' }),
          owner_address: Type.String({ description: 'Wallet that sent the swap' }),
          query_id: QueryId,
        }),
        response: { 200: SwapStatusSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const router = requiredAddress(request.query, 'router_address')
      const owner = requiredAddress(request.query, 'owner_address')
      const queryId = queryIdParam(request.query.query_id)
      const swaps = (
        await store.listIndexedTransactions({ sourceAddress: router, queryId })
      ).filter((tx) => SWAP_KINDS.has(tx.kind))
      // One primary-key read for all candidates (a pool transaction records one operation).
      const ops = await store.listOperationsByPoolTx(swaps.map((tx) => tx.hash))
      // Candidates come newest first: the newest swap of `owner` wins.
      for (const tx of swaps) {
        const op = ops.find((o) => o.poolTxHash === tx.hash && o.walletAddress === owner)
        if (op === undefined) continue
        return {
          '@type': 'Found' as const,
          address: owner,
          query_id: queryId.toString(),
          exit_code: op.exitCode,
          coins: swapCoins(op).toString(),
          logical_time: tx.lt.toString(),
          tx_hash: tx.hash,
          balance_deltas: balanceDeltas(op),
        }
      }
      return { '@type': 'NotFound' as const }
    },
  )

  /**
   * The wallet's seqno: asked of the running chain when one runs; else the external messages
   * it sent in the indexed history (each accepted external raised the seqno by one).
   */
  const walletSeqno = async (wallet: string): Promise<number> => {
    const live = await market.chain?.walletSeqno(wallet)
    if (live !== undefined) return live
    const history = await store.listIndexedTransactions({ account: wallet, limit: 10_000 })
    return history.filter((t) => t.kind === 'external').length
  }

  const transactionQuery = async (params: Static<typeof TxQuery>) => {
    if (params.ext_msg_hash !== undefined && params.ext_msg_hash !== '') {
      // The external message's hash as TON Connect users compute it (normalized, TEP-467) or as
      // sent; a transaction hash is still accepted.
      const hash = extMsgHashHex(params.ext_msg_hash)
      const [tx] =
        hash === undefined
          ? []
          : [
              ...(await store.listIndexedTransactions({ externalMessageHash: hash, limit: 1 })),
              ...(await store.listIndexedTransactions({ hash, limit: 1 })),
            ]
      return tx === undefined
        ? {}
        : {
            tx_id: { lt: Number(tx.lt), hash: tx.hash, contract_address: tx.account },
            wallet_seqno: await walletSeqno(tx.account),
          }
    }
    const wallet = requiredAddress(params, 'wallet_address')
    const queryId = queryIdParam(params.query_id)
    const min = timestampParam(params, 'min_tx_timestamp', false)
    const [child] = await store.listIndexedTransactions({
      sourceAddress: wallet,
      queryId,
      since: min,
    })
    const parentHash = child?.parentHash
    const [tx] = parentHash ? await store.listIndexedTransactions({ hash: parentHash }) : []
    return tx === undefined
      ? {}
      : { tx_id: { lt: Number(tx.lt), hash: tx.hash, contract_address: tx.account } }
  }
  const txSchema = {
    tags: ['transactions'],
    summary: 'Resolve a transaction by wallet and query id, or by external-message hash',
    description: 'Not found: 200 with no tx_id (as the live API answers).',
    querystring: TxQuery,
    response: { 200: TxQueryResultSchema, ...ERROR_RESPONSES },
  }
  app.get('/v1/transactions/query', { schema: txSchema }, async (request) =>
    transactionQuery(request.query),
  )
  app.post(
    '/v1/transaction/query',
    { schema: txSchema, preValidation: mergeBodyIntoQuery },
    async (request) => transactionQuery(request.query),
  )

  const referrerRange = (query: Static<typeof ReferrerQuery>) => ({
    referrer: requiredAddress(query, 'referrer_address'),
    ...timeRange(query),
  })
  const stats = (summary: string, response: TSchema) => ({
    schema: {
      tags: ['stats'],
      summary,
      querystring: ReferrerQuery,
      response: { 200: response, ...ERROR_RESPONSES },
    },
  })

  app.get(
    '/v1/stats/fee_accruals',
    stats('Referral fee accruals', Type.Object({ operations: Type.Array(FeeAccrualSchema) })),
    async (request, reply) => {
      const { referrer, since, until } = referrerRange(request.query)
      const dex = await dexOfPools()
      // Every accrual of the window (no row limit), page by page.
      const pages = store.operationPages({
        referralAddress: referrer,
        since,
        until,
        accrualsOnly: true,
      })
      return sendJsonList(
        reply,
        'operations',
        pages,
        (ops): readonly Static<typeof FeeAccrualSchema>[] =>
          ops.map((o) => ({
            ...toWireOperation(o),
            // DEX v2 accrues into the referrer's vault; DEX v1 pays the referrer at once.
            accrual_kind: dex.get(o.poolAddress) === 'v1' ? 'instant_payout' : 'vault',
          })),
      )
    },
  )

  app.get(
    '/v1/stats/fee_withdrawals',
    stats(
      'DEX v2 vault withdrawals',
      Type.Object({ withdrawals: Type.Array(FeeWithdrawalSchema) }),
    ),
    async (request) => {
      const { referrer, since, until } = referrerRange(request.query)
      return {
        withdrawals: (await store.listFeeWithdrawals(referrer, since, until)).map(
          toWireFeeWithdrawal,
        ),
      }
    },
  )

  app.get(
    '/v1/stats/fees',
    stats('Referral fees per asset, with their USD values', FeeStatsSchema),
    async (request, reply) => {
      const { referrer, since, until } = referrerRange(request.query)
      const compute = async () => {
        // Summed in SQL: DEX v1 referral fees count as withdrawn at once (paid in the same
        // trace).
        const totals = new Map(
          (await store.referralFeeTotals(referrer, since, until)).map((t) => [t.assetAddress, t]),
        )
        const usd = await resolveStablecoin(store, market.usdStablecoin)
        const prices = usdPrices((await loadIndexedMarket(store, usd)).pools, usd)
        return toWireFeeStats(since, until, totals, prices)
      }
      // Identical requests under unchanged data share one computation (`sharedAnswers.ts`).
      return shared.serve(request, reply, compute)
    },
  )
}

function queryIdParam(value: unknown): bigint {
  if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value) && BigInt(value) < 2n ** 64n)
    return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new InvalidParameterError({
    code: value === undefined || value === '' ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
    field: 'query_id',
    reason:
      value === undefined || value === ''
        ? 'is required (the query id of the swap message, an unsigned 64-bit integer)'
        : 'must be an unsigned 64-bit integer',
  })
}

/**
 * What a swap left the user with, in the ask token: the amount paid out on success (the pool's
 * reserve change on that side is larger by the protocol and referral fees), else the offered
 * amount that was refunded.
 */
function swapCoins(op: OperationRow): bigint {
  if (!op.success || (op.asset0Delta >= 0n && op.asset1Delta >= 0n)) {
    return op.asset0Amount + op.asset1Amount
  }
  return op.asset0Delta < 0n ? op.asset0Amount : op.asset1Amount
}

/** A 256-bit hash given as hex or base64 (standard or URL-safe), as lower-case hex. */
function extMsgHashHex(text: string): string | undefined {
  return parseHashText(text)?.toString('hex')
}

/**
 * What the swap changed in the owner's balances, as a JSON object string of signed base units
 * by asset (`{"EQ…offer": "-5000000", "EQ…ask": "4950123"}`); `{}` when it failed (the offer
 * came back). The wire carries a string here; its inner format is ours (wire-contract C16).
 */
function balanceDeltas(op: OperationRow): string {
  if (!op.success || op.asset0Delta >= 0n === op.asset1Delta >= 0n) return '{}'
  const [offer, ask] =
    op.asset0Delta > 0n
      ? [
          [op.asset0Address, op.asset0Amount],
          [op.asset1Address, op.asset1Amount],
        ]
      : [
          [op.asset1Address, op.asset1Amount],
          [op.asset0Address, op.asset0Amount],
        ]
  return JSON.stringify({ [String(offer[0])]: `-${offer[1]}`, [String(ask[0])]: String(ask[1]) })
}
