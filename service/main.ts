/**
 * `npm start`: serves the offline REST API. Options `--db <file>` (or `DB_PATH`, default
 * `./data/ton-dex-lab.sqlite`), `--host <ip>` (or `HOST`, default 127.0.0.1), `--port <n>`
 * (or `PORT`, default 8080). An empty database is seeded with the demo market, built by running
 * a scripted scenario through the emulator and indexing it (progress bar on stderr;
 * `DEMO_SWAPS` sets the scenario's swap count, default 1 500: 33–55 s on two cores).
 * @module
 */
import { BaseError } from '../core/errors/BaseError.js'
import { parseServeOptions } from './serveOptions.js'
import { startService } from './startService.js'

try {
  const options = parseServeOptions(process.argv.slice(2), process.env)
  const swaps = process.env.DEMO_SWAPS
  const service = await startService({
    ...options,
    progress: process.stderr,
    ...(swaps !== undefined && /^\d+$/.test(swaps) ? { demoSwaps: Number(swaps) } : {}),
  })
  console.log(`ton-dex-lab service listening on ${service.url}`)
  console.log(`  Swagger UI: ${service.url}/swagger-ui/`)
  console.log(`  Redoc:      ${service.url}/redoc`)
  console.log(
    `  Database:   ${options.dbPath}${service.seeded ? ' (new: demo market seeded)' : ''}`,
  )
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof BaseError ? error.message : error)
  process.exitCode = 1
}
