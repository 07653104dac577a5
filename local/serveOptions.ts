import { parseArgs } from 'node:util'
import { canonicalAddressText } from '../protocol/addressText.js'
import { InvalidParameterError } from '../service/errors/InvalidParameterError.js'
import { SnapshotError } from '../service/snapshot/SnapshotError.js'
import { type ForkSeed, readForkSeed } from './forkSeed.js'
import { isLogLevel, LOG_LEVELS, type LogLevel } from './operations/logger.js'

/**
 * `serve --follow`: the upstream TON API to follow instead of running a local chain.
 *
 * @example
 * ```ts
 * const follow: FollowOptions = { url: 'https://toncenter.com/api/v2/jsonRPC', mode: 'blocks',
 *   apiKey: 'a1b2…', rps: 10, fromSeqno: 53_000_000, routers: ['EQByADL5Ra2dldrMSBctgfSm2X2W1P61NVW2RYDb8eJNJGx6'] }
 * ```
 */
export type FollowOptions = {
  /** The TON HTTP API (v2 JSON-RPC endpoint, its `/api/v2` base, or a ton-dex-lab's origin). */
  readonly url: string
  /**
   * How the chain is read: `blocks` walks every block (an own node, a paid plan, a ton-dex-lab);
   * `accounts` follows the routers' traces through toncenter v3 and v2 (public APIs at 1–10
   * requests/s).
   */
  readonly mode: 'blocks' | 'accounts'
  /** toncenter's API key (`--api-key`, else `TONCENTER_API_KEY`). */
  readonly apiKey?: string | undefined
  /** Requests per second at most (default 1 without a key, 10 with; `unlimited` = Infinity). */
  readonly rps?: number | undefined
  /** The first block to index on an empty database (default 1). */
  readonly fromSeqno?: number | undefined
  /** The routers that count as the exchange (default: those the upstream's REST API lists). */
  readonly routers?: readonly string[] | undefined
  /**
   * `--farms`: the farm v3 minters to follow (default: the `minter_address` of every farm the
   * upstream's REST API lists in `/v1/farms`, when it serves one).
   */
  readonly farms?: readonly string[] | undefined
  /**
   * `--staking`: the STON staking minter(s) to follow (default: the `staking_minters` the
   * upstream's `GET /local/status` names, when it is a ton-dex-lab local exchange).
   */
  readonly staking?: readonly string[] | undefined
  /**
   * `--venues`: the referral venues' minters to follow, escrow or fee-vault minters alike (each
   * one's kind read from the chain); default: those the upstream's `/local/status` lists, else
   * none (`docs/referral-venues.md`, "Following").
   */
  readonly venues?: readonly string[] | undefined
  /** Time allowed for one upstream answer (default 15 000 ms; programmatic only). */
  readonly timeoutMs?: number | undefined
  /** First and largest backoff after a retryable failure (default 250 ms / 30 s; programmatic only). */
  readonly backoff?: { readonly firstMs: number; readonly maxMs: number } | undefined
}

/**
 * `serve --fork`: the upstream TON API whose state, at one pinned block, the local chain starts
 * from.
 *
 * @example
 * ```ts
 * const fork: ForkServeOptions = { url: 'https://toncenter.com/api/v2/jsonRPC', seqno: -2, apiKey: 'a1b2…', rps: 10 }
 * ```
 */
