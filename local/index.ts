/**
 * `ton-dex-lab/local`: the local exchange, composed. It runs the live emulated chain
 * (`LiveChain`, journaled in SQLite), the indexer following it, the REST API over the same
 * database, the TON HTTP API (toncenter v2) and the local endpoints (test wallets, faucet,
 * status) on one port (`startLocalExchange`, what `npm start` and `ton-dex-lab serve` run), and
 * builds the demo market (a scripted scenario through the chain, indexed, completed with
 * hand-written reference data). See `docs/local-exchange.md`.
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

export { demoMarket } from '../demo/demoMarket.js'
export {
  type SeedDemoOptions,
  seedDemoMarket,
  seedReferenceMarket,
} from '../demo/seedDemoMarket.js'
export { type CliIo, runCli } from './cli.js'
export {
  FAUCET_JETTON_CAP_TOKENS,
  FAUCET_TON_CAP,
  type FaucetReceipt,
  type FaucetRequest,
  faucet,
} from './faucet.js'
export { LocalExchangeError, type LocalExchangeErrorCode } from './LocalExchangeError.js'
export { liveChainReader } from './liveChainReader.js'
export { type LiveIndexer, type LiveIndexerOptions, startLiveIndexer } from './liveIndexer.js'
export type { LocalLive, LocalStatus } from './localRoutes.js'
export type {
  LocalFunds,
  NodeChainKind,
  NodeContext,
  NodeIndex,
  NodeIndexKind,
  NodeLive,
  NodeParts,
  NodePlugin,
} from './node/NodePlugin.js'
export {
  type RunningNode,
  type StartNodeOptions,
  startNode,
} from './node/startNode.js'
export { LOG_LEVELS, type LogLevel } from './operations/logger.js'
export type { IndexProgress, NodeMetrics } from './operations/metrics.js'
export {
  createNodeOperations,
  type NodeOperations,
  type NodeOperationsOptions,
} from './operations/nodeOperations.js'
export { type OperationsPluginOptions, operationsPlugin } from './operations/operationsPlugin.js'
export { routerAssets } from './routerAssets.js'
export {
  type ChainApiOptions,
  DEFAULT_SERVE_OPTIONS,
  parseServeOptions,
  type ServeOptions,
} from './serveOptions.js'
export {
  type RunningLocalExchange,
  type StartLocalExchangeOptions,
  startLocalExchange,
} from './startLocalExchange.js'
