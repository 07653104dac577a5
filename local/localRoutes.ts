import type { FastifyInstance } from 'fastify'
import type { LiveChain } from '../chain/LiveChain.js'
import type { TestWallet } from '../chain/wallets/testWallets.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { Store } from '../store/Store.js'
import type { LocalControl } from './control/controlRoutes.js'
import { type FaucetReceipt, type FaucetRequest, faucet } from './faucet.js'
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
  answerLocalErrors(app)
  const tags = ['local']
  registerFundRoutes(app, () => {
    const exchange = live()
    return {
      wallets: exchange.wallets,
      async faucet(request) {
        const receipt = await faucet(
          { chain: exchange.chain, dex: exchange.dex, store: context.store },
          request,
        )
        // Answer once the REST API shows it.
        await exchange.indexer.indexed(Math.max(0, ...receipt.blocks))
        return receipt
      },
    }
  })

  app.get(
    '/local/status',
    { schema: { tags, summary: 'Progress of the local exchange' } },
    async () => {
      live()
      const status = context.status()
      if (status === undefined) return status
      const [farms, stakings] = await Promise.all([
        context.store.listIndexedFarms(),
        context.store.listIndexedStakings(),
      ])
      return {
        ...status,
        farm_minters: farms.map((f) => f.address),
        staking_minters: stakings.map((s) => s.address),
      }
    },
  )
}

/**
 * What `GET /local/wallets` and `POST /local/faucet` serve from: the local exchange's, or a
 * fork's (`serve --fork`), with the same request and answer shapes.
 *
 * @example
 * ```ts
 * const funds: LocalFunds = { wallets, faucet: (request) => faucet({ chain, dex, store }, request) }
 * ```
 */
export type LocalFunds = {
  readonly wallets: readonly TestWallet[]
  /** Runs a faucet request; resolves once the REST API shows it. */
  faucet(request: FaucetRequest): Promise<FaucetReceipt>
  /** Said in the wallets' answer beside the list (a fork's: local only). */
  readonly note?: string | undefined
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
