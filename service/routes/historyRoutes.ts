import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { OperationRow, OperationType } from '../../store/rows/historyRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { jsonListStream } from '../http/jsonListStream.js'
import { type Params, requiredAddress } from '../http/params.js'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import { timeRange, timestampParam } from '../http/timeRange.js'
import type { MarketReader } from '../market/marketReader.js'
import { toWireOperation, toWireOperationsWithAssets } from '../wire/operation.js'

const OPERATION_TYPES: readonly OperationType[] = [
  'Swap',
  'SendLiquidity',
  'RefundLiquidity',
  'AddLiquidity',
  'WithdrawLiquidity',
  'SetFees',
  'CollectFees',
  'ResetGas',
]
const SWAP_KINDS = new Set(['v1.swap', 'v2.swap'])
const TimeRange = {
  since: Type.Optional(Type.String({ examples: ['2023-11-14T00:00:00'] })),
  until: Type.Optional(Type.String({ examples: ['2023-11-15T00:00:00'] })),
}

/**
 * History endpoints served from indexed transactions: wallet operations and last transactions,
 * swap status, transaction query (GET and POST forms), and the referral-fee statistics
 * (`fees`, `fee_accruals`, `fee_withdrawals`). Time ranges are `YYYY-MM-DDTHH:MM:SS` (UTC);
 * a malformed or reversed range is a 400.
 *
 * @example
 * ```ts
 * registerHistoryRoutes(app, market)
 * ```
 */
