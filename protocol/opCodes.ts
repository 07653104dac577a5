/**
 * Op codes the fixtures speak, by contract family (`docs/contracts.md` §1.6, §2.12, §5). Exit codes
 * carried in refunds are `EXIT_CODES` of `ton-dex-lab/core`.
 *
 * @example
 * ```ts
 * DEX_V2_OP.swap // 0x6664de2a
 * JETTON_OP.transfer // 0x0f8a7ea5
 * ```
 */
export const JETTON_OP = {
  transfer: 0x0f8a7ea5,
  transferNotification: 0x7362d09c,
  internalTransfer: 0x178d4519,
  excesses: 0xd53276db,
  burn: 0x595f07bc,
  burnNotification: 0x7bdd97de,
  provideWalletAddress: 0x2c76b973,
  takeWalletAddress: 0xd1735400,
  /** The test minter's admin mint (TEP-74 reference minter layout). */
  mint: 0x642b7d07,
} as const

/**
 * DEX v1 op codes (`docs/contracts.md` §1.6).
 *
 * @example
 * ```ts
 * DEX_V1_OP.payTo // 0xf93bb43f
 * ```
 */
export const DEX_V1_OP = {
  swap: 0x25938561,
  provideLp: 0xfcf9e58f,
  payTo: 0xf93bb43f,
  addLiquidity: 0x3ebe5431,
  cbAddLiquidity: 0x56dfeb8a,
  directAddLiquidity: 0x4cf82803,
  refundMe: 0x0bf3f447,
  cbRefundMe: 0x89446a42,
  collectFees: 0x1fcb7d3d,
  setFees: 0x355423e5,
  resetGas: 0x42a0fb43,
  resetPoolGas: 0xf6aa9737,
  lock: 0x878f9b0e,
  unlock: 0x6ae4b0ef,
  getterPoolAddress: 0xd1db969b,
  getterPoolData: 0x43c034e6,
  getterExpectedOutputs: 0xed4d8b67,
  getterLpAccountAddress: 0x9163a98a,
  getterExpectedTokens: 0x9ce632c5,
  getterExpectedLiquidity: 0x8751801f,
  getterLpAccountData: 0x1d439ae0,
} as const

/**
 * DEX v2.2 op codes (`docs/contracts.md` §2.12).
 *
 * @example
 * ```ts
 * DEX_V2_OP.payVault // 0x63381632
 * ```
 */
export const DEX_V2_OP = {
  swap: 0x6664de2a,
  crossSwap: 0x69cf1a5b,
  provideLp: 0x37c096df,
  burnNotificationExt: 0x297437cf,
  directAddLiquidity: 0x0ff8bfc6,
  refundMe: 0x132b9a2c,
  payTo: 0x657b54f5,
  payVault: 0x63381632,
  vaultPayTo: 0x2100c922,
  depositRefFee: 0x0490f09b,
  withdrawFee: 0x354bcdf4,
  collectFees: 0x1ee4911e,
  setFees: 0x58274069,
  internalSetFees: 0x75930d63,
  resetGas: 0x29d22935,
  addLiquidity: 0x50c6a654,
  cbAddLiquidity: 0x06ecd527,
  cbRefundMe: 0x0f98e2b8,
  resetPoolGas: 0x66d0dff2,
  updateStatus: 0x38a6022f,
  updatePoolStatus: 0x2af4607c,
  internalUpdateStatus: 0x62752512,
  getterPoolAddress: 0x2993ade0,
  getterPoolData: 0x26df39fc,
  getterLpAccountAddress: 0x15fbca95,
  getterLpAccountData: 0x24cfc100,
  /** Admin → router, per pool type (not masked like the others). */
  setParams: 0x2b8b3b62,
  /** Router → pool. */
  internalSetParams: 0xf163444a,
  /** Weighted stableswap: the rate setter → pool. */
  setRate: 0x4a2bddb0,
} as const

/**
 * pTON v1 op codes (`docs/contracts.md` §5.1).
 *
 * @example
 * ```ts
 * PTON_V1_OP.deployWallet // 0x6cc43573
 * ```
 */
export const PTON_V1_OP = {
  deployWallet: 0x6cc43573,
  resetGas: 0x42a0fb43,
} as const

/**
 * pTON v2 op codes (`docs/contracts.md` §5.2).
 *
 * @example
 * ```ts
 * PTON_V2_OP.tonTransfer // 0x01f3835d
 * ```
 */
export const PTON_V2_OP = {
  tonTransfer: 0x01f3835d,
  deployWallet: 0x4f5f4313,
  internalDeploy: 0x6540cf85,
  resetGas: 0x29d22935,
  tonRefund: 0xae25d79e,
} as const

