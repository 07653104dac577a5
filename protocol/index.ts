/**
 * `ton-dex-lab/protocol`: the exchange's message formats in one place — op codes, the bodies
 * and forward payloads the contracts exchange (build and decode) and the get-method answers
 * (`contracts.md` §1, §2, §5). The fixture contracts' tests, the emulator and the indexer all
 * use these; the indexer adds byte-level fast readers on top (`ton-dex-lab/indexer`).
 *
 * @example
 * ```ts
 * import { DEX_V2_OP, dexV2SwapPayload } from 'ton-dex-lab/protocol'
 * DEX_V2_OP.swap // 0x6664de2a
 * ```
 * @module
 */

export {
  type DexV1PayTo,
  decodeDexV1PayTo,
  dexV1CollectFeesBody,
  dexV1ProvidePayload,
  dexV1RefundMeBody,
  dexV1RouterData,
  dexV1SetFeesBody,
  dexV1SwapPayload,
} from './dexV1.js'
export {
  dexV2RouterData,
  dexV2SetFeesBody,
  dexV2SetParamsBody,
  dexV2SetRateBody,
  dexV2UpdatePoolStatusBody,
  dexV2UpdateStatusBody,
} from './dexV2Admin.js'
export {
  type DexV2PayTo,
  type DexV2PayVault,
  decodeDexV2PayTo,
  decodeDexV2PayVault,
} from './dexV2Decode.js'
export {
  type DexV2ProvidePayload,
  type DexV2SwapPayload,
  dexV2CollectFeesBody,
  dexV2DirectAddLiquidityBody,
  dexV2ProvidePayload,
  dexV2RefundMeBody,
  dexV2SwapPayload,
  dexV2WithdrawFeeBody,
} from './dexV2Payloads.js'
export { externalMessageHash, normalizedExternalHash } from './externalMessageHash.js'
export { jettonBurnBody, jettonMintBody, jettonMinterData, jettonTransferBody } from './jetton.js'
export { type JettonContent, readJettonContent } from './jettonContent.js'
export {
  type DecodedJettonTransfer,
  decodeJettonTransfer,
  internalTransferAmount,
} from './jettonDecode.js'
export {
  DEX_V1_OP,
  DEX_V2_OP,
  JETTON_OP,
  OP_CODES,
  type OpName,
  PTON_V1_OP,
  PTON_V2_OP,
} from './opCodes.js'
export {
  type DexV1PoolData,
  type DexV2PoolData,
  readDexV1PoolData,
  readDexV2PoolData,
} from './poolData.js'
export { ptonV1DeployWalletBody, ptonV1MinterData } from './ptonV1.js'
export { ptonV2DeployWalletBody, ptonV2MinterData, ptonV2TonTransferBody } from './ptonV2.js'
