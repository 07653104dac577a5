import { Address } from '@ton/core'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import { normalizedExternalHash } from '../../protocol/externalMessageHash.js'
import type { ChainView } from '../ChainView.js'
import type { ChainBlock } from '../liveChainTypes.js'
import { parseTransaction } from './parsedTransactions.js'
import { TonHttpApiError } from './TonHttpApiError.js'
import { MessageIndex } from './v3/MessageIndex.js'
import type { V3Json } from './v3/wire.js'

/**
 * The event types the local Streaming API serves (toncenter's `types`).
 *
 * @example
 * ```ts
 * const types: readonly StreamType[] = ['transactions', 'actions']
 * ```
 */
export type StreamType = 'transactions' | 'actions'

/**
 * Where a block's actions come from: toncenter v3 actions (`jetton_swap`,
 * `dex_deposit_liquidity`, …) of the block's transactions, once the index holds them.
 *
 * @example
 * ```ts
 * const actions: BlockActions = async (block) => [{ type: 'jetton_swap', … }]
 * ```
 */
export type BlockActions = (block: ChainBlock) => Promise<readonly V3Json[]>

/**
 * Options of {@link toncenterStreaming}.
 *
 * @example
 * ```ts
 * const options: ToncenterStreamingOptions = { chain: () => chain, actions }
 * ```
 */
export type ToncenterStreamingOptions = {
  readonly chain: () => ChainView | undefined
  /** The actions of a block; without it `actions` subscriptions get none. */
  readonly actions?: BlockActions | undefined
}

/** Seconds between keepalive comments on an idle stream (toncenter's: 15). */
const KEEPALIVE_MS = 15_000
/** Most addresses one subscription may watch. */
const MAX_ADDRESSES = 1_000
const TYPES: readonly string[] = ['transactions', 'actions']
const FINALITIES: readonly string[] = ['pending', 'confirmed', 'finalized']

/**
 * toncenter's Streaming API v2 over Server-Sent Events for the local chain:
 * `POST /api/streaming/v2/sse` with `{ "addresses": [...], "types": ["transactions",
 * "actions"], "min_finality"? }`. Every committed block is final at once (there is no
 * pending stage locally), so each event carries `"finality": "finalized"`, sent as soon as
 * the block is made: a `transactions` event (every transaction of the block's trace, newest
 * first, in toncenter v3's shape) when one of them is on a watched account, and, once the
 * indexer holds the block, an `actions` event with the trace's DEX actions touching a watched
 * address. Both carry the trace's `trace_external_hash_norm` (the TEP-467 normalized hash of
 * its external message; the trace id for a trace begun by a local tool's internal message).
 * Each event is one `data: <json>` line; an idle stream gets a `: keepalive` comment every 15 s.
 *
 * @example
 * ```ts
 * await app.register(toncenterStreaming, { chain: () => chain, actions })
 * // curl -N -X POST /api/streaming/v2/sse -d '{"addresses":["EQ…"],"types":["transactions"]}'
 * // data: {"type":"transactions","finality":"finalized","trace_external_hash_norm":"…","transactions":[…]}
 * ```
 */
export const toncenterStreaming: FastifyPluginAsync<ToncenterStreamingOptions> = async (
  app: FastifyInstance,
  options: ToncenterStreamingOptions,
) => {
  app.post(
    '/api/streaming/v2/sse',
    {
      schema: {
        tags: ['toncenter Streaming API v2'],
        summary: 'Subscribe to transactions and actions (Server-Sent Events)',
      },
    },
    async (request: FastifyRequest, reply) => {
      const chain = options.chain()
      if (chain === undefined) {
        throw new TonHttpApiError({
          code: 'TON_API_NO_CHAIN',
          status: 503,
          message: 'No chain runs behind this server: it serves a snapshot database.',
        })
      }
      const subscription = readSubscription(request.body)
      reply.hijack()
      const out = reply.raw
      out.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'access-control-allow-origin': '*',
      })
      out.write(': subscribed\n\n')
      const send = (event: V3Json) => {
        if (!out.writableEnded) out.write(`data: ${JSON.stringify(event)}\n\n`)
      }
      const stop = chain.onBlock((block) => {
        try {
          publish(chain, block, subscription, send, options.actions)
        } catch (error) {
          request.log.error(error)
        }
      })
      const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS)
      keepalive.unref()
      const end = () => {
        stop()
        clearInterval(keepalive)
      }
      // The response's close: the client went away (the request's fires once its body is read).
      out.on('close', end)
    },
  )
}

