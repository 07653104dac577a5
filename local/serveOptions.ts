import { parseArgs } from 'node:util'
import { InvalidParameterError } from '../service/errors/InvalidParameterError.js'

/** Where and how `npm start` (`ton-dex-lab serve`) serves. */
export type ServeOptions = {
  /** SQLite file (created if missing). */
  readonly dbPath: string
  /**
   * A PostgreSQL database instead of the SQLite file: `--db postgres://…` (or
   * `postgresql://…`), else `DATABASE_URL` when no `--db` is given. The REST API is then
   * served from it, with no chain (see `startDatabaseServer`).
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
   * Answer cross-origin calls and preflights on the REST API (default true, so browser dApps
   * can call it; `--no-cors` or `CORS=off` turns it off). The TON HTTP API and `/local/*`
   * always allow them.
   */
  readonly cors?: boolean | undefined
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
    'no-cors'?: boolean | undefined
    'read-only'?: boolean | undefined
  }
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        db: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'demo-swaps': { type: 'string' },
        'no-cors': { type: 'boolean' },
        'read-only': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'argv',
      reason: `${error instanceof Error ? error.message : String(error)} (options: --db <file | postgres://…> --host <ip> --port <n> --demo-swaps <n> --no-cors --read-only)`,
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
  const databaseUrl = postgresUrl(values.db, env)
  if (values['read-only'] === true && databaseUrl === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'read-only',
      reason: 'a read-only replica needs --db postgres://… (or DATABASE_URL)',
    })
  }
  return {
    dbPath: values.db ?? env.DB_PATH ?? DEFAULT_SERVE_OPTIONS.dbPath,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(values['read-only'] === true ? { readOnly: true } : {}),
    host: values.host ?? env.HOST ?? DEFAULT_SERVE_OPTIONS.host,
    port,
    ...(swapsText === undefined ? {} : { demoSwaps: Number(swapsText) }),
    ...(values['no-cors'] === true || env.CORS === 'off' ? { cors: false } : {}),
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
