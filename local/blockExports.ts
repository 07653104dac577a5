import type { FastifyInstance } from 'fastify'
import type { LiveChain } from './chain/LiveChain.js'
import type { LiveIndexer } from './liveIndexer.js'

/** Where a transaction's block is found: the journal's tables, or memory. */
export type BlockLookup = {
  /** Number and time of the block holding the transaction with this hash (hex). */
  blockOf(hash: string): { readonly seqno: number; readonly now: number } | undefined
  /** Number and time of block `seqno`. */
  block(seqno: number): { readonly seqno: number; readonly now: number } | undefined
}

/**
 * A {@link BlockLookup} kept in memory from a chain's blocks (for an in-memory database; a
 * file database asks its `SqliteChainJournal`). Subscribe it before the chain runs anything.
 *
 * @example
 * ```ts
 * const blocks = memoryBlockLookup(chain)
 * blocks.block(1) // { seqno: 1, now: 1_764_000_000 } once block 1 ran
 * ```
 */
export function memoryBlockLookup(chain: LiveChain): BlockLookup {
  const times = new Map<number, number>()
  const byHash = new Map<string, number>()
  chain.onBlock((block) => {
    times.set(block.seqno, block.now)
    for (const tx of block.transactions) byHash.set(tx.hash().toString('hex'), block.seqno)
  })
  const block = (seqno: number) => {
    const now = times.get(seqno)
    return now === undefined ? undefined : { seqno, now }
  }
  return {
    block,
    blockOf: (hash) => {
      const seqno = byHash.get(hash)
      return seqno === undefined ? undefined : block(seqno)
    },
  }
}

type ScreenerBlock = { blockNumber: number; blockTimestamp: number }
type ScreenerEvent = { block: ScreenerBlock; txnId: string; txnIndex: number }

const PREFIXES = ['/export/screener/v1', '/export/dexscreener/v1']

/**
 * Whether {@link registerBlockExports} serves `url` (the listing-service export's block
 * endpoints) while a chain runs.
 *
 * @example
 * ```ts
 * servesBlocks('/export/screener/v1/latest-block') // true
 * ```
 */
export function servesBlocks(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return PREFIXES.some(
    (prefix) =>
      path === `${prefix}/latest-block` ||
      path === `${prefix}/events` ||
      path.startsWith(`${prefix}/pair/`),
  )
}

/**
 * The DEX Screener export's block endpoints on a live chain: a block is the chain's numbered
 * block (one executed message chain), not a second of history as over a snapshot.
 * `latest-block` answers the newest indexed block, `events?fromBlock&toBlock` takes block
 * numbers, and every event and pair carries its block's number and time. The events themselves
 * come from the REST service's own export (asked for the blocks' time range, then narrowed
 * to the blocks), so their amounts, prices and reserves are the service's.
 *
 * @example
 * ```ts
 * registerBlockExports(local, { chain, indexer, blocks, service })
 * // GET /export/screener/v1/latest-block → { block: { blockNumber: 1531, blockTimestamp: 1764000123 } }
 * ```
 */
export function registerBlockExports(
  app: FastifyInstance,
  context: {
    readonly indexer: LiveIndexer
    readonly blocks: BlockLookup
    /** The REST service, asked in-process for what it exports. */
    readonly service: FastifyInstance
  },
): void {
  const { blocks, service, indexer } = context
  const asBlock = (seqno: number): ScreenerBlock => ({
    blockNumber: seqno,
    blockTimestamp: blocks.block(seqno)?.now ?? 0,
  })
  const forward = async (url: string) => {
    const response = await service.inject({ method: 'GET', url })
    return { status: response.statusCode, body: response.json() as Record<string, unknown> }
  }
  for (const prefix of PREFIXES) {
    app.get(`${prefix}/latest-block`, async () => ({ block: asBlock(indexer.indexedSeqno) }))

    app.get(`${prefix}/pair/:address`, async (request, reply) => {
      const { status, body } = await forward(request.url)
      const pair = body.pair as { createdAtTxnId?: string | null } | undefined
      if (status !== 200 || pair === undefined) return reply.code(status).send(body)
      const created = pair.createdAtTxnId ? blocks.blockOf(pair.createdAtTxnId) : undefined
      const rewritten = {
        ...pair,
        createdAtBlockNumber: created?.seqno ?? 0,
        createdAtBlockTimestamp: created?.now ?? 0,
      }
      return { ...body, pair: rewritten, pool: rewritten }
    })

    app.get(`${prefix}/events`, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>
      const from = Number(query.fromBlock)
      const to = Math.min(Number(query.toBlock), indexer.indexedSeqno)
      const valid =
        /^[0-9]{1,10}$/.test(query.fromBlock ?? '') && /^[0-9]{1,10}$/.test(query.toBlock ?? '')
      if (!valid || from > Number(query.toBlock)) {
        // The service words the parameter errors.
        const { status, body } = await forward(request.url)
        return reply.code(status).send(body)
      }
      if (from > to) return { events: [] }
      const since = blocks.block(Math.max(from, 1))?.now ?? 0
      const until = blocks.block(to)?.now ?? since
      const { status, body } = await forward(`${prefix}/events?fromBlock=${since}&toBlock=${until}`)
      if (status !== 200) return reply.code(status).send(body)
      const events: ScreenerEvent[] = []
      let last = -1
      let index = 0
      for (const event of body.events as ScreenerEvent[]) {
        const block = blocks.blockOf(event.txnId)
        if (block === undefined || block.seqno < from || block.seqno > to) continue
        index = block.seqno === last ? index + 1 : 0
        last = block.seqno
        events.push({
          ...event,
          block: { blockNumber: block.seqno, blockTimestamp: block.now },
          txnIndex: index,
        })
      }
      return { events }
    })
  }
}