export type ForkServeOptions = {
  /** The TON HTTP API v2 (toncenter's JSON-RPC endpoint, its `/api/v2` base, or an origin). */
  readonly url: string
  /** `--fork-seqno`: n ≥ 0 that masterchain block, −k k blocks before the head (default the head). */
  readonly seqno?: number | undefined
  /** toncenter's API key (`--api-key`, else `TONCENTER_API_KEY`). */
  readonly apiKey?: string | undefined
  /** Requests per second at most (default 1 without a key, 10 with; `unlimited` = Infinity). */
  readonly rps?: number | undefined
  /** `--fork-no-cache`: read each account from the upstream again after a restart. */
  readonly noCache?: boolean | undefined
  /**
   * `--fork-fund-from <jetton>=<holder>` (repeatable, or a comma list): the holder (an owner of
   * the jetton, or its jetton wallet) the fork's faucet sends a jetton from when it cannot mint
   * it as the master's admin. Canonical addresses.
   */
  readonly fundFrom?: readonly { readonly jetton: string; readonly holder: string }[] | undefined
  /**
   * `--fork-seed <market.json>`: the routers, assets and pools to adopt (`ton-dex-lab import`'s
   * format), read and checked when the options are parsed; else the upstream's REST API names them.
   */
  readonly seed?: ForkSeed | undefined
  /** Time allowed for one upstream answer (default 15 000 ms; programmatic only). */
  readonly timeoutMs?: number | undefined
  /** Attempts of one upstream request (default 5; programmatic only). */
  readonly attempts?: number | undefined
}

/** Where and how `npm start` (`ton-dex-lab serve`) serves. */
export type ServeOptions = {
  /** SQLite file (created if missing). */
  readonly dbPath: string
  /**
   * A PostgreSQL database instead of the SQLite file: `--db postgres://…` (or
   * `postgresql://…`), else `DATABASE_URL` when no `--db` is given: the local exchange runs on
   * it (chain journal, index, REST), or with {@link readOnly} a REST replica reads it.
   */
  readonly databaseUrl?: string | undefined
  /** `--read-only`: a REST replica of a PostgreSQL database (needs {@link databaseUrl}). */
  readonly readOnly?: boolean | undefined
  /** Interface to listen on (default `127.0.0.1`: the local exchange is for this machine). */
  readonly host: string
  /** Port to listen on; 0 picks a free one. */
  readonly port: number
  /** Swaps of the demo scenario built into an empty database (default 1 500). */
  readonly demoSwaps?: number | undefined
  /**
   * `--block-time <s>` (`BLOCK_TIME`): a block without transactions whenever the chain made
   * none for this many seconds (default: blocks only when something is sent).
   */
  readonly blockTime?: number | undefined
  /**
   * Answer cross-origin calls and preflights on the REST API (default true, so browser dApps
   * can call it; `--no-cors` or `CORS=off` turns it off). The TON HTTP API and `/local/*`
   * always allow them.
   */
  readonly cors?: boolean | undefined
  /** Follow a remote chain instead of running the local exchange (`--follow <url>`). */
  readonly follow?: FollowOptions | undefined
  /** Fork a live chain instead of building the demo market (`--fork <url>`). */
  readonly fork?: ForkServeOptions | undefined
  /**
   * `--log-level` (`LOG_LEVEL`): the structured log's level (default `warn`: quiet; `info`
   * adds a line per request and per upstream retry). See `docs/operations.md`.
   */
  readonly logLevel?: LogLevel | undefined
  /**
   * `--max-lag <seconds>` (`MAX_LAG`, default 60): a follower is not ready (`GET /readyz` 503)
   * while its index is more than this behind the head; a PostgreSQL replica while its data
   * version has stood still this long with its writer stuck mid-transaction or gone.
   */
  readonly maxLagSeconds?: number | undefined
  /**
   * `--chain-api <url>` (else `CHAIN_API_URL`), a read-only replica's only: the TON HTTP API it
   * asks what the writer's recorded layouts cannot give (an owner's wallet of a jetton of an
   * unknown layout, a new pool's address): the writer's own `/api/v2/jsonRPC`, or toncenter
   * (`--api-key`, `--rps` as `--follow`'s).
   */
  readonly chainApi?: ChainApiOptions | undefined
}

/**
 * `serve --read-only --chain-api <url>`: the TON API a replica asks.
 *
 * @example
 * ```ts
 * const chainApi: ChainApiOptions = { url: 'http://10.0.0.5:8080/api/v2/jsonRPC', rps: Number.POSITIVE_INFINITY }
 * ```
 */
