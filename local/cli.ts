/**
 * The `ton-dex-lab` command (`bin/ton-dex-lab.js`, and `npm start` = `ton-dex-lab serve`):
 * `ton-dex-lab import <snapshot.json> [--db <file>]` loads a market snapshot (the live API's own
 * JSON bodies, see `docs/service.md`) into the database, all or nothing;
 * `ton-dex-lab serve [--db] [--host] [--port] [--demo-swaps] [--no-cors]` runs the local exchange until
 * SIGINT or SIGTERM (`--db postgres://…`: on PostgreSQL; `--read-only`: a REST replica of
 * one); `ton-dex-lab serve --follow <TON API URL> [--follow-mode blocks|accounts] [--api-key]
 * [--rps] [--from-seqno] [--routers] [--farms] [--staking]` serves the REST API over a followed chain instead;
 * `ton-dex-lab serve --fork <TON API URL> [--fork-seqno <n|-k>] [--api-key] [--rps]
 * [--fork-no-cache] [--fork-seed <market.json>] [--fork-fund-from <jetton>=<holder>]` runs a
 * local chain forked from a live one at a pinned block, with the REST API over the upstream's
 * market adopted at that block.
 * @module
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { forkOfDatabase } from '../chain/fork/ForkCache.js'
import { BaseError } from '../core/errors/BaseError.js'
import { importSnapshotFile } from '../service/snapshot/importSnapshot.js'
import { createPostgresStore } from '../store/postgres/createPostgresStore.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { redact, urlSecrets } from '../upstream/redact.js'
import { LocalExchangeError } from './LocalExchangeError.js'
import { FORK_KEY_WARNING } from './node/forkNode.js'
import { createNodeOperations } from './operations/nodeOperations.js'
import { runRetraceCommand } from './retraceCommand.js'
import { DEFAULT_SERVE_OPTIONS, parseServeOptions, postgresUrl } from './serveOptions.js'
import { startDatabaseServer } from './startDatabaseServer.js'
import { type RunningFollowNode, startFollowNode } from './startFollowNode.js'
import { type RunningForkNode, startForkNode } from './startForkNode.js'
import { type RunningLocalExchange, startLocalExchange } from './startLocalExchange.js'

const USAGE = `Usage:
  ton-dex-lab import <snapshot.json> [--db <file>]   load a market snapshot (all or nothing)
  ton-dex-lab serve [--db <file>] [--host <ip>] [--port <n>] [--demo-swaps <n>] [--block-time <s>] [--no-cors]
                                                     run the local exchange (npm start)
  ton-dex-lab serve --db postgres://user:pass@host:port/db [--host] [--port]
                                                     run the local exchange on PostgreSQL
  ton-dex-lab serve --read-only --db postgres://… [--host] [--port]
                                                     a REST replica of a PostgreSQL database
  ton-dex-lab serve --follow <TON API URL> [--follow-mode blocks|accounts] [--api-key <key>]
        [--rps <n|unlimited>] [--from-seqno <n>] [--routers <address,…>] [--farms <address,…>]
        [--staking <address>] [--venues <address,…>] [--db] [--host] [--port]
                                                     a REST API over a followed chain
  ton-dex-lab serve --fork <TON API URL> [--fork-seqno <n|-k>] [--api-key <key>] [--rps <n|unlimited>]
        [--fork-no-cache] [--fork-seed <market.json>] [--fork-fund-from <jetton>=<holder>,…]
        [--db <file>] [--host] [--port]
                                                     a local chain forked from a live one (test wallets only)
  ton-dex-lab retrace <tx hash | address:lt> --upstream <TON API URL> [--api-key <key>] [--rps <n|unlimited>] [--trace] [--json]
                                                     replay a mainnet transaction exactly and explain it (exit 0 identical, 1 different, 2 bad input)
Database: --db, else DATABASE_URL (postgres://…), else DB_PATH, else ${DEFAULT_SERVE_OPTIONS.dbPath};
HOST, PORT, DEMO_SWAPS, BLOCK_TIME, CORS=off, TONCENTER_API_KEY
Operators (every serve mode): --log-level <trace|debug|info|warn|error|fatal|silent> (LOG_LEVEL, default warn),
  --max-lag <s> (MAX_LAG, readiness of a follower or a replica, default 60); GET /healthz, /readyz, /metrics`

/** Where {@link runCli} writes and what it listens to; every field defaults to the process's. */
export type CliIo = {
  /** Result lines (default `console.log`). */
  readonly out?: ((line: string) => void) | undefined
  /** Errors (default `console.error`). */
  readonly err?: ((line: string) => void) | undefined
  /** Environment read for defaults (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined
  /** Stream of the demo build's progress bar (default `process.stderr`). */
  readonly progress?: NodeJS.WriteStream | undefined
  /** Emitter of `SIGINT` / `SIGTERM` that stop `serve` (default `process`). */
  readonly signals?: NodeJS.EventEmitter | undefined
}

