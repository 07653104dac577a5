import { type Static, Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
import { INDEX_CURSOR, parseCursor } from '../../store/indexCursor.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { sendJsonList } from '../http/jsonListStream.js'
import type { Params } from '../http/params.js'
import type { SharedAnswers } from '../http/sharedAnswers.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { dexOf } from '../market/poolState.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import {
  CmcFeedSchema,
  canonicalPair,
  DEX_KEYS,
  decimalPrice,
  LatestBlockSchema,
  ScreenerAssetSchema,
  type ScreenerEventSchema,
  ScreenerEventsSchema,
  ScreenerPairSchema,
  toScreenerEvent,
} from '../wire/exports.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import { decimalised } from '../wire/usdPricing.js'

const TON_ADDRESS = NATIVE_ADDRESS
const AddressParams = Type.Object({
  address: Type.String({ description: 'Jetton master (asset) or pool (pair) address' }),
})
const BlockRange = Type.Object({
  fromBlock: Type.String({ pattern: '^[0-9]{1,10}$', description: 'First block, inclusive' }),
  toBlock: Type.String({ pattern: '^[0-9]{1,10}$', description: 'Last block, inclusive' }),
})

/** A pool as the exports list it: every listed pool and every indexed one, current reserves. */
type ListedPool = {
  readonly address: string
  readonly dex: 'v1' | 'v2'
  readonly asset0: string
  readonly asset1: string
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly feeBps: bigint
}

/**
 * The two listing-service exports (`docs/wire.md` §6.15–6.16), at the neutral paths of the
 * service spec and at the paths real consumers use: the CoinMarketCap DEX feed
 * (`/export/marketdata/v1`, `/export/cmc/v1`: one ticker per market, canonical base/quote, the
 * market's pools aggregated) and the DEX Screener adapter (`/export/screener/v1/…`,
 * `/export/dexscreener/v1/…`: `latest-block`, `asset/{address}` for every listed asset,
 * `pair/{address}` for every listed pool, `events?fromBlock&toBlock`). A "block" is the chain
 * block the indexer stored with each transaction (a live chain's numbered block: one executed
 * message chain); over history indexed without blocks (an imported snapshot) it is one second:
 * `blockNumber` = `blockTimestamp` = UNIX seconds; see `docs/indexer.md`.
 *
 * @example
 * ```ts
 * registerExportRoutes(app, market, { address: usdtMaster, decimals: 6 }, shared)
 * ```
 */
export function registerExportRoutes(
  fastify: FastifyInstance,
  market: MarketReader,
  configured: UsdStablecoin | undefined,
  shared: SharedAnswers,
): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const { store } = market
  const load = async () => {
    const usd = await resolveStablecoin(store, configured)
    const indexed = await loadIndexedMarket(store, usd)
    const current = new Map(indexed.pools.map((p) => [p.address, p]))
    const routers = await market.routerIndex()
    const pools = new Map<string, ListedPool>()
    for (const row of await store.listPools()) {
      const now = current.get(row.address)
      const router = routers.get(row.routerAddress)
      pools.set(row.address, {
        address: row.address,
        dex: now?.dex ?? (router === undefined ? 'v2' : dexOf(router)),
        asset0: row.token0Address,
        asset1: row.token1Address,
        reserve0: now?.reserve0 ?? row.reserve0,
        reserve1: now?.reserve1 ?? row.reserve1,
        feeBps: (now?.lpFee ?? row.lpFee) + (now?.protocolFee ?? row.protocolFee),
      })
    }
    for (const p of indexed.pools) {
      if (pools.has(p.address)) continue
      pools.set(p.address, {
        ...{ address: p.address, dex: p.dex, asset0: p.asset0, asset1: p.asset1 },
        ...{ reserve0: p.reserve0, reserve1: p.reserve1, feeBps: p.lpFee + p.protocolFee },
      })
    }
    return { pools: [...pools.values()], meta: indexed.meta, usd }
  }
  /**
   * The newest block: the chain's when the index stored blocks, else the newest second of
   * history. `numbered` says which (and so what `fromBlock`/`toBlock` mean).
   */
  const newestBlock = async (): Promise<{ number: number; time: number; numbered: boolean }> => {
    const block = await store.latestIndexedBlock()
    // The index's cursor may stand past its newest transaction: a follower of the exchange's
    // traces only reads the blocks between them whole, without transactions of theirs.
    const cursor = parseCursor(await store.getCursor(INDEX_CURSOR))
    if (cursor?.seqno !== undefined && cursor.now !== undefined) {
      if (block === undefined || cursor.seqno > block.seqno) {
        return { number: cursor.seqno, time: cursor.now, numbered: true }
      }
    }
    if (block !== undefined) {
      return { number: block.seqno, time: unixSeconds(block.timestamp), numbered: true }
    }
    const [tx] = await store.listIndexedTransactions({ limit: 1 })
    const second = tx === undefined ? 0 : unixSeconds(tx.timestamp)
    return { number: second, time: second, numbered: false }
  }
  const latestBlock = async () => (await newestBlock()).time

  const marketData = async (): Promise<Static<typeof CmcFeedSchema>> => {
    const { pools, meta, usd } = await load()
    const latest = await latestBlock()
    const since = isoSeconds(Math.max(0, latest - 24 * 3600))
    const totals = new Map((await store.poolSwapTotals({ since })).map((t) => [t.poolAddress, t]))
    const lastSwaps = new Map((await store.lastSwaps({ since })).map((o) => [o.poolAddress, o]))
    const markets = new Map<string, { base: string; quote: string; pools: ListedPool[] }>()
    for (const p of pools) {
      const { base, quote } = canonicalPair(p.asset0, p.asset1, usd?.address)
      const key = `${base}_${quote}`
      const found = markets.get(key)
      if (found === undefined) markets.set(key, { base, quote, pools: [p] })
      else found.pools.push(p)
    }
    const feed: Static<typeof CmcFeedSchema> = {}
    for (const [key, { base, quote, pools: group }] of markets) {
      const [mb, mq] = [await meta(base), await meta(quote)]
      // Each pool's sides in the market's base/quote order.
      const sides = (p: ListedPool) =>
        p.asset0 === base ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0]
      let baseLiquidity = 0n
      let quoteLiquidity = 0n
      let baseVolume = 0n
      let quoteVolume = 0n
      // The market's newest swap among its pools' newest swaps.
      let last: OperationRow | undefined
      for (const p of group) {
        const [b, q] = sides(p)
        baseLiquidity += b ?? 0n
        quoteLiquidity += q ?? 0n
        const t = totals.get(p.address)
        if (t !== undefined) {
          const amount0 = t.offer0.amount0 + t.offer1.amount0
          const amount1 = t.offer0.amount1 + t.offer1.amount1
          const asset0IsBase = t.asset0Address === base
          baseVolume += asset0IsBase ? amount0 : amount1
          quoteVolume += asset0IsBase ? amount1 : amount0
        }
        const candidate = lastSwaps.get(p.address)
        if (candidate !== undefined && (last === undefined || isLater(candidate, last))) {
          last = candidate
        }
      }
      const lastSides =
        last === undefined
          ? undefined
          : last.asset0Address === base
            ? { base: last.asset0Amount, quote: last.asset1Amount }
            : { base: last.asset1Amount, quote: last.asset0Amount }
      const deepest = [...group].sort((x, y) => {
        const qx = sides(x)[1] ?? 0n
        const qy = sides(y)[1] ?? 0n
        return qx > qy ? -1 : qx < qy ? 1 : 0
      })[0]
      feed[key] = {
        base_id: base,
        base_name: mb.name,
        base_symbol: mb.symbol,
        quote_id: quote,
        quote_name: mq.name,
        quote_symbol: mq.symbol,
        // The last trade's execution price; the market's combined spot price when none.
        last_price: decimalPrice(
          lastSides?.base ?? baseLiquidity,
          lastSides?.quote ?? quoteLiquidity,
          mb.decimals,
          mq.decimals,
        ),
        base_volume: decimalised(baseVolume, mb.decimals),
        quote_volume: decimalised(quoteVolume, mq.decimals),
        base_liquidity: decimalised(baseLiquidity, mb.decimals),
        quote_liquidity: decimalised(quoteLiquidity, mq.decimals),
        url: `https://app.ston.fi/pools/${deepest?.address ?? ''}`,
      }
    }
    return feed
  }
  const cmcSchema = {
    tags: ['exports'],
    summary: 'CoinMarketCap DEX feed: one ticker per market',
    response: { 200: CmcFeedSchema, ...ERROR_RESPONSES },
  }
  for (const path of ['/export/marketdata/v1', '/export/cmc/v1']) {
    // Identical requests under unchanged data share one computation (`sharedAnswers.ts`).
    app.get(path, { schema: cmcSchema }, async (request, reply) =>
      shared.serve(request, reply, marketData),
    )
  }

  // What the index saw minted minus burned: the sum of the master's jetton wallets (the wallet
  // ledger follows every TEP-74 wallet from its deployment). Unknown (undefined) for the native
  // coin and for jettons the index does not follow.
  const jettonSupply = async (master: string): Promise<bigint | undefined> => {
    if (master === TON_ADDRESS) return undefined
    let total: bigint | undefined
    for (const w of await store.listIndexedJettonWallets()) {
      if (w.masterAddress === master) total = (total ?? 0n) + w.balance
    }
    return total
  }

  // The adapter at the spec's neutral path and at the path real consumers use.
  for (const prefix of ['/export/screener/v1', '/export/dexscreener/v1']) {
    const schema = (summary: string) => ({
      tags: ['exports'],
      summary: `DEX Screener adapter: ${summary}`,
    })
    app.get(
      `${prefix}/latest-block`,
      {
        schema: {
          ...schema('the newest block with indexed history'),
          response: { 200: LatestBlockSchema, ...ERROR_RESPONSES },
        },
      },
      async () => {
        const block = await newestBlock()
        return { block: { blockNumber: block.number, blockTimestamp: block.time } }
      },
    )

    app.get(
      `${prefix}/asset/:address`,
      {
        schema: {
          ...schema('an asset listed in /v1/assets or held by an indexed pool'),
          params: AddressParams,
          response: { 200: ScreenerAssetSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const address = canonicalAddress(request.params.address, 'address')
        const { pools, meta } = await load()
        const listed = await store.getAsset(address)
        if (
          listed === undefined &&
          !pools.some((p) => p.asset0 === address || p.asset1 === address)
        ) {
          throw new NotFoundError({ code: 'ASSET_NOT_FOUND', field: 'address', address })
        }
        const m = await meta(address)
        const supply = await jettonSupply(address)
        return {
          asset: {
            id: address,
            name: m.name,
            symbol: m.symbol,
            totalSupply: supply === undefined ? null : decimalised(supply, m.decimals),
          },
        }
      },
    )

    app.get(
      `${prefix}/pair/:address`,
      {
        schema: {
          ...schema('a pool listed in /v1/pools or indexed'),
          params: AddressParams,
          response: { 200: ScreenerPairSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const address = canonicalAddress(request.params.address, 'address')
        const { pools } = await load()
        const pool = pools.find((p) => p.address === address)
        if (pool === undefined) {
          throw new NotFoundError({ code: 'POOL_NOT_FOUND', field: 'address', address })
        }
        const [first] = await store.listOperations({ poolAddresses: [address], limit: 1 })
        const created = first === undefined ? null : unixSeconds(first.poolTxTimestamp)
        // Over numbered blocks, a first operation stored without one has no block number.
        const { numbered } = await newestBlock()
        const pair = {
          id: address,
          dexKey: DEX_KEYS[pool.dex],
          asset0Id: pool.asset0,
          asset1Id: pool.asset1,
          createdAtBlockNumber: first?.block?.seqno ?? (numbered ? null : created),
          createdAtBlockTimestamp: created,
          createdAtTxnId: first?.poolTxHash ?? null,
          feeBps: Number(pool.feeBps),
        }
        // Sources disagree on the wrapper key (`docs/wire.md` §10 C12): both carry the pair.
        return { pair, pool: pair }
      },
    )

    app.get(
      `${prefix}/events`,
      {
        schema: {
          ...schema('swap, join and exit events of a block range'),
          querystring: BlockRange,
          response: { 200: ScreenerEventsSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const from = blockParam(request.query, 'fromBlock')
        const to = blockParam(request.query, 'toBlock')
        if (from > to) {
          throw new InvalidParameterError({
            code: 'INVALID_PARAMETER',
            field: 'toBlock',
            reason: 'must not be lower than fromBlock',
          })
        }
        const { meta } = await load()
        // Block numbers are the chain's when the index stored blocks (events of history
        // indexed without them are then left out), else seconds.
        const { numbered } = await newestBlock()
        // Any range is answered in full (the live API states no limit), streamed page by page
        // through the same mapping; the response schema above documents the shape.
        const pages = store.operationPages({
          ...(numbered
            ? { fromBlock: from, toBlock: to }
            : { since: isoSeconds(Math.max(0, from)), until: isoSeconds(Math.max(0, to)) }),
          operationTypes: ['Swap', 'AddLiquidity', 'WithdrawLiquidity'],
          success: true,
        })
        let block = -1
        let txnIndex = 0
        type Event = Static<typeof ScreenerEventSchema>
        return sendJsonList(reply, 'events', pages, async (ops) => {
          const page: Event[] = []
          for (const o of ops) {
            const time = unixSeconds(o.block?.timestamp ?? o.poolTxTimestamp)
            const number = o.block?.seqno ?? time
            txnIndex = number === block ? txnIndex + 1 : 0
            block = number
            const [d0, d1] = [
              (await meta(o.asset0Address)).decimals,
              (await meta(o.asset1Address)).decimals,
            ]
            page.push(toScreenerEvent(o, { number, time }, txnIndex, d0, d1))
          }
          return page
        })
      },
    )
  }
}

/** Whether `a` happened after `b` (time, then logical time). */
function isLater(a: OperationRow, b: OperationRow): boolean {
  return a.poolTxTimestamp === b.poolTxTimestamp
    ? a.poolTxLt > b.poolTxLt
    : a.poolTxTimestamp > b.poolTxTimestamp
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
