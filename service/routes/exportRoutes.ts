import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRow } from '../../store/rows/historyRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { jsonListStream } from '../http/jsonListStream.js'
import type { Params } from '../http/params.js'
import type { MarketReader } from '../market/marketReader.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import { decimalised, formatUsd, usdDecimal } from '../wire/usdPricing.js'

const EVENT_TYPES = { Swap: 'swap', AddLiquidity: 'join', WithdrawLiquidity: 'exit' } as const

/**
 * The two listing-service exports (`wire-contract.md` §6.15–6.16), at the neutral paths of the
 * service spec and at the paths real consumers use: the CoinMarketCap DEX feed
 * (`/export/marketdata/v1`, `/export/cmc/v1`) and the DEX Screener adapter
 * (`/export/screener/v1/…`, `/export/dexscreener/v1/…`: `latest-block`, `asset/{address}`,
 * `pair/{address}`, `events?fromBlock&toBlock`). A "block" is one second of indexed history:
 * `blockNumber` = `blockTimestamp` = UNIX seconds (the emulator has no blocks); see
 * `docs/indexer.md`.
 *
 * @example
 * ```ts
 * registerExportRoutes(app, market, { address: usdtMaster, decimals: 6 })
 * ```
 */
export function registerExportRoutes(
  app: FastifyInstance,
  market: MarketReader,
  configured: UsdStablecoin | undefined,
): void {
  const { store } = market
  const load = async () => loadIndexedMarket(store, await resolveStablecoin(store, configured))
  const both = (
    path: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => {
    const schema = { tags: ['exports'], summary: `Listing-service export ${path}` }
    app.get(`/export/screener/v1${path}`, { schema }, handler)
    app.get(`/export/dexscreener/v1${path}`, { schema }, handler)
  }
  const latestBlock = async () => {
    const [tx] = await store.listIndexedTransactions({ limit: 1 })
    return tx === undefined ? 0 : unixSeconds(tx.timestamp)
  }

  const marketData = async () => {
    const { pools, meta } = await load()
    const latest = await latestBlock()
    const since = isoSeconds(latest - 24 * 3600)
    const totals = new Map((await store.poolSwapTotals({ since })).map((t) => [t.poolAddress, t]))
    const lastSwaps = new Map((await store.lastSwaps({ since })).map((o) => [o.poolAddress, o]))
    const pairs: Record<string, Record<string, string>> = {}
    const groups = new Map<string, typeof pools>()
    for (const p of pools)
      groups.set(`${p.asset0}_${p.asset1}`, [...(groups.get(`${p.asset0}_${p.asset1}`) ?? []), p])
    for (const [key, group] of groups) {
      const [first] = group
      if (first === undefined) continue
      const [m0, m1] = [await meta(first.asset0), await meta(first.asset1)]
      // The pair's newest swap among its pools' newest swaps.
      let last: OperationRow | undefined
      let base = 0n
      let quote = 0n
      for (const p of group) {
        const t = totals.get(p.address)
        if (t !== undefined) {
          base += t.offer0.amount0 + t.offer1.amount0
          quote += t.offer0.amount1 + t.offer1.amount1
        }
        const candidate = lastSwaps.get(p.address)
        if (candidate !== undefined && (last === undefined || isLater(candidate, last))) {
          last = candidate
        }
      }
      const reserve0 = group.reduce((s, p) => s + p.reserve0, 0n)
      const reserve1 = group.reduce((s, p) => s + p.reserve1, 0n)
      pairs[key] = {
        base_id: first.asset0,
        base_name: m0.name,
        base_symbol: m0.symbol,
        quote_id: first.asset1,
        quote_name: m1.name,
        quote_symbol: m1.symbol,
        // The last trade's execution price; the combined spot price when nothing traded.
        last_price: price(
          last?.asset0Amount ?? reserve0,
          last?.asset1Amount ?? reserve1,
          m0.decimals,
          m1.decimals,
        ),
        base_volume: decimalised(base, m0.decimals),
        quote_volume: decimalised(quote, m1.decimals),
        base_liquidity: decimalised(reserve0, m0.decimals),
        quote_liquidity: decimalised(reserve1, m1.decimals),
        url: `https://app.ston.fi/pools/${first.address}`,
      }
    }
    return pairs
  }
  const cmcSchema = { tags: ['exports'], summary: 'CoinMarketCap DEX feed: one ticker per pair' }
  app.get('/export/marketdata/v1', { schema: cmcSchema }, marketData)
  app.get('/export/cmc/v1', { schema: cmcSchema }, marketData)

  both('/latest-block', async () => {
    const block = await latestBlock()
    return { block: { blockNumber: block, blockTimestamp: block } }
  })

  both('/asset/:address', async (request) => {
    const address = canonicalAddress((request.params as Params).address, 'address')
    const { pools, meta } = await load()
    const holding = pools.filter((p) => p.asset0 === address || p.asset1 === address)
    if (holding.length === 0) throw new NotFoundError({ code: 'ASSET_NOT_FOUND', address })
    const m = await meta(address)
    // The index sees no jetton supply: report what the pools hold (a lower bound).
    const held = holding.reduce((s, p) => s + (p.asset0 === address ? p.reserve0 : p.reserve1), 0n)
    return {
      asset: {
        id: address,
        name: m.name,
        symbol: m.symbol,
        totalSupply: decimalised(held, m.decimals),
      },
    }
  })

  both('/pair/:address', async (request) => {
    const address = canonicalAddress((request.params as Params).address, 'address')
    const { pools } = await load()
    const pool = pools.find((p) => p.address === address)
    if (pool === undefined) throw new NotFoundError({ code: 'POOL_NOT_FOUND', address })
    const [first] = await store.listOperations({ poolAddresses: [address], limit: 1 })
    const created = first === undefined ? 0 : unixSeconds(first.poolTxTimestamp)
    const pair = {
      id: address,
      asset0Id: pool.asset0,
      asset1Id: pool.asset1,
      createdAtBlockNumber: created,
      createdAtBlockTimestamp: created,
      createdAtTxnId: first?.poolTxHash ?? null,
      feeBps: Number(pool.lpFee + pool.protocolFee),
    }
    // Sources disagree on the wrapper key (`wire-contract.md` §10 C12): both carry the pair.
    return { pair, pool: pair }
  })

  both('/events', async (request, reply) => {
    const params = request.query as Params
    const from = blockParam(params, 'fromBlock')
    const to = blockParam(params, 'toBlock')
    if (from > to) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'toBlock',
        reason: 'must not be lower than fromBlock',
      })
    }
    const { meta } = await load()
    const pages = store.operationPages({
      since: isoSeconds(from),
      until: isoSeconds(to),
      operationTypes: ['Swap', 'AddLiquidity', 'WithdrawLiquidity'],
      success: true,
    })
    let block = -1
    let txnIndex = 0
    const list = jsonListStream('events', pages, async (ops) => {
      const events = []
      for (const o of ops) {
        const number = unixSeconds(o.poolTxTimestamp)
        txnIndex = number === block ? txnIndex + 1 : 0
        block = number
        events.push(await toEvent(o, number, txnIndex, meta))
      }
      return events
    })
    return reply.type('application/json; charset=utf-8').send(list)
  })
}