export type ChainApiOptions = {
  /** The TON HTTP API v2 (JSON-RPC endpoint, its `/api/v2` base, or a ton-dex-lab's origin). */
  readonly url: string
  /** toncenter's API key (`--api-key`, else `TONCENTER_API_KEY`). */
  readonly apiKey?: string | undefined
  /** Requests per second at most (default 1 without a key, 10 with; `unlimited` = Infinity). */
  readonly rps?: number | undefined
}

/**
 * Defaults of {@link ServeOptions}: `./data/ton-dex-lab.sqlite` on `127.0.0.1:8080`.
 *
 * @example
 * ```ts
 * DEFAULT_SERVE_OPTIONS.port // 8080
 * ```
 */
export const DEFAULT_SERVE_OPTIONS: ServeOptions = {
  dbPath: './data/ton-dex-lab.sqlite',
  host: '127.0.0.1',
  port: 8080,
}

/**
 * Reads the serve options from the command line (`--db`, `--host`, `--port`, `--demo-swaps`),
 * then the environment (`DB_PATH`, `HOST`, `PORT`, `DEMO_SWAPS`), then the defaults.
 * `--port 0` picks a free port.
 *
 * @example
 * ```ts
 * parseServeOptions(['--port', '9090'], {}) // { dbPath: './data/ton-dex-lab.sqlite', host: '127.0.0.1', port: 9090 }
 * ```
 * @throws {InvalidParameterError} for an unknown option or a bad port.
 */
