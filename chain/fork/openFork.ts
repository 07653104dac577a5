import { Cell } from '@ton/core'
import { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import {
  createTonApiClient,
  type TonApiClient,
  type TonApiClientEvent,
} from '../../upstream/tonApiClient.js'
import { type ConfigVersionStatus, configVersionStatus } from '../globalVersion.js'
import { ForkCache } from './ForkCache.js'
import { ForkError, forkErrorOf } from './ForkError.js'
import { ForkStorage } from './ForkStorage.js'
import { type ForkHistory, forkHistory } from './forkHistory.js'
import { type ForkPin, forkUpstream } from './forkUpstream.js'
import { libraryCount } from './libraries.js'

/**
 * Options of {@link openFork}.
 *
 * @example
 * ```ts
 * const options: ForkOptions = { url: 'https://toncenter.com/api/v2/jsonRPC', apiKey: 'a1b2…', rps: 10 }
 * ```
 */
export type ForkOptions = {
  /** The upstream TON HTTP API v2 (toncenter's `…/api/v2/jsonRPC`, its base, or an origin). */
  readonly url: string
  /**
   * The block to fork at: n ≥ 0 that masterchain block, −k k blocks before the head; default
   * the head when the fork starts. A database already forked keeps its block.
   */
  readonly seqno?: number | undefined
  /** Sent as `X-API-Key`. */
  readonly apiKey?: string | undefined
  /** Upstream requests per second at most (default 1 without a key, 10 with). */
  readonly rps?: number | undefined
  /** Read every account from the upstream on its first touch after a start (`--fork-no-cache`). */
  readonly noCache?: boolean | undefined
  /** Time allowed for one upstream answer (default 15 000 ms). */
  readonly timeoutMs?: number | undefined
  /** Attempts of one upstream request (default 5). */
  readonly attempts?: number | undefined
  /** The upstream client's hook: every request and retry (for metrics and logs). */
  readonly onUpstream?: ((event: TonApiClientEvent) => void) | undefined
}

/**
 * `/local/status`'s `fork` part.
 *
 * @example
 * ```ts
 * const status: ForkStatus = { url: 'https://toncenter.com/api/v2/jsonRPC', seqno: 53_012_345,
 *   time: 1_764_064_807, exact: true, requests: 41, cached_accounts: 12, libraries: 5, missing_libraries: 0,
 *   config: { global_version: 14, emulator_global_version: 13, warning: 'The config at block 53012345 says …' } }
 * ```
 */
export type ForkStatus = {
  readonly url: string
  readonly seqno: number
  readonly time: number
  readonly exact: boolean
  readonly requests: number
  readonly cached_accounts: number
  readonly libraries: number
  /** Libraries referenced but not had (an upstream without `getLibraries`): those contracts exit 9. */
  readonly missing_libraries: number
  /** Their hashes (hex): what the upstream left out of its `getLibraries` answers. */
  readonly missing_library_hashes?: readonly string[]
  /**
   * The adopted config's global version (ConfigParam 8) against the emulator's, with a warning
   * when the config is newer: transactions may then differ from the upstream's chain.
   */
  readonly config: ConfigVersionStatus
}

/**
 * A forked chain's sandbox, ready for `LiveChain.open`; see {@link openFork}.
 */
export type OpenedFork = {
  /** The sandbox: the upstream's config at the block, accounts loaded on first touch. */
  readonly blockchain: LocalBlockchain
  readonly storage: ForkStorage
  readonly client: TonApiClient
  readonly pin: ForkPin
  /** Whether accounts load exactly (`getShardAccountCell`). */
  readonly exact: boolean
  /**
   * The chain's clock: the wall clock, or — for a block named with `--fork-seqno` — the
   * block's time, running on from the start.
   */
  readonly clock: () => number
  /** The logical time the local chain starts at: above every transaction of the block. */
  readonly genesisLt: bigint
  /** The accounts' history at or below the block: the upstream's, read on demand. */
  readonly history: ForkHistory
  /** Call after `LiveChain.open` restored a journal: reinstalls the cached libraries. */
  restored(): void
  status(): ForkStatus
  close(): void
}

/** The sandbox's logical-time step per transaction (`LT_ALIGN`): local lts stay on its grid. */
const LT_ALIGN = 1_000_000n

/**
 * Opens a fork of a live chain: pins one masterchain block S (the head, resolved once, or
 * `seqno`), probes whether the upstream has `getShardAccountCell` (an exact fork) or not (an
 * approximate one, from `getAddressInformation`), reads the config at S (`getConfigAll`, else
 * `getConfigParam`s) and builds the sandbox on a {@link ForkStorage}. The fork's identity, its
 * config and every account and library it reads are cached in the SQLite file at `cachePath`
 * (the database's own file): a database already forked keeps its block and, restarted, asks
 * the upstream for nothing it read before — not even the head.
 *
 * @throws {ForkError} `FORK_MISMATCH` when the database is a fork of another upstream or block
 *   than `seqno` names; `FORK_UNAVAILABLE` / `FORK_REJECTED` / `FORK_STATE_NOT_KEPT` when the
 *   upstream cannot be read at start.
 * @example
 * ```ts
 * const fork = await openFork({ url: 'http://127.0.0.1:8080' }, './data/fork.sqlite', { forked: false })
 * const chain = await LiveChain.open({ blockchain: fork.blockchain, journal, clock: fork.clock })
 * fork.status() // { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', seqno: 1532, exact: false, … }
 * ```
 */
export async function openFork(
  options: ForkOptions,
  cachePath: string,
  database: { readonly forked: boolean },
): Promise<OpenedFork> {
  const client = createTonApiClient({
    url: options.url,
    apiKey: options.apiKey,
    rps: options.rps,
    timeoutMs: options.timeoutMs,
    onEvent: options.onUpstream,
  })
  const upstream = forkUpstream(client, { attempts: options.attempts })
  const cache = new ForkCache(cachePath)
  try {
    const previous = cache.current()
    let meta = previous
    if (database.forked) {
      // The chain was started from a block: it stays that block's fork.
      if (previous === undefined || previous.upstream !== client.endpoint) {
        throw new ForkError({
          code: 'FORK_MISMATCH',
          message:
            previous === undefined
              ? `This database holds a local chain that is not a fork: start a fork with a new database (--db).`
              : `This database is a fork of ${previous.upstream}, not of ${client.endpoint}: start with a new database (--db).`,
        })
      }
      if (
        options.seqno !== undefined &&
        options.seqno >= 0 &&
        options.seqno !== previous.pin.seqno
      ) {
        throw new ForkError({
          code: 'FORK_MISMATCH',
          message: `This database is a fork at block ${previous.pin.seqno}, not ${options.seqno}: start with a new database (--db).`,
        })
      }
    } else {
      meta = undefined
    }
    if (meta === undefined) {
      const pin = await upstream.pin(options.seqno)
      const exact = await upstream.hasShardAccountCell(pin.seqno)
      const explicit = options.seqno !== undefined
      meta = { ...{ upstream: client.endpoint, pin, exact, explicit }, id: '' }
      meta = { ...meta, id: cache.remember(meta) }
    }
    const { pin, exact, id } = meta
    const cached = options.noCache === true ? undefined : cache.config(id)
    const config = cached === undefined ? await upstream.config(pin.seqno) : Cell.fromBoc(cached)[0]
    if (config === undefined) throw new Error('empty cached config')
    if (cached === undefined) cache.putConfig(id, config.toBoc())
    // A config newer than the emulator's rules: said at start (by the node) and in the status.
    const version = configVersionStatus(config, pin.seqno)
    const storage = new ForkStorage({
      upstream,
      seqno: pin.seqno,
      exact,
      cache: options.noCache === true ? undefined : { store: cache, id },
      libraryCache: cache,
    })
    // The live chain rolls back a job a failed load stopped: it tells those by `forkErrorOf`.
    const blockchain = await LocalBlockchain.createLocal({
      fastCells: true,
      storage,
      config,
      loadFailure: forkErrorOf,
    })
    // S's transactions are all below its `end_lt`: the sandbox's lt starts at the last one's
    // (or above it, on the sandbox's grid), and each local transaction is one step above.
    const last = pin.endLt > 0n ? pin.endLt - 1n : 0n
    const genesisLt = ((last + LT_ALIGN - 1n) / LT_ALIGN) * LT_ALIGN // ceiling (last ≥ 0)
    // The local chain continues above the block: its first transactions' lts follow S's.
    await blockchain.loadFrom({ ...blockchain.snapshot(), lt: genesisLt, time: pin.time })
    const started = Date.now() / 1000
    const clock = meta.explicit
      ? () => pin.time + (Date.now() / 1000 - started)
      : () => Date.now() / 1000
    return {
      blockchain,
      storage,
      client,
      pin,
      exact,
      clock,
      genesisLt,
      history: forkHistory(upstream, storage, pin),
      restored: () => storage.installCachedLibraries(blockchain),
      status: () => ({
        url: client.endpoint,
        seqno: pin.seqno,
        time: pin.time,
        exact,
        requests: client.stats.requests,
        cached_accounts: options.noCache === true ? storage.stats.loaded : cache.accountCount(id),
        libraries: libraryCount(blockchain.libs),
        missing_libraries: storage.stats.missingLibraries,
        missing_library_hashes: storage.missingLibraries(),
        config: version,
      }),
      close: () => cache.close(),
    }
  } catch (error) {
    cache.close()
    throw error
  }
}
