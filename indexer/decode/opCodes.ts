/**
 * Op codes of the messages the indexer decodes (`contracts.md` §1.6, §2.12). DEX v1 and DEX v2
 * use different numbers for every pool-level message, so one table can tell them apart.
 *
 * @example
 * ```ts
 * OP_CODES.v2PayTo // 0x657b54f5
 * ```
 */
export const OP_CODES = {
  jettonTransfer: 0x0f8a7ea5,
  jettonTransferNotification: 0x7362d09c,
  jettonInternalTransfer: 0x178d4519,
  jettonExcesses: 0xd53276db,
  jettonBurn: 0x595f07bc,
  v1Swap: 0x25938561,
  v1ProvideLp: 0xfcf9e58f,
  v1PayTo: 0xf93bb43f,
  v1AddLiquidity: 0x3ebe5431,
  v1CbAddLiquidity: 0x56dfeb8a,
  v1BurnNotification: 0x7bdd97de,
  v1CbRefundMe: 0x89446a42,
  v1CollectFees: 0x1fcb7d3d,
  v1ResetGas: 0x42a0fb43,
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
  v2BurnNotificationExt: 0x297437cf,
  v2CbRefundMe: 0x0f98e2b8,
  v2CollectFees: 0x1ee4911e,
  v2ResetGas: 0x29d22935,
} as const

/** Name of a decodable op. */
export type OpName = keyof typeof OP_CODES