/** Whether `a` happened after `b` (time, then logical time). */
function isLater(a: OperationRow, b: OperationRow): boolean {
  return a.poolTxTimestamp === b.poolTxTimestamp
    ? a.poolTxLt > b.poolTxLt
    : a.poolTxTimestamp > b.poolTxTimestamp
}

async function toEvent(
  o: OperationRow,
  block: number,
  txnIndex: number,
  meta: (address: string) => Promise<{ decimals: number }>,
) {
  const d0 = (await meta(o.asset0Address)).decimals
  const d1 = (await meta(o.asset1Address)).decimals
  const common = {
    block: { blockNumber: block, blockTimestamp: block },
    eventType: EVENT_TYPES[o.operationType as keyof typeof EVENT_TYPES],
    txnId: o.poolTxHash,
    txnIndex,
    // One exchange event per pool transaction.
    eventIndex: 0,
    maker: o.walletAddress,
    pairId: o.poolAddress,
    reserves: {
      asset0: decimalised(o.asset0Reserve, d0),
      asset1: decimalised(o.asset1Reserve, d1),
    },
  }
  const a0 = decimalised(o.asset0Amount, d0)
  const a1 = decimalised(o.asset1Amount, d1)
  if (o.operationType !== 'Swap') return { ...common, amount0: a0, amount1: a1 }
  const in0 = o.asset0Delta > 0n
  return {
    ...common,
    ...(in0 ? { amount0In: a0, amount1Out: a1 } : { amount1In: a1, amount0Out: a0 }),
    priceNative: price(o.asset0Amount, o.asset1Amount, d0, d1),
  }
}

/** Price of 1 asset0 in asset1, decimalised: (a1 / 10^d1) / (a0 / 10^d0); 0 when a0 is 0. */
function price(a0: bigint, a1: bigint, d0: number, d1: number): string {
  if (a0 === 0n) return '0'
  const ten = usdDecimal(10)
  return formatUsd(
    usdDecimal(a1)
      .div(ten.pow(d1))
      .div(usdDecimal(a0).div(ten.pow(d0))),
  )
}

function blockParam(params: Params, name: string): number {
  const value = params[name]
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text === 'string' && /^[0-9]{1,10}$/.test(text) && Number(text) <= 2 ** 31 - 1) {
    return Number(text)
  }
  throw new InvalidParameterError({
    code: value === undefined || value === '' ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
    field: name,
    reason: 'must be a block number (non-negative 32-bit integer)',
  })
}

function unixSeconds(iso: string): number {
  // Exact: whole milliseconds of a whole-second timestamp.
  return Date.parse(`${iso}Z`) / 1000
}

function isoSeconds(seconds: number): string {
  return new Date(Math.max(0, seconds) * 1000).toISOString().slice(0, 19)
}