type Subscription = {
  readonly addresses: ReadonlySet<string>
  readonly types: ReadonlySet<StreamType>
}

function readSubscription(body: unknown): Subscription {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('body', 'must be a JSON object { "addresses", "types" }')
  }
  const { addresses, types, min_finality: finality } = body as Record<string, unknown>
  if (!Array.isArray(types) || types.length === 0) {
    throw invalid('types', 'must be a non-empty array of event types')
  }
  for (const type of types) {
    if (typeof type !== 'string' || !TYPES.includes(type)) {
      throw invalid(
        'types',
        `${JSON.stringify(type)} is not served here (served: ${TYPES.join(', ')})`,
      )
    }
  }
  if (finality !== undefined && (typeof finality !== 'string' || !FINALITIES.includes(finality))) {
    throw invalid('min_finality', `must be one of ${FINALITIES.join(', ')}`)
  }
  if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > MAX_ADDRESSES) {
    throw invalid('addresses', `must be an array of 1 to ${MAX_ADDRESSES} addresses`)
  }
  const watched = new Set<string>()
  for (const text of addresses) {
    try {
      watched.add(Address.parse(String(text)).toRawString())
    } catch {
      throw invalid('addresses', `${JSON.stringify(text)} is not a TON address`)
    }
  }
  return { addresses: watched, types: new Set(types as StreamType[]) }
}

function invalid(field: string, reason: string): TonHttpApiError {
  return new TonHttpApiError({
    code: 'TON_API_INVALID_PARAMETER',
    status: 400,
    message: `Invalid ${field}: ${reason}.`,
  })
}

/** Sends a block's events to one subscription, if it touches a watched address. */
function publish(
  chain: ChainView,
  block: ChainBlock,
  subscription: Subscription,
  send: (event: V3Json) => void,
  actions: BlockActions | undefined,
): void {
  const entries = chain.blockTransactions(block.seqno)
  const first = entries[0]
  if (first === undefined) return
  const watched = entries.some((entry) => subscription.addresses.has(entry.account))
  const index = MessageIndex.of(chain)
  const traceNorm = traceExternalHashNorm(first)
  if (watched && subscription.types.has('transactions')) {
    send({
      type: 'transactions',
      finality: 'finalized',
      trace_external_hash_norm: traceNorm,
      transactions: [...entries].reverse().map((entry) => index.render(entry)),
    })
  }
  if (actions !== undefined && subscription.types.has('actions')) {
    void actions(block)
      .then((found) => {
        const mine = found.filter((action) =>
          (action.accounts as readonly string[]).some((a) =>
            subscription.addresses.has(a.toLowerCase()),
          ),
        )
        if (mine.length === 0) return
        send({
          type: 'actions',
          finality: 'finalized',
          trace_external_hash_norm: traceNorm,
          actions: mine.map((action) => ({ ...action, trace_external_hash_norm: traceNorm })),
        })
      })
      .catch(() => undefined)
  }
}

/** The normalized hash of the trace's external message, or the trace id without one. */
function traceExternalHashNorm(first: Parameters<typeof parseTransaction>[0]): string {
  const message = parseTransaction(first).inMessage
  if (message?.info.type === 'external-in') {
    return normalizedExternalHash(message.info.dest, message.body).toString('base64')
  }
  return Buffer.from(first.hash).toString('base64')
}