export function parseServeOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServeOptions {
  let values: {
    db?: string | undefined
    host?: string | undefined
    port?: string | undefined
    'demo-swaps'?: string | undefined
    'block-time'?: string | undefined
    'no-cors'?: boolean | undefined
    follow?: string | undefined
    'follow-mode'?: string | undefined
    'api-key'?: string | undefined
    rps?: string | undefined
    'from-seqno'?: string | undefined
    routers?: string | undefined
    farms?: string | undefined
    staking?: string | undefined
    venues?: string | undefined
    'read-only'?: boolean | undefined
    fork?: string | undefined
    'fork-seqno'?: string | undefined
    'fork-no-cache'?: boolean | undefined
    'fork-fund-from'?: string[] | undefined
    'fork-seed'?: string | undefined
    'chain-api'?: string | undefined
    'log-level'?: string | undefined
    'max-lag'?: string | undefined
  }
  try {
    values = parseArgs({
      args: joinNegativeValues(argv, STRING_OPTIONS),
      options: SERVE_OPTIONS,
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'argv',
      reason: `${error instanceof Error ? error.message : String(error)} (options: --db <file | postgres://…> --host <ip> --port <n> --demo-swaps <n> --block-time <s> --no-cors --read-only --follow <url> --follow-mode blocks|accounts --api-key <key> --rps <n|unlimited> --from-seqno <n> --routers <address,…> --farms <address,…> --staking <address> --venues <address,…> --fork <url> --fork-seqno <n|-k> --fork-no-cache --fork-seed <market.json> --fork-fund-from <jetton>=<holder> --chain-api <url> --log-level <level> --max-lag <s>)`,
    })
  }
  const portText = values.port ?? env.PORT ?? String(DEFAULT_SERVE_OPTIONS.port)
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN
  if (!(port >= 0 && port <= 65_535)) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'port',
      reason: 'must be 0..65535',
    })
  }
  const swapsText = values['demo-swaps'] ?? env.DEMO_SWAPS
  if (swapsText !== undefined && !/^\d{1,7}$/.test(swapsText)) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'demo-swaps',
      reason: 'must be a whole number of swaps (0..9999999)',
    })
  }
  const blockTimeText = values['block-time'] ?? env.BLOCK_TIME
  const blockTime = blockTimeText === undefined ? undefined : Number(blockTimeText)
  if (
    blockTime !== undefined &&
    !(/^\d{1,6}(\.\d{1,3})?$/.test(blockTimeText ?? '') && blockTime >= 0.1)
  ) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'block-time',
      reason: 'must be seconds between blocks, at least 0.1 (e.g. 5 or 0.5)',
    })
  }
  if (values['fork-fund-from'] !== undefined && values.fork === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'fork-fund-from',
      reason: 'funds a fork: give --fork <url> with it',
    })
  }
  if (values.fork !== undefined && values.follow !== undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'fork',
      reason: 'a node either follows a chain (--follow) or forks one (--fork), not both',
    })
  }
  if (values['fork-seed'] !== undefined && values.fork === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'fork-seed',
      reason: 'names the market of a fork: give it with --fork <url>',
    })
  }
  const logLevel = values['log-level'] ?? (env.LOG_LEVEL === '' ? undefined : env.LOG_LEVEL)
  if (logLevel !== undefined && !isLogLevel(logLevel)) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'log-level',
      reason: `'${logLevel}' is not a level: one of ${LOG_LEVELS.join(', ')}`,
    })
  }
  const maxLagText = values['max-lag'] ?? (env.MAX_LAG === '' ? undefined : env.MAX_LAG)
  if (maxLagText !== undefined && !/^\d{1,7}(\.\d{1,3})?$/.test(maxLagText)) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'max-lag',
      reason: `'${maxLagText}' is not a number of seconds (e.g. 60 or 2.5)`,
    })
  }
  const databaseUrl = postgresUrl(values.db, env)
  if (values['read-only'] === true && databaseUrl === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'read-only',
      reason: 'a read-only replica needs --db postgres://… (or DATABASE_URL)',
    })
  }
  const chainApiUrl =
    values['chain-api'] ?? (values['read-only'] === true ? env.CHAIN_API_URL : undefined)
  if (values['chain-api'] !== undefined && values['read-only'] !== true) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'chain-api',
      reason: 'names the TON API a read-only replica asks: give it with --read-only',
    })
  }
  const chainApi =
    chainApiUrl === undefined || chainApiUrl === ''
      ? undefined
      : followOptions(
          { follow: chainApiUrl, 'api-key': values['api-key'], rps: values.rps },
          env,
          'chain-api',
        )
  return {
    dbPath: values.db ?? env.DB_PATH ?? DEFAULT_SERVE_OPTIONS.dbPath,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(values['read-only'] === true ? { readOnly: true } : {}),
    host: values.host ?? env.HOST ?? DEFAULT_SERVE_OPTIONS.host,
    port,
    ...(swapsText === undefined ? {} : { demoSwaps: Number(swapsText) }),
    ...(blockTime === undefined ? {} : { blockTime }),
    ...(values['no-cors'] === true || env.CORS === 'off' ? { cors: false } : {}),
    ...(values.follow === undefined ? {} : { follow: followOptions(values, env) }),
    ...(values.fork === undefined ? {} : { fork: forkOptions(values, env) }),
    ...(chainApi === undefined
      ? {}
      : {
          chainApi: {
            url: chainApi.url,
            ...(chainApi.apiKey === undefined ? {} : { apiKey: chainApi.apiKey }),
            ...(chainApi.rps === undefined ? {} : { rps: chainApi.rps }),
          },
        }),
    ...(logLevel === undefined ? {} : { logLevel }),
    ...(maxLagText === undefined ? {} : { maxLagSeconds: Number(maxLagText) }),
  }
}

/** The options of `serve`, as Node's argument parser takes them. */
const SERVE_OPTIONS = {
  db: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'demo-swaps': { type: 'string' },
  'block-time': { type: 'string' },
  'no-cors': { type: 'boolean' },
  follow: { type: 'string' },
  'follow-mode': { type: 'string' },
  'api-key': { type: 'string' },
  rps: { type: 'string' },
  'from-seqno': { type: 'string' },
  routers: { type: 'string' },
  farms: { type: 'string' },
  staking: { type: 'string' },
  venues: { type: 'string' },
  'read-only': { type: 'boolean' },
  fork: { type: 'string' },
  'fork-seqno': { type: 'string' },
  'fork-no-cache': { type: 'boolean' },
  'fork-fund-from': { type: 'string', multiple: true },
  'fork-seed': { type: 'string' },
  'chain-api': { type: 'string' },
  'log-level': { type: 'string' },
  'max-lag': { type: 'string' },
} as const satisfies Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>

