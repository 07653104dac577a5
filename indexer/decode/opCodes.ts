/**
 * Op codes of the messages the indexer decodes (`contracts.md` §1.6, §2.12, §5). DEX v1 and
 * DEX v2 use different numbers for every pool-level message, so one table can tell them apart.
 * Three ops are shared by two families with the same layout and decode under one name:
 * `v1ResetGas` is also pTON v1's `reset_gas`, `v2ResetGas` pTON v2's, and `v1BurnNotification`
 * is the TEP-74 `burn_notification` every jetton wallet sends its minter. `v1SetFees` is both
 * the admin → router and the router → pool `set_fees`; `v2ResetPoolGas` and the v2 getters
 * likewise name a request and its reply (told apart by layout).
 *
 * @example
 * ```ts
 * OP_CODES.v2PayTo // 0x657b54f5
 * OP_CODES.ptonV2TonTransfer // 0x01f3835d
 * ```
 */
export const OP_CODES = {
  jettonTransfer: 0x0f8a7ea5,
  jettonTransferNotification: 0x7362d09c,
  jettonInternalTransfer: 0x178d4519,
  jettonExcesses: 0xd53276db,
  jettonBurn: 0x595f07bc,
  /** The test minter's admin mint (TEP-74 reference minter layout). */
  jettonMint: 0x642b7d07,
  jettonProvideWalletAddress: 0x2c76b973,
  jettonTakeWalletAddress: 0xd1735400,
  v1Swap: 0x25938561,
  v1ProvideLp: 0xfcf9e58f,
  v1PayTo: 0xf93bb43f,
  v1AddLiquidity: 0x3ebe5431,
  v1CbAddLiquidity: 0x56dfeb8a,
  v1BurnNotification: 0x7bdd97de,
  v1DirectAddLiquidity: 0x4cf82803,
  v1RefundMe: 0x0bf3f447,
  v1CbRefundMe: 0x89446a42,
  v1CollectFees: 0x1fcb7d3d,
  v1SetFees: 0x355423e5,
  v1ResetGas: 0x42a0fb43,
  v1Lock: 0x878f9b0e,
  v1Unlock: 0x6ae4b0ef,
  v2Swap: 0x6664de2a,
  v2CrossSwap: 0x69cf1a5b,
  v2ProvideLp: 0x37c096df,
  v2PayTo: 0x657b54f5,
  v2PayVault: 0x63381632,
  v2DepositRefFee: 0x0490f09b,
  v2VaultPayTo: 0x2100c922,
  v2WithdrawFee: 0x354bcdf4,
  v2AddLiquidity: 0x50c6a654,
  v2CbAddLiquidity: 0x06ecd527,
  v2DirectAddLiquidity: 0x0ff8bfc6,
  v2RefundMe: 0x132b9a2c,
  v2BurnNotificationExt: 0x297437cf,
  v2CbRefundMe: 0x0f98e2b8,
  v2CollectFees: 0x1ee4911e,
  v2ResetGas: 0x29d22935,
  v2SetFees: 0x58274069,
  v2InternalSetFees: 0x75930d63,
  v2ResetPoolGas: 0x66d0dff2,
  v2UpdateStatus: 0x38a6022f,
  v2UpdatePoolStatus: 0x2af4607c,
  v2InternalUpdateStatus: 0x62752512,
  v2GetterPoolAddress: 0x2993ade0,
  v2GetterPoolData: 0x26df39fc,
  v2GetterLpAccountAddress: 0x15fbca95,
  v2GetterLpAccountData: 0x24cfc100,
  ptonV1DeployWallet: 0x6cc43573,
  ptonV2TonTransfer: 0x01f3835d,
  ptonV2DeployWallet: 0x4f5f4313,
  ptonV2InternalDeploy: 0x6540cf85,
  ptonV2TonRefund: 0xae25d79e,
  /** Prefix of a bounced message's body; the bounced body's own op follows. */
  bounced: 0xffffffff,
  /** A text comment: op 0 followed by UTF-8 text (a plain TON transfer). */
  comment: 0,
} as const

/** Name of a decodable op. */
export type OpName = keyof typeof OP_CODES
