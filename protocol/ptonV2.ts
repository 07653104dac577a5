import { type Address, beginCell, type Cell } from '@ton/core'
import { PTON_V2_OP } from './opCodes.js'

/**
 * Init data of the pTON v2 minter: `id:uint32 ^wallet_code ^content` (`docs/contracts.md` §5.2).
 *
 * @example
 * ```ts
 * ptonV2MinterData({ id: 0, walletCode, content: beginCell().endCell() })
 * ```
 */
export function ptonV2MinterData(params: { id: number; walletCode: Cell; content: Cell }): Cell {
  return beginCell()
    .storeUint(params.id, 32)
    .storeRef(params.walletCode)
    .storeRef(params.content)
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