/** `--name` of each option that takes a value. */
const STRING_OPTIONS: ReadonlySet<string> = new Set(
  Object.entries(SERVE_OPTIONS)
    .filter(([, option]) => option.type === 'string')
    .map(([name]) => `--${name}`),
)

/**
 * An option's negative number as its value (`--fork-seqno -3` as `--fork-seqno=-3`): Node's
 * argument parser takes a value that starts with a dash for an option otherwise, and answered
 * `--rps -1` with "ambiguous" instead of the option's own range message.
 */
function joinNegativeValues(argv: readonly string[], valued: ReadonlySet<string>): string[] {
  const args: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const next = argv[i + 1]
    if (valued.has(arg) && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`)
      i++
    } else args.push(arg)
  }
  return args
}

/** The `--fork` group of {@link parseServeOptions} (`--api-key` and `--rps` as `--follow`'s). */
function forkOptions(
  values: {
    fork?: string | undefined
    'fork-seqno'?: string | undefined
    'fork-no-cache'?: boolean | undefined
    'fork-fund-from'?: string[] | undefined
    'fork-seed'?: string | undefined
    'api-key'?: string | undefined
    rps?: string | undefined
  },
  env: Readonly<Record<string, string | undefined>>,
): ForkServeOptions {
  const { url, apiKey, rps } = followOptions(
    { follow: values.fork, 'api-key': values['api-key'], rps: values.rps },
    env,
    'fork',
  )
  const seqnoText = values['fork-seqno']
  if (seqnoText !== undefined && !/^-?\d{1,10}$/.test(seqnoText)) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'fork-seqno',
      reason: 'must be a masterchain block number, or -k for k blocks before the head',
    })
  }
  let seed: ForkSeed | undefined
  const seedPath = values['fork-seed']
  if (seedPath !== undefined) {
    try {
      seed = readForkSeed(seedPath)
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw error
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'fork-seed',
        reason: `${seedPath} is not a market seed (ton-dex-lab import's format): ${error.message}`,
      })
    }
  }
  return {
    url,
    ...(seqnoText === undefined ? {} : { seqno: Number(seqnoText) }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(rps === undefined ? {} : { rps }),
    ...(values['fork-no-cache'] === true ? { noCache: true } : {}),
    ...(values['fork-fund-from'] === undefined
      ? {}
      : { fundFrom: fundFromOptions(values['fork-fund-from']) }),
    ...(seed === undefined ? {} : { seed }),
  }
}

/** `--fork-fund-from` values: each `<jetton>=<holder>`, or a comma list of them. */
function fundFromOptions(
  texts: readonly string[],
): { readonly jetton: string; readonly holder: string }[] {
  const pairs: { jetton: string; holder: string }[] = []
  const items = texts.flatMap((text) => text.split(','))
  for (const [i, item] of items.entries()) {
    const [jettonText, holderText, ...rest] = item.trim().split('=')
    const jetton = canonicalAddressText(jettonText ?? '')
    const holder = canonicalAddressText(holderText ?? '')
    if (rest.length > 0 || jetton === undefined || holder === undefined) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'fork-fund-from',
        reason: `item ${i + 1} ('${item}') must be <jetton master address>=<holder address>`,
      })
    }
    if (pairs.some((p) => p.jetton === jetton)) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'fork-fund-from',
        reason: `item ${i + 1} names a holder of ${jetton} again: one holder per jetton`,
      })
    }
    pairs.push({ jetton, holder })
  }
  return pairs
}

