import { type Address, beginCell, type Cell } from '@ton/core'

/**
 * STON staking op codes: `stake`, `unstake`, `restake` and `claim_rewards` are stake-sdk's
 * (ston-fi/sdk `packages/stake-sdk/src/constants.ts`), `destroy` is TEP-85's; the internal ones
 * are ours, each the CRC-32 of its snake_case name (`docs/staking.md`, "Messages").
 *
 * @example
 * ```ts
 * STAKE_OP.restake // 0x1649abed
 * ```
 */
export const STAKE_OP = {
  stake: 0x6ec9dc65,
  unstake: 0xb92965a0,
  restake: 0x1649abed,
  claimRewards: 0x78d9f109,
  destroy: 0x1f04537a,
  init: 0xc674e474,
  internalUnstake: 0xa1312496,
  internalUnstakeFinal: 0x09be6453,
  internalRestake: 0x0e51eadb,
  internalRestakeFinal: 0x055fc605,
} as const

/**
 * `init#c674e474 query_id staking_token_wallet secondary_token_minter` — ours: the admin names
 * the minter's STON wallet and the GEMSTON minter; the block time becomes `origin_time`.
 *
 * @example
 * ```ts
 * stakeMinterInitBody({ stakingTokenWallet, secondaryTokenMinter: gemston.minter })
 * ```
 */
export function stakeMinterInitBody(params: {
  stakingTokenWallet: Address
  secondaryTokenMinter: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(STAKE_OP.init, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.stakingTokenWallet)
    .storeAddress(params.secondaryTokenMinter)
    .endCell()
}

/**
 * `stake#6ec9dc65 duration:uint64 nft_recipient:MsgAddress token_recipient:MsgAddress` — the
 * forward payload of a STON transfer to the staking minter, as stake-sdk builds it (`null` =
 * the sender).
 *
 * @example
 * ```ts
 * stakePayload({ duration: 7_889_400n }) // 3 months, NFT and GEMSTON to the sender
 * ```
 */
export function stakePayload(params: {
  duration: bigint
  nftRecipient?: Address | null
  tokenRecipient?: Address | null
}): Cell {
  return beginCell()
    .storeUint(STAKE_OP.stake, 32)
    .storeUint(params.duration, 64)
    .storeAddress(params.nftRecipient ?? null)
    .storeAddress(params.tokenRecipient ?? null)
    .endCell()
}

/**
 * A stake position's user messages as stake-sdk builds them: `unstake#b92965a0 query_id`,
 * `restake#1649abed query_id duration:uint64`, `claim_rewards#78d9f109 query_id`.
 *
 * @example
 * ```ts
 * stakeItemBody({ op: 'restake', duration: 15_778_800n })
 * ```
 */
export function stakeItemBody(
  params: ({ op: 'unstake' } | { op: 'claimRewards' } | { op: 'restake'; duration: bigint }) & {
    queryId?: bigint
  },
): Cell {
  const b = beginCell()
    .storeUint(STAKE_OP[params.op], 32)
    .storeUint(params.queryId ?? 0n, 64)
  return params.op === 'restake' ? b.storeUint(params.duration, 64).endCell() : b.endCell()
}
