/**
 * Op codes the fixtures speak, by contract family (`contracts.md` §1.6, §2.12, §5). Exit codes
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
 * DEX v1 op codes (`contracts.md` §1.6).
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
 * DEX v2.2 op codes (`contracts.md` §2.12).
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
 * pTON v1 op codes (`contracts.md` §5.1).
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
 * pTON v2 op codes (`contracts.md` §5.2).
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
