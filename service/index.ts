/**
 * `ton-dex-lab/service`: the offline REST API (wire-compatible with the official
 * `@ston-fi/api` client) over its SQLite store, and the market-snapshot importer. The service
 * only reads the store; the local exchange that fills it (chain, indexer, demo market) is
 * `ton-dex-lab/local`.
 *
 * @example
 * ```ts
 * import { createSqliteStore } from 'ton-dex-lab/store'
 * import { createService, importSnapshotFile } from 'ton-dex-lab/service'
 * const store = createSqliteStore({ path: './data/market.sqlite' })
 * await importSnapshotFile(store, 'market.json')
 * const app = await createService({ store })
 * (await app.inject('/v1/pools')).json().pool_list.length // 16
 * ```
 * @module
 */

export { deriveJettonWalletAddress } from './address/jettonWalletAddress.js'
export type { ChainReader } from './chain/ChainReader.js'
export {
  type CreateServiceOptions,
  createService,
  type ServiceServerOptions,
} from './createService.js'
export { type InvalidParameterCode, InvalidParameterError } from './errors/InvalidParameterError.js'
export { type NotFoundCode, NotFoundError } from './errors/NotFoundError.js'
export { type ErrorBody, type ErrorResponse, toErrorResponse } from './errors/toErrorResponse.js'
export { type UnprocessableCode, UnprocessableError } from './errors/UnprocessableError.js'
export { type ConditionNode, evaluateCondition, parseCondition } from './query/condition.js'
export { DEFAULT_QUERY_LIMIT, MAX_QUERY_LIMIT } from './query/queryRequest.js'
export {
  type ImportSummary,
  importSnapshot,
  importSnapshotFile,
} from './snapshot/importSnapshot.js'
export { parseSnapshot } from './snapshot/parseSnapshot.js'
export { SnapshotError } from './snapshot/SnapshotError.js'
