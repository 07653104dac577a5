import type { FastifyInstance } from 'fastify'
import { LocalExchangeError, toLocalExchangeError } from './LocalExchangeError.js'
import type { LocalFunds, NodeLive } from './node/NodePlugin.js'

/**
 * What `/local/*` serves from when a chain runs (the local exchange's or a fork's): the chain,
 * its index, the test funds and the market refresh (`NodeLive`).
 *
 * @example
 * ```ts
 * const live: LocalLive = { chain, index, funds, refresh: async () => {}, building: () => false }
 * ```
 */
export type LocalLive = NodeLive

/**
 * The running chain behind `/local/*`, or 503 `LOCAL_NO_CHAIN` over a snapshot database.
 *
 * @example
 * ```ts
 * requireLive(undefined) // throws LocalExchangeError LOCAL_NO_CHAIN
 * ```
 */
export function requireLive(live: LocalLive | undefined): LocalLive {
  if (live === undefined) {
    throw new LocalExchangeError({
      code: 'LOCAL_NO_CHAIN',
      message:
        'No chain runs behind this server: it serves a snapshot database (ton-dex-lab import), so /local/* and the TON HTTP API are unavailable.',
    })
  }
  return live
}

/** `GET /local/status`: how far the local exchange is. */
export type LocalStatus = {
  readonly mode: 'live'
  /** `ready`, or `building` while the demo history is emulated and indexed. */
  readonly state: 'building' | 'ready'
  readonly chain: { readonly seqno: number; readonly time: number; readonly transactions: number }
  readonly index: { readonly seqno: number }
  /** The demo history's progress while it fills in (fast first start). */
  readonly progress?: { readonly phase: string; readonly done: number; readonly total: number }
  /** Why the demo history stopped, if it failed. */
  readonly error?: string
  /**
   * The farm v3 and STON staking minters the index follows (a `serve --follow` node on this
   * exchange follows the same ones).
   */
  readonly farm_minters?: readonly string[]
  readonly staking_minters?: readonly string[]
  /**
   * The referral venues' minters the index follows (`docs/referral-venues.md`): the demo's
   * escrow minter and venue A's fee-vault minter. What `serve --follow` of this exchange
   * follows when no `--venues` is given.
   */
  readonly venue_minters?: readonly {
    readonly address: string
    readonly kind: 'escrow' | 'fee_vault'
  }[]
}

/**
 * Registers `GET /local/wallets` (the test wallets, with their mnemonics) and
 * `POST /local/faucet` (`{ address, asset, amount }`) over `funds` (LOCAL USE ONLY). Errors
 * answer as {@link answerLocalErrors} says where the caller installed it.
 *
 * @example
 * ```ts
 * registerFundRoutes(app, () => ({ wallets, faucet: (r) => forkFaucet({ chain, store, fundFrom }, r) }))
 * (await app.inject('/local/wallets')).json().wallets.length // 5
 * ```
 */
export function registerFundRoutes(app: FastifyInstance, funds: () => LocalFunds): void {
  const tags = ['local']
  app.get(
    '/local/wallets',
    { schema: { tags, summary: 'Funded test wallets (local use only)' } },
    async () => {
      const { wallets, note } = funds()
      return {
        wallets: wallets.map((w) => ({
          name: w.name,
          address: w.address.toString({ bounceable: false }),
          mnemonic: w.mnemonic.join(' '),
          version: 'v4r2',
        })),
        ...(note === undefined ? {} : { note }),
      }
    },
  )

  app.post(
    '/local/faucet',
    { schema: { tags, summary: 'Send TON or mint a local jetton (local use only)' } },
    async (request) => {
      const target = funds()
      const body = request.body
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new LocalExchangeError({
          code: 'FAUCET_INVALID_BODY',
          message: 'The body must be a JSON object { "address", "asset", "amount" }.',
        })
      }
      const { address, asset, amount } = body as Record<string, unknown>
      return target.faucet({ address, asset, amount })
    },
  )
}

/**
 * Answers every error of `app`'s routes as `/local/*` does: a {@link LocalExchangeError} (or
 * what maps to one) with its status and `{ error: { code, message, field? } }`, anything else
 * a 500 `INTERNAL_ERROR` without internals (and logged).
 *
 * @example
 * ```ts
 * answerLocalErrors(scope) // then a FAUCET_OVER_CAP thrown by a route answers 422
 * ```
 */
export function answerLocalErrors(app: FastifyInstance): void {
  app.setErrorHandler((raw, _request, reply) => {
    const error = toLocalExchangeError(raw)
    if (error !== undefined) {
      const field = error.field === undefined ? {} : { field: error.field }
      return reply
        .code(error.status)
        .send({ error: { code: error.code, message: error.shortMessage, ...field } })
    }
    // Not a bad request: a bug. Said in the log, answered without internals.
    console.error('local endpoint failed:', raw)
    return reply.code(500).send({
      error: { code: 'INTERNAL_ERROR', message: 'The local exchange failed unexpectedly.' },
    })
  })
}
