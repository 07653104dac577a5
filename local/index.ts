/**
 * `ton-dex-lab/local`: the local exchange, composed. It runs the emulated chain, the indexer
 * following it and the REST API over one SQLite database (`startLocalExchange`, what
 * `npm start` and `ton-dex-lab serve` run), and builds the demo market (a scripted scenario
 * through the emulator, indexed, completed with hand-written reference data).
 *
 * @example
 * ```ts
 * import { startLocalExchange } from 'ton-dex-lab/local'
 * const exchange = await startLocalExchange({ dbPath: './data/dex.sqlite', host: '127.0.0.1', port: 8080 })
 * exchange.url // 'http://127.0.0.1:8080'
 * await exchange.close()
 * ```
 * @module
 */

export { type CliIo, runCli } from './cli.js'
export { demoMarket } from './demo/demoMarket.js'
export {
  runScenario,
  type ScenarioOptions,
  type ScenarioResult,
  type ScenarioSwap,
  TON_ADDRESS,
} from './demo/runScenario.js'
export {
  type SeedDemoOptions,
  seedDemoMarket,
  seedReferenceMarket,
} from './demo/seedDemoMarket.js'
export { DEFAULT_SERVE_OPTIONS, parseServeOptions, type ServeOptions } from './serveOptions.js'
export {
  type RunningLocalExchange,
  type StartLocalExchangeOptions,
  startLocalExchange,
} from './startLocalExchange.js'
