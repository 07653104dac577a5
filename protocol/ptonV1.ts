import { type Address, beginCell, type Cell } from '@ton/core'
import { PTON_V1_OP } from './opCodes.js'

/**
 * Init data of the pTON v1 minter: `^wallet_code` (`docs/contracts.md` §5.1).
 *
 * @example
 * ```ts
 * ptonV1MinterData({ walletCode }).refs.length // 1
 * ```
 */
export function ptonV1MinterData(params: { walletCode: Cell }): Cell {
  return beginCell().storeRef(params.walletCode).endCell()
}

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
