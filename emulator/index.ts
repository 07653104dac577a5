/**
 * `ton-dex-lab/emulator`: a local STON.fi-compatible exchange (DEX v1, and DEX v2 routers of
 * every pool kind) in `@ton/sandbox`, built from our own Tolk fixture contracts, with helpers that send
 * the messages a wallet would and a transaction stream for indexers.
 *
 * @example
 * ```ts
 * import { createLocalDex } from 'ton-dex-lab/emulator'
 * const dex = await createLocalDex({ now: 1_700_000_000 })
 * ```
 * @module
 */

export {
  DEX_V1_OP,
  DEX_V2_OP,
  JETTON_OP,
  OP_CODES,
  type OpName,
  PTON_V1_OP,
  PTON_V2_OP,
} from '../protocol/opCodes.js'
export type { FeeSettings, PoolParams } from './adminFlows.js'
export { installBocCache, uninstallBocCache } from './bocCache.js'
export { clearCellCache, installCellCache, uninstallCellCache } from './cellCache.js'
export {
  type CreateLocalDexOptions,
  createLocalDex,
  DEFAULT_LOCAL_DEX_NOW,
} from './createLocalDex.js'
export type { CrossSwapReceipt, CrossSwapRequest } from './crossSwapV2.js'
export type { Treasury } from './DexWorld.js'
export {
  LocalBlockchain,
  type LocalBlockchainOptions,
  type TransactionListener,
} from './LocalBlockchain.js'
export type { LocalDex } from './LocalDex.js'
export { LocalDexError, type LocalDexErrorReason } from './LocalDexError.js'
export type { LocalAsset, LocalJetton, LocalPool, LocalPton, LocalRouter } from './model.js'
export { installNativeSha256, uninstallNativeSha256 } from './nativeSha256.js'
export type { BurnReceipt, PayoutReceipt, ProvideReceipt, SwapReceipt } from './receipts.js'
export type { ProvideRequest, SwapRequest } from './requests.js'
export { sideOf } from './routing.js'
export type { FailedTransaction } from './transactions.js'
