/**
 * `ton-dex-lab/upstream`: the client of a remote TON HTTP API (toncenter v2 JSON-RPC and the v3
 * GETs, or another ton-dex-lab) that both the chain layer (a fork's state) and the indexer (a
 * follower's blocks) read through: a request cap, and every failure classified as a
 * {@link RetryableSourceError} (ask again later: 429, 5xx, timeouts, a block not there yet) or a
 * {@link FatalSourceError} (asking again cannot help: a refusal, data that fails its own
 * checks, a hole in the history).
 *
 * @example
 * ```ts
 * import { createTonApiClient, withRetries } from 'ton-dex-lab/upstream'
 * const client = createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey, rps: 10 })
 * const info = await withRetries(() => client.call<{ last: { seqno: number } }>('getMasterchainInfo', {}))
 * info.last.seqno // 53_012_345
 * ```
 * @module
 */

export {
  FatalSourceError,
  type FatalSourceErrorCode,
  isRetryable,
  RetryableSourceError,
  type RetryableSourceErrorCode,
} from './errors.js'
export {
  createTonApiClient,
  type TonApiClient,
  type TonApiClientEvent,
  type TonApiClientOptions,
  type TonApiClientStats,
} from './tonApiClient.js'
export {
  parseToncenterStack,
  runGetMethodAt,
  runGetterAt,
  toToncenterStack,
} from './tonApiStack.js'
export {
  type BlockHeader,
  type BlockId,
  blockHeader,
  headReader,
  MASTERCHAIN_SHARD,
  type RawTransaction,
  type UpstreamHead,
  verifiedTransaction,
} from './tonApiWire.js'
export { withRetries } from './withRetries.js'
