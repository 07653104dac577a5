/**
 * The `ton-dex-lab` command: `ton-dex-lab import <snapshot.json> [--db <file>]` loads a market
 * snapshot (the live API's own JSON bodies, see `docs/service.md`) into the database, all or
 * nothing; `ton-dex-lab serve [--db] [--host] [--port]` is `npm start`.
 * @module
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { BaseError } from '../core/errors/BaseError.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { DEFAULT_SERVE_OPTIONS, parseServeOptions } from './serveOptions.js'
import { importSnapshotFile } from './snapshot/importSnapshot.js'
import { startService } from './startService.js'

const USAGE = `Usage:
  ton-dex-lab import <snapshot.json> [--db <file>]   load a market snapshot (all or nothing)
  ton-dex-lab serve [--db <file>] [--host <ip>] [--port <n>]   serve the REST API
Database: --db, else DB_PATH, else ${DEFAULT_SERVE_OPTIONS.dbPath}`

/**
 * Runs the command line; resolves to the process exit code (0 ok, 1 failed, 2 bad usage).
 * Output goes to `out` / `err` (default: the console).
 *
 * @example
 * ```ts
 * await runCli(['import', 'market.json', '--db', './data/x.sqlite']) // 0
 * ```
 */
export async function runCli(
  argv: readonly string[],
  {
    out = console.log,
    err = console.error,
  }: { out?: (line: string) => void; err?: (line: string) => void } = {},
): Promise<number> {
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
    const dbPath = db ?? process.env.DB_PATH ?? DEFAULT_SERVE_OPTIONS.dbPath
    try {
      const store = createSqliteStore({ path: dbPath })
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
    try {
      const service = await startService(parseServeOptions(rest, process.env))
      out(`ton-dex-lab service listening on ${service.url}`)
      out(`  Swagger UI: ${service.url}/swagger-ui/`)
      out(`  Redoc:      ${service.url}/redoc`)
      return 0
    } catch (error) {
      err(error instanceof BaseError ? error.message : String(error))
      return 1
    }
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE)
    return command === undefined ? 2 : 0
  }
  err(`Unknown command "${command}".\n${USAGE}`)
  return 2
}

/** Whether this module is the process's entry point (`node --import tsx service/cli.ts …`). */
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
