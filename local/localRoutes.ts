import type { FastifyInstance } from 'fastify'
import type { LiveChain } from '../chain/LiveChain.js'
import type { TestWallet } from '../chain/wallets/testWallets.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { Store } from '../store/Store.js'
import type { LocalControl } from './control/controlRoutes.js'
import { faucet } from './faucet.js'
import { LocalExchangeError, toLocalExchangeError } from './LocalExchangeError.js'
import type { LiveIndexer } from './liveIndexer.js'

/** What `/local/*` serves from when a chain runs. */
export type LocalLive = {
  readonly chain: LiveChain
  readonly dex: LocalDex
  /** The live indexer (a new one after a revert to a snapshot). */
  readonly indexer: LiveIndexer
  readonly wallets: readonly TestWallet[]
  /** What the control endpoints (`/local/time`, `/local/snapshots`, …) act on. */
  readonly control: LocalControl
}

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
 * Registers the local exchange's own endpoints (LOCAL USE ONLY, `docs/local-exchange.md`):
 * `GET /local/wallets` (the funded test wallets, with their mnemonics), `POST /local/faucet`
 * (`{ address, asset, amount }`: TON or a local jetton to any address, within the caps) and
 * `GET /local/status`. With no chain (a snapshot database) every one answers 503
 * `LOCAL_NO_CHAIN`.
 *
 * @example
 * ```ts
 * registerLocalRoutes(app, { store, live: () => live, status: () => status })
 * (await app.inject('/local/wallets')).json().wallets.length // 5
 * ```
 */
export function registerLocalRoutes(
  app: FastifyInstance,
  context: {
    readonly store: Store
    readonly live: () => LocalLive | undefined
    readonly status: () => LocalStatus | undefined
  },
): void {
  const live = (): LocalLive => requireLive(context.live())
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
  const tags = ['local']

  app.get(
    '/local/wallets',
    { schema: { tags, summary: 'Funded test wallets (local use only)' } },
    async () => ({
      wallets: live().wallets.map((w) => ({
        name: w.name,
        address: w.address.toString({ bounceable: false }),
        mnemonic: w.mnemonic.join(' '),
        version: 'v4r2',
      })),
    }),
  )

  app.post(
    '/local/faucet',
    { schema: { tags, summary: 'Send TON or mint a local jetton (local use only)' } },
    async (request) => {
      const exchange = live()
      const body = request.body
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new LocalExchangeError({
          code: 'FAUCET_INVALID_BODY',
          message: 'The body must be a JSON object { "address", "asset", "amount" }.',
        })
      }
      const { address, asset, amount } = body as Record<string, unknown>
      const receipt = await faucet(
        { chain: exchange.chain, dex: exchange.dex, store: context.store },
        { address, asset, amount },
      )
      // Answer once the REST API shows it.
      await exchange.indexer.indexed(Math.max(0, ...receipt.blocks))
      return receipt
    },
  )

  app.get(
    '/local/status',
    { schema: { tags, summary: 'Progress of the local exchange' } },
    async () => {
      live()
      return context.status()
    },
  )
}
