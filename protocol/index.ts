/**
 * `ton-dex-lab/protocol`: the exchange's message formats in one place — op codes, the bodies
 * and forward payloads the contracts exchange (build them, and decode every body with one
 * byte-level decoder per layout: `decodeBody`), the get-method answers (`docs/contracts.md` §1, §2,
 * §5), and the vocabularies the layers above share: result codes (`swap_ok`, `burn_ok`,
 * `bounce`, …) and transaction kinds (`v2.swap`, `external`, `other`, …). The fixture
 * contracts' tests, the emulator, the indexer and the REST API all use these.
 *
 * @example
 * ```ts
 * import { DEX_V2_OP, decodeBody, resultName } from 'ton-dex-lab/protocol'
 * DEX_V2_OP.swap // 0x6664de2a
 * decodeBody(payTo)?.type // 'v2.pay_to'
 * resultName(0xc64370e5) // 'swap_ok'
 * ```
 * @module
 */

export { addressText, canonicalAddressText } from './addressText.js'
export type {
  AdminBody,
  V2KindParams,
  V2LpAccountDataReply,
  V2PoolDataReply,
} from './decode/AdminBody.js'
export type {
  DecodedBody,
  DecodedBodyType,
  PayAmounts,
  V2ProvidePayload,
  V2SwapPayload,
} from './decode/DecodedBody.js'
export { decodeBody, decodeBodyAs, opOf } from './decode/decodeBody.js'
export {
  type ClaimedPerUnit,
  decodeFarmItemBody,
  decodeFarmMinterBody,
  decodeFarmPayload,
  decodeStakeItemBody,
  decodeStakeMinterBody,
  decodeStakePayload,
  type FarmItemBody,
  type FarmMinterBody,
  type FarmPayload,
  type StakeItemBody,
  type StakeLockPayload,
  type StakeMinterBody,
} from './decode/farmDecoders.js'
export { readBouncedJettons } from './decode/readBouncedJettons.js'
export type { TonBody } from './decode/TonBody.js'
export {
  decodeEscrowFactoryBody,
  decodeEscrowPayload,
  decodeEscrowVaultBody,
  decodeFeeVaultBody,
  decodeFeeVaultMinterBody,
  decodeFeeVaultPayload,
  type EscrowFactoryBody,
  type EscrowPayload,
  type EscrowVaultBody,
  type FeeVaultBody,
  type FeeVaultMinterBody,
  type FeeVaultPayload,
} from './decode/venueDecoders.js'
export {
  type LpAccountData,
  readLpAccountData,
  readVaultData,
  type VaultData,
} from './dex/accountData.js'
export {
  DEX_LP_ACCOUNT_ADDRESS,
  DEX_LP_ACCOUNT_DATA,
  DEX_POOL_ADDRESS,
  DEX_V1_POOL_DATA,
  DEX_V1_ROUTER_DATA,
  DEX_V2_POOL_LOCKED,
  DEX_V2_ROUTER_DATA,
  DEX_VAULT_ADDRESS,
  DEX_VAULT_DATA,
  type DexV1RouterData,
  type DexV2RouterData,
  dexV2PoolData,
} from './dex/getMethods.js'
export {
  type DexV1PoolData,
  type DexV2PoolData,
  readDexV1PoolData,
  readDexV2PoolData,
} from './dex/poolData.js'
export {
  KIND_OF_ROUTER_TYPE,
  type KindParamName,
  type KindParams,
  kindHasParam,
  POOL_KIND_FACTS,
  type PoolDataExtra,
  type PoolKindFacts,
  ROUTER_TYPE_OF_KIND,
  ROUTER_TYPES,
  type RouterType,
  readKindStorageTail,
  UNMODELLED_ROUTER_TYPES,
} from './dex/poolKinds.js'
export { dexV1RouterData, dexV2RouterData } from './dex/routerStorage.js'
export {
  dexV1CollectFeesBody,
  dexV1ProvidePayload,
  dexV1RefundMeBody,
  dexV1SetFeesBody,
  dexV1SwapPayload,
} from './dex/v1Messages.js'
export {
  dexV2SetFeesBody,
  dexV2SetParamsBody,
  dexV2SetRateBody,
  dexV2UpdatePoolStatusBody,
  dexV2UpdateStatusBody,
} from './dex/v2AdminMessages.js'
export {
  type DexV2ProvidePayload,
  type DexV2SwapPayload,
  dexV2CollectFeesBody,
  dexV2DirectAddLiquidityBody,
  dexV2ProvidePayload,
  dexV2RefundMeBody,
  dexV2SwapPayload,
  dexV2WithdrawFeeBody,
} from './dex/v2Messages.js'
export { externalMessageHash, normalizedExternalHash } from './externalMessageHash.js'
export {
  FARM_V3_ITEM_DATA,
  FARM_V3_MINTER_DATA,
  type FarmV3ItemData,
  type FarmV3MinterData,
  readFarmV3ItemData,
  readFarmV3MinterData,
} from './farm/getMethods.js'
export {
  FARM_V3_OP,
  farmV3AdminBody,
  farmV3CreatePoolBody,
  farmV3DepositRewardsPayload,
  farmV3InitBody,
  farmV3StakePayload,
} from './farm/messages.js'
export {
  type FarmV3MinterStorage,
  type FarmV3PoolParameters,
  farmV3MinterData,
  readFarmV3MinterStorage,
} from './farm/storage.js'
export { addressArg, callGetMethod, type GetMethod, type GetMethodRunner } from './getMethod.js'
export { parseHashText } from './hashText.js'
export { type JettonContent, readJettonContent } from './jetton/content.js'
export {
  JETTON_BALANCE,
  JETTON_DATA,
  JETTON_SUPPLY,
  JETTON_WALLET_ADDRESS,
  JETTON_WALLET_DATA,
  type JettonData,
  type JettonWalletData,
  PTON_VERSION,
  readJettonWalletData,
} from './jetton/getMethods.js'
export { jettonBurnBody, jettonMintBody, jettonTransferBody } from './jetton/messages.js'
export {
  ptonV1DeployWalletBody,
  ptonV2DeployWalletBody,
  ptonV2TonTransferBody,
} from './jetton/ptonMessages.js'
export { jettonMinterData, ptonV1MinterData, ptonV2MinterData } from './jetton/storage.js'
export { NATIVE_ADDRESS } from './nativeAddress.js'
export { NFT_ADDRESS_BY_INDEX, NFT_NEXT_ITEM_INDEX } from './nft/getMethods.js'
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
  isSuccessResult,
  OUTCOME_CODES,
  type OutcomeCode,
  RESULT_CODES,
  type ResultCode,
  resultName,
  SUCCESS_RESULT_CODES,
} from './resultCodes.js'
export { SDK_PROVIDE_GAS, SDK_SWAP_GAS, type SdkGas } from './sdkGas.js'
export {
  readStakeItemData,
  readStakeMinterData,
  STAKE_ITEM_DATA,
  STAKE_MINTER_DATA,
  type StakeItemData,
  type StakeMinterData,
} from './stake/getMethods.js'
export { STAKE_OP, stakeItemBody, stakeMinterInitBody, stakePayload } from './stake/messages.js'
export {
  readStakeMinterStorage,
  type StakeMinterStorage,
  stakeMinterData,
} from './stake/storage.js'
export { isoSeconds, unixSeconds } from './timeText.js'
export {
  ACTION_KINDS,
  ACTION_TYPES,
  type ActionKind,
  type ActionType,
  BODY_TYPES,
  isTransactionKind,
  kindVersion,
  NON_BODY_KINDS,
  TRANSACTION_KINDS,
  type TransactionKind,
} from './transactionKinds.js'
export {
  ESCROW_OP,
  escrowDepositPayload,
  FEE_VAULT_OP,
  feeVaultDepositPayload,
} from './venue/messages.js'
export {
  type EscrowVaultStorage,
  type FeeVaultStorage,
  readEscrowVaultStorage,
  readFeeVaultStorage,
} from './venue/storage.js'
