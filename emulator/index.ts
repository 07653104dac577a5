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
export type { LocalEscrow, LocalFeeVaultMinter, VenueCreditReceipt } from './escrowFlows.js'
export type { FarmReceipt, FarmRewardSpec, LocalFarm } from './farmFlows.js'
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
export type { LocalStaking } from './stakeFlows.js'
export type { FailedTransaction } from './transactions.js'