/**
 * Runs the command line; resolves to the process exit code (0 ok, 1 failed, 2 bad usage).
 * `serve` resolves once a `SIGINT` or `SIGTERM` has stopped the exchange and closed the
 * database.
 *
 * @example
 * ```ts
 * await runCli(['import', 'market.json', '--db', './data/x.sqlite']) // 0
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const out = io.out ?? console.log
  const err = io.err ?? console.error
  const env = io.env ?? process.env
  const [command, ...rest] = argv
  if (command === 'import') {
    let file: string | undefined
    let db: string | undefined
    try {
      const parsed = parseArgs({
        args: rest,
        options: { db: { type: 'string' } },
        allowPositionals: true,
        strict: true,
      })
      if (parsed.positionals.length !== 1) throw new Error('expected exactly one snapshot file')
      file = parsed.positionals[0] as string
      db = parsed.values.db
    } catch (error) {
      err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
      return 2
    }
    const databaseUrl = postgresUrl(db, env)
    const dbPath =
      databaseUrl === undefined
        ? (db ?? env.DB_PATH ?? DEFAULT_SERVE_OPTIONS.dbPath)
        : redact(databaseUrl)
    try {
      const store =
        databaseUrl === undefined
          ? createSqliteStore({ path: dbPath })
          : await createPostgresStore({ url: databaseUrl })
      try {
        const summary = await importSnapshotFile(store, file)
        out(
          `Imported ${file} into ${dbPath}: ${summary.routers} routers, ${summary.assets} assets, ${summary.pools} pools, ${summary.farms} farms, ${summary.jettonWallets} jetton wallets.`,
        )
        return 0
      } finally {
        await store.close()
      }
    } catch (error) {
      err(
        `Import failed, nothing changed: ${error instanceof BaseError ? error.message : String(error)}`,
      )
      return 1
    }
  }
  if (command === 'serve') {
    let options: ReturnType<typeof parseServeOptions>
    try {
      options = parseServeOptions(rest, env)
    } catch (error) {
      err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
      return 2
    }
    // Signals are caught from the start: one during start-up stops the exchange as soon as it
    // is up (the database is never left half-written); a second one quits at once.
    const signals = io.signals ?? process
    let requested = false
    let started = false
    let onStop: (() => void) | undefined
    const stopped = new Promise<void>((resolve) => {
      onStop = resolve
    })
    const handle = (signal: string) => {
      if (requested) {
        err(`${signal} again: quitting without closing the database.`)
        process.exit(130)
      }
      requested = true
      if (!started)
        err(
          `${signal}: stopping as soon as the start-up step in progress ends (again to quit now).`,
        )
      onStop?.()
    }
    signals.on('SIGINT', handle)
    signals.on('SIGTERM', handle)
    const follow = options.follow
    const fork = options.fork
    // Logs (JSON lines, secrets hidden), metrics, /healthz and /readyz, the drain on a signal.
    const apiKey = follow?.apiKey ?? fork?.apiKey
    const operations = createNodeOperations({
      kind:
        fork !== undefined
          ? 'fork'
          : follow !== undefined
            ? 'follow'
            : options.readOnly === true
              ? 'replica'
              : 'local',
      logLevel: options.logLevel,
      secrets: [...(apiKey === undefined ? [] : [apiKey]), ...urlSecrets(options.databaseUrl)],
    })
    const consoleProgress = io.progress ?? process.stderr
    if (options.readOnly === true && options.databaseUrl !== undefined && follow === undefined) {
      return serveDatabase({ ...options, databaseUrl: options.databaseUrl, operations }, stopped, {
        out,
        err,
        requested: () => requested,
        started: () => {
          started = true
        },
        unlisten: () => {
          signals.off('SIGINT', handle)
          signals.off('SIGTERM', handle)
        },
      })
    }
    const database =
      options.databaseUrl === undefined ? options.dbPath : redact(options.databaseUrl)
    err(
      fork !== undefined
        ? `Forking ${redact(fork.url)} into ${database} …`
        : follow === undefined
          ? `Starting the local exchange on ${database} …`
          : `Following ${redact(follow.url)} into ${options.databaseUrl === undefined ? options.dbPath : 'PostgreSQL'} …`,
    )
    try {
      let exchange: { close(): Promise<void> }
      try {
        if (fork !== undefined) {
          const node = await startForkNode({ ...options, fork, operations, consoleProgress })
          exchange = node
          if (!requested) for (const line of forkBanner(node, database)) out(line)
        } else if (follow === undefined) {
          const forkedDb =
            options.databaseUrl === undefined ? forkOfDatabase(options.dbPath) : undefined
          if (forkedDb !== undefined) {
            throw new LocalExchangeError({
              code: 'FORK_DATABASE',
              message: `${options.dbPath} is a fork of ${forkedDb.upstream} at block ${forkedDb.seqno}: start it with --fork ${forkedDb.upstream}.`,
            })
          }
          const local = await startLocalExchange({
            ...options,
            progress: consoleProgress,
            datedHistory: true,
            operations,
          })
          exchange = local
          if (!requested) for (const line of banner(local, database)) out(line)
        } else {
          const node = await startFollowNode({ ...options, follow, operations, consoleProgress })
          exchange = node
          if (!requested) for (const line of followBanner(node, options.dbPath)) out(line)
        }
      } catch (error) {
        err(error instanceof BaseError ? error.message : String(error))
        return 1
      }
      started = true
      await stopped
      try {
        await exchange.close()
        return 0
      } catch (error) {
        err(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`)
        return 1
      }
    } finally {
      signals.off('SIGINT', handle)
      signals.off('SIGTERM', handle)
    }
  }
  if (command === 'retrace') return runRetraceCommand(rest, { out, err, env })
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE)
    return command === undefined ? 2 : 0
  }
  err(`Unknown command "${command}".\n${USAGE}`)
  return 2
}

/** `serve --read-only --db postgres://…`: a REST replica until a signal stops it. */
async function serveDatabase(
  options: ReturnType<typeof parseServeOptions> & {
    databaseUrl: string
    operations: ReturnType<typeof createNodeOperations>
  },
  stopped: Promise<void>,
  io: {
    out: (line: string) => void
    err: (line: string) => void
    requested: () => boolean
    started: () => void
    unlisten: () => void
  },
): Promise<number> {
  const what = options.readOnly === true ? 'a read-only replica of' : 'the REST API on'
  io.err(`Starting ${what} ${redact(options.databaseUrl)} …`)
  try {
    let server: Awaited<ReturnType<typeof startDatabaseServer>>
    try {
      server = await startDatabaseServer({ ...options, databaseUrl: options.databaseUrl })
    } catch (error) {
      io.err(error instanceof BaseError ? error.message : String(error))
      return 1
    }
    io.started()
    if (!io.requested()) {
      io.out(`ton-dex-lab REST API listening on ${server.url}`)
      io.out(`  Swagger UI: ${server.url}/swagger-ui/`)
      io.out(
        `  Database:   ${server.database}${options.readOnly === true ? ' (read-only replica)' : ''}`,
      )
      if (options.chainApi !== undefined) io.out(`  Chain API:  ${options.chainApi.url}`)
      io.out('  No chain: the database is written by another process. Ctrl-C stops it.')
    }
    await stopped
    try {
      await server.close()
      return 0
    } catch (error) {
      io.err(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`)
      return 1
    }
  } finally {
    io.unlisten()
  }
}

/** What `serve` prints once it listens. */
function banner(exchange: RunningLocalExchange, dbPath: string): string[] {
  const url = exchange.url
  const lines = [
    `ton-dex-lab local exchange listening on ${url}`,
    `  Swagger UI: ${url}/swagger-ui/`,
    `  Redoc:      ${url}/redoc`,
    `  Database:   ${dbPath}${exchange.seeded ? ' (new: demo market seeded)' : ''}`,
  ]
  if (exchange.chain === undefined) {
    lines.push('  No chain: a snapshot database, served read-only.', 'Ctrl-C stops it.')
    return lines
  }
  lines.push(
    `  TON HTTP API (toncenter v2): ${url}/api/v2/jsonRPC`,
    `  Faucet:     POST ${url}/local/faucet  { "address", "asset", "amount" }`,
    '',
    'Test wallets (v4r2, funded with TON, USDT and STON). LOCAL USE ONLY: these mnemonics are public.',
  )
  for (const wallet of exchange.wallets) {
    lines.push(
      `  ${wallet.name.padEnd(8)}${wallet.address.toString({ bounceable: false })}`,
      `          ${wallet.mnemonic.join(' ')}`,
    )
  }
  lines.push('Ctrl-C stops it.')
  return lines
}

/** What `serve --fork` prints once it listens. */
function forkBanner(node: RunningForkNode, dbPath: string): string[] {
  const url = node.url
  const status = node.fork.status()
  return [
    `ton-dex-lab fork listening on ${url}: ${redact(status.url)} at block ${status.seqno} (${status.exact ? 'exact' : 'approximate: the upstream has no getShardAccountCell, storage stats start at zero'})`,
    `  TON HTTP API (toncenter v2): ${url}/api/v2/jsonRPC  (sendBoc runs here only, never upstream)`,
    `  Status:     ${url}/local/status`,
    `  Test funds: ${url}/local/wallets, POST ${url}/local/faucet  (the fork's state only)`,
    `  Swagger UI: ${url}/swagger-ui/`,
    `  Database:   ${dbPath}`,
    `  WARNING: ${FORK_KEY_WARNING}`,
    'Ctrl-C stops it.',
  ]
}

/** What `serve --follow` prints once it listens. */
function followBanner(node: RunningFollowNode, dbPath: string): string[] {
  const url = node.url
  return [
    `ton-dex-lab REST API listening on ${url}, following ${node.upstream}`,
    `  Status:     ${url}/local/status`,
    `  Swagger UI: ${url}/swagger-ui/`,
    `  Database:   ${dbPath}`,
    `  Routers:    ${node.routers.join(', ')}`,
    `  Farms:      ${node.farmMinters.join(', ') || 'none'}`,
    `  Staking:    ${node.stakingMinters.join(', ') || 'none'}`,
    'Ctrl-C stops it.',
  ]
}

/** Whether this module is the process's entry point (`node --import tsx local/cli.ts …`). */
function isEntryPoint(): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}

if (isEntryPoint()) process.exitCode = await runCli(process.argv.slice(2))
