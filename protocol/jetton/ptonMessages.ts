import { type Address, beginCell, type Cell } from '@ton/core'
import { PTON_V1_OP, PTON_V2_OP } from '../opCodes.js'

/**
 * `deploy_wallet#6cc43573 query_id owner`: the pTON v1 minter deploys `owner`'s wallet.
 *
 * @example
 * ```ts
 * ptonV1DeployWalletBody({ owner: router }) // send with 1.05 TON, as the SDK
 * ```
 */
export function ptonV1DeployWalletBody(params: { owner: Address; queryId?: bigint }): Cell {
  return beginCell()
    .storeUint(PTON_V1_OP.deployWallet, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.owner)
    .endCell()
}

/**
 * `deploy_wallet#4f5f4313 query_id owner excesses`: the minter deploys `owner`'s wallet.
 *
 * @example
 * ```ts
 * ptonV2DeployWalletBody({ owner: router, excesses: admin })
 * ```
 */
export function ptonV2DeployWalletBody(params: {
  owner: Address
  excesses: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(PTON_V2_OP.deployWallet, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.owner)
    .storeAddress(params.excesses)
    .endCell()
}

/**
 * `ton_transfer#01f3835d query_id ton_amount refund_address forward_payload` with the payload
 * as a reference, as `PtonV2_1.getTonTransferTxParams` builds it. Send it to the router's pTON
 * wallet with value `tonAmount + forward gas + 0.01 TON`.
 *
 * @example
 * ```ts
 * ptonV2TonTransferBody({ tonAmount: toNano('5'), refund: alice, forwardPayload: swapPayload })
 * ```
 */
export function ptonV2TonTransferBody(params: {
  tonAmount: bigint
  refund: Address
  forwardPayload?: Cell | undefined
  queryId?: bigint
}): Cell {
  const b = beginCell()
    .storeUint(PTON_V2_OP.tonTransfer, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeCoins(params.tonAmount)
    .storeAddress(params.refund)
  return (
    params.forwardPayload === undefined
      ? b.storeBit(false)
      : b.storeBit(true).storeRef(params.forwardPayload)
  ).endCell()
}