/**
 * The `--follow` group of {@link parseServeOptions} (also `retrace`'s `--upstream`, `--api-key`,
 * `--rps`).
 *
 * @example
 * ```ts
 * followOptions({ follow: 'http://127.0.0.1:8081', rps: 'unlimited' }, {}, 'upstream').rps // Infinity
 * ```
 * @throws {InvalidParameterError} naming the field (`upstream`, `rps`, …).
 */
export function followOptions(
  values: {
    follow?: string | undefined
    'follow-mode'?: string | undefined
    'api-key'?: string | undefined
    rps?: string | undefined
    'from-seqno'?: string | undefined
    routers?: string | undefined
    farms?: string | undefined
    staking?: string | undefined
    venues?: string | undefined
  },
  env: Readonly<Record<string, string | undefined>>,
  urlField: 'follow' | 'fork' | 'chain-api' | 'upstream' = 'follow',
): FollowOptions {
  const bad = (field: string, reason: string) =>
    new InvalidParameterError({ code: 'INVALID_PARAMETER', field, reason })
  const url = values.follow as string
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw bad(urlField, 'must be an http(s) URL of a TON HTTP API')
  }
  const mode = values['follow-mode'] ?? 'blocks'
  if (mode !== 'blocks' && mode !== 'accounts') {
    throw bad('follow-mode', "must be 'blocks' or 'accounts'")
  }
  const apiKey = values['api-key'] ?? env.TONCENTER_API_KEY
  const rpsText = values.rps
  let rps: number | undefined
  if (rpsText !== undefined) {
    rps = rpsText === 'unlimited' ? Number.POSITIVE_INFINITY : Number(rpsText)
    if (!(rps > 0) || !/^(unlimited|\d+(\.\d+)?)$/.test(rpsText)) {
      throw bad('rps', "must be a positive number of requests per second, or 'unlimited'")
    }
  }
  const fromText = values['from-seqno']
  if (fromText !== undefined && !/^\d{1,10}$/.test(fromText)) {
    throw bad('from-seqno', 'must be a masterchain block number')
  }
  /** A comma-separated address list of `field`, each canonical; `undefined` when not given. */
  const addresses = (field: string, text: string | undefined, what: string) => {
    if (text === undefined) return undefined
    const list = text.split(',').map((item, i) => {
      const address = canonicalAddressText(item.trim())
      if (address === undefined) {
        throw bad(field, `item ${i + 1} ('${item}') is not a TON address`)
      }
      return address
    })
    if (list.length === 0) throw bad(field, `name at least one ${what}`)
    return list
  }
  const routers = addresses('routers', values.routers, 'router')
  const farms = addresses('farms', values.farms, 'farm minter')
  const staking = addresses('staking', values.staking, 'staking minter')
  const venueItems = addresses('venues', values.venues, 'venue minter')
  const venues = venueItems === undefined ? undefined : [...new Set(venueItems)]
  return {
    url,
    mode,
    ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
    ...(rps === undefined ? {} : { rps }),
    ...(fromText === undefined ? {} : { fromSeqno: Number(fromText) }),
    ...(routers === undefined ? {} : { routers }),
    ...(farms === undefined ? {} : { farms }),
    ...(staking === undefined ? {} : { staking }),
    ...(venues === undefined ? {} : { venues }),
  }
}

/**
 * The PostgreSQL URL that `--db` (or, without `--db`, `DATABASE_URL`) names, if any.
 *
 * @example
 * ```ts
 * postgresUrl(undefined, { DATABASE_URL: 'postgres://dex@db/dex' }) // 'postgres://dex@db/dex'
 * postgresUrl('./data/x.sqlite', {}) // undefined
 * ```
 */
export function postgresUrl(
  db: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const isPostgres = (value: string) => /^postgres(ql)?:\/\//.test(value)
  if (db !== undefined) return isPostgres(db) ? db : undefined
  const fromEnv = env.DATABASE_URL
  return fromEnv !== undefined && fromEnv !== '' && isPostgres(fromEnv) ? fromEnv : undefined
}