/**
 * Every op code above in one flat table, named `<family><Op>` (the table the indexer dispatches
 * on; the numbers come from the family tables, so there is one source). DEX v1 and
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
  jettonTransfer: JETTON_OP.transfer,
  jettonTransferNotification: JETTON_OP.transferNotification,
  jettonInternalTransfer: JETTON_OP.internalTransfer,
  jettonExcesses: JETTON_OP.excesses,
  jettonBurn: JETTON_OP.burn,
  /** The test minter's admin mint (TEP-74 reference minter layout). */
  jettonMint: JETTON_OP.mint,
  jettonProvideWalletAddress: JETTON_OP.provideWalletAddress,
  jettonTakeWalletAddress: JETTON_OP.takeWalletAddress,
  v1Swap: DEX_V1_OP.swap,
  v1ProvideLp: DEX_V1_OP.provideLp,
  v1PayTo: DEX_V1_OP.payTo,
  v1AddLiquidity: DEX_V1_OP.addLiquidity,
  v1CbAddLiquidity: DEX_V1_OP.cbAddLiquidity,
  v1BurnNotification: JETTON_OP.burnNotification,
  v1DirectAddLiquidity: DEX_V1_OP.directAddLiquidity,
  v1RefundMe: DEX_V1_OP.refundMe,
  v1CbRefundMe: DEX_V1_OP.cbRefundMe,
  v1CollectFees: DEX_V1_OP.collectFees,
  v1SetFees: DEX_V1_OP.setFees,
  v1ResetGas: DEX_V1_OP.resetGas,
  v1Lock: DEX_V1_OP.lock,
  v1Unlock: DEX_V1_OP.unlock,
  v2Swap: DEX_V2_OP.swap,
  v2CrossSwap: DEX_V2_OP.crossSwap,
  v2ProvideLp: DEX_V2_OP.provideLp,
  v2PayTo: DEX_V2_OP.payTo,
  v2PayVault: DEX_V2_OP.payVault,
  v2DepositRefFee: DEX_V2_OP.depositRefFee,
  v2VaultPayTo: DEX_V2_OP.vaultPayTo,
  v2WithdrawFee: DEX_V2_OP.withdrawFee,
  v2AddLiquidity: DEX_V2_OP.addLiquidity,
  v2CbAddLiquidity: DEX_V2_OP.cbAddLiquidity,
  v2DirectAddLiquidity: DEX_V2_OP.directAddLiquidity,
  v2RefundMe: DEX_V2_OP.refundMe,
  v2BurnNotificationExt: DEX_V2_OP.burnNotificationExt,
  v2CbRefundMe: DEX_V2_OP.cbRefundMe,
  v2CollectFees: DEX_V2_OP.collectFees,
  v2ResetGas: DEX_V2_OP.resetGas,
  v2SetFees: DEX_V2_OP.setFees,
  v2InternalSetFees: DEX_V2_OP.internalSetFees,
  v2ResetPoolGas: DEX_V2_OP.resetPoolGas,
  v2UpdateStatus: DEX_V2_OP.updateStatus,
  v2UpdatePoolStatus: DEX_V2_OP.updatePoolStatus,
  v2InternalUpdateStatus: DEX_V2_OP.internalUpdateStatus,
  v2SetParams: DEX_V2_OP.setParams,
  v2InternalSetParams: DEX_V2_OP.internalSetParams,
  v2SetRate: DEX_V2_OP.setRate,
  v2GetterPoolAddress: DEX_V2_OP.getterPoolAddress,
  v2GetterPoolData: DEX_V2_OP.getterPoolData,
  v2GetterLpAccountAddress: DEX_V2_OP.getterLpAccountAddress,
  v2GetterLpAccountData: DEX_V2_OP.getterLpAccountData,
  ptonV1DeployWallet: PTON_V1_OP.deployWallet,
  ptonV2TonTransfer: PTON_V2_OP.tonTransfer,
  ptonV2DeployWallet: PTON_V2_OP.deployWallet,
  ptonV2InternalDeploy: PTON_V2_OP.internalDeploy,
  ptonV2TonRefund: PTON_V2_OP.tonRefund,
  /** Prefix of a bounced message's body; the bounced body's own op follows. */
  bounced: 0xffffffff,
  /** A text comment: op 0 followed by UTF-8 text (a plain TON transfer). */
  comment: 0,
} as const

/** Name of a decodable op. */
export type OpName = keyof typeof OP_CODES