export function registerHistoryRoutes(app: FastifyInstance, market: MarketReader): void {
  const { store } = market
  const q = (request: FastifyRequest) => request.query as Params
  const dexOfPools = async () =>
    new Map((await store.listIndexedPools()).map((p) => [p.address, p.dex]))

  app.get(
    '/v1/wallets/:address/operations',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Operations of a wallet in a time range',
        querystring: Type.Object({ ...TimeRange, op_type: Type.Optional(Type.Unknown()) }),
      },
    },
    async (request, reply) => {
      const wallet = canonicalAddress((request.params as Params).address, 'address')
      const { since, until } = timeRange(q(request))
      const pages = store.operationPages({
        walletAddress: wallet,
        since,
        until,
        operationTypes: opTypes(q(request).op_type),
      })
      const list = jsonListStream('operations', pages, (ops) =>
        toWireOperationsWithAssets(store, ops),
      )
      return reply.type('application/json; charset=utf-8').send(list)
    },
  )

  app.get(
    '/v1/wallets/:address/transactions/last',
    { schema: { tags: ['wallets'], summary: 'Latest indexed transactions of a wallet' } },
    async (request) => {
      const wallet = canonicalAddress((request.params as Params).address, 'address')
      const limit = Number(q(request).limit ?? 10)
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        throw new InvalidParameterError({
          code: 'INVALID_PARAMETER',
          field: 'limit',
          reason: 'must be an integer 1..1000',
        })
      }
      const since = timestampParam(q(request), 'min_tx_timestamp', false)
      const txs = await store.listIndexedTransactions({ account: wallet, since, limit })
      return {
        seqno: txs.filter((t) => t.kind === 'external').length,
        tx_list: txs.map((t) => ({ hash: t.hash, lt: Number(t.lt), contract_address: t.account })),
      }
    },
  )

  app.get(
    '/v1/swap/status',
    {
      schema: { tags: ['transactions'], summary: 'Status of a swap by router, owner and query id' },
    },
    async (request) => {
      const router = requiredAddress(q(request), 'router_address')
      const owner = requiredAddress(q(request), 'owner_address')
      const queryId = queryIdParam(q(request).query_id)
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
          '@type': 'Found',
          address: owner,
          query_id: queryId.toString(),
          exit_code: op.exitCode,
          coins: swapCoins(op).toString(),
          logical_time: tx.lt.toString(),
          tx_hash: tx.hash,
          balance_deltas: '',
        }
      }
      return { '@type': 'NotFound' }
    },
  )

  const transactionQuery = async (request: FastifyRequest) => {
    const params = q(request)
    const extHash = params.ext_msg_hash
    if (extHash !== undefined) {
      const [tx] = await store.listIndexedTransactions({ hash: String(extHash).toLowerCase() })
      return tx === undefined
        ? {}
        : { tx_id: { lt: Number(tx.lt), hash: tx.hash, contract_address: tx.account } }
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
    summary: 'Resolve a transaction by wallet and query id',
  }
  app.get('/v1/transactions/query', { schema: txSchema }, transactionQuery)
  app.post(
    '/v1/transaction/query',
    { schema: txSchema, preValidation: mergeBodyIntoQuery },
    transactionQuery,
  )

  const referrerRange = (request: FastifyRequest) => ({
    referrer: requiredAddress(q(request), 'referrer_address'),
    ...timeRange(q(request)),
  })
  const statsTags = {
    tags: ['stats'],
    querystring: Type.Object({ ...TimeRange, referrer_address: Type.Optional(Type.String()) }),
  }

  app.get(
    '/v1/stats/fee_accruals',
    { schema: { ...statsTags, summary: 'Referral fee accruals' } },
    async (request, reply) => {
      const { referrer, since, until } = referrerRange(request)
      const dex = await dexOfPools()
      // Every accrual of the window (no row limit), page by page.
      const pages = store.operationPages({
        referralAddress: referrer,
        since,
        until,
        accrualsOnly: true,
      })
      const list = jsonListStream('operations', pages, (ops) =>
        ops.map((o) => ({
          ...toWireOperation(o),
          // DEX v2 accrues into the referrer's vault; DEX v1 pays the referrer at once.
          accrual_kind: dex.get(o.poolAddress) === 'v1' ? 'instant_payout' : 'vault',
        })),
      )
      return reply.type('application/json; charset=utf-8').send(list)
    },
  )

  app.get(
    '/v1/stats/fee_withdrawals',
    { schema: { ...statsTags, summary: 'DEX v2 vault withdrawals' } },
    async (request) => {
      const { referrer, since, until } = referrerRange(request)
      return {
        withdrawals: (await store.listFeeWithdrawals(referrer, since, until)).map((w) => ({
          vault_address: w.vaultAddress,
          asset_address: w.assetAddress,
          router_address: w.routerAddress,
          amount: w.amount.toString(),
          operation_wallet_address: w.operationWalletAddress,
          success: w.success,
          exit_code: w.exitCode,
          vault_tx_hash: w.vaultTxHash,
          vault_tx_lt: Number(w.vaultTxLt),
          vault_tx_timestamp: w.vaultTxTimestamp,
        })),
      }
    },
  )

  app.get(
    '/v1/stats/fees',
    { schema: { ...statsTags, summary: 'Referral fees per asset' } },
    async (request) => {
      const { referrer, since, until } = referrerRange(request)
      const totals = await store.referralFeeTotals(referrer, since, until)
      return {
        since,
        until,
        assets_fee_stats: totals.map((t) => ({
          asset_address: t.assetAddress,
          accrued: t.accrued.toString(),
          withdrawn: t.withdrawn.toString(),
        })),
      }
    },
  )
}

function opTypes(value: unknown): OperationType[] | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const list = (Array.isArray(value) ? value : String(value).split(',')).map(String)
  for (const t of list) {
    if (!OPERATION_TYPES.includes(t as OperationType)) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'op_type',
        reason: `unknown operation type ${t}`,
      })
    }
  }
  return list as OperationType[]
}

function queryIdParam(value: unknown): bigint {
  if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value) && BigInt(value) < 2n ** 64n)
    return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new InvalidParameterError({
    code: value === undefined ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
    field: 'query_id',
    reason: 'must be an unsigned 64-bit integer',
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
