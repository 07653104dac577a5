/**
 * Per-wallet data the store keeps: asset balances, liquidity positions, farm NFTs, staking
 * positions and DEX v2 referral-fee vaults. Amounts are `bigint` raw units; timestamps are the
 * wire's `YYYY-MM-DDTHH:MM:SS` strings (UTC).
 * @module
 */

/**
 * A wallet's balance of one asset.
 *
 * @example
 * ```ts
 * const row: WalletBalanceRow = { walletAddress: alice, assetAddress: usdl,
 *   balance: 1_250_000_000n, jettonWalletAddress: 'EQ…' }
 * ```
 */
export interface WalletBalanceRow {
  readonly walletAddress: string
  readonly assetAddress: string
  readonly balance: bigint
  /** The wallet's jetton wallet of this asset (for the native coin: the wallet itself). */
  readonly jettonWalletAddress: string | null
}

/**
 * A wallet's liquidity position in one pool: LP tokens held, and amounts waiting in its LP
 * account (sent for a provision that has not completed).
 *
 * @example
 * ```ts
 * position.lpBalance // 1500000000000n
 * position.token0Balance // 0n (nothing pending in the LP account)
 * ```
 */
export interface LpPositionRow {
  readonly walletAddress: string
  readonly poolAddress: string
  readonly lpBalance: bigint
  readonly lpWalletAddress: string | null
  readonly lpAccountAddress: string | null
  /** Token0 waiting in the wallet's LP account. */
  readonly token0Balance: bigint
  /** Token1 waiting in the wallet's LP account. */
  readonly token1Balance: bigint
}

/** A reward accrued to a farm NFT, in the reward jetton. */
export interface FarmNftRewardRow {
  readonly address: string
  readonly amount: bigint
}

/**
 * A farm position: one staking NFT of a farm, owned by a wallet.
 *
 * @example
 * ```ts
 * nft.stakedTokens // 400000000000n (LP units)
 * nft.status // 'active'
 * ```
 */
export interface FarmNftRow {
  readonly address: string
  readonly farmAddress: string
  readonly ownerAddress: string
  readonly createTimestamp: string
  readonly minUnstakeTimestamp: string
  readonly nonclaimedRewards: bigint
  readonly stakedTokens: bigint
  readonly status: string
  readonly unstakeTimestamp: string | null
  readonly rewards: readonly FarmNftRewardRow[]
}

/** One staking NFT of a wallet (`nfts[]` of `/v1/wallets/{address}/stakes`). */
export interface StakeNftRow {
  readonly address: string
  readonly imageUrl: string
  readonly minUnstakingTimestamp: string
  readonly mintedGemston: bigint
  readonly stakedTokens: bigint
  readonly stakingTimestamp: string
  /** `uninitialized`, `active`, `unstaked` or `claiming`. */
  readonly status: string
  readonly unstakeTimestamp: string | null
  readonly votingPower: bigint
}

/**
 * A wallet's staking position (`GET /v1/wallets/{address}/stakes`).
 *
 * @example
 * ```ts
 * stake.stakedSton // 5000000000000n
 * stake.nfts.length // 2
 * ```
 */
export interface StakeRow {
  readonly walletAddress: string
  readonly stonBalance: bigint
  readonly stakedSton: bigint
  readonly mintedGemston: bigint
  readonly votingPower: bigint
  readonly nfts: readonly StakeNftRow[]
}

/**
 * A DEX v2 referral-fee vault: one per referrer × token, on one router.
 *
 * @example
 * ```ts
 * vault.balance // 125000000n (accrued fees, in the asset's units)
 * ```
 */
export interface FeeVaultRow {
  readonly vaultAddress: string
  readonly ownerAddress: string
  readonly assetAddress: string
  readonly routerAddress: string
  readonly balance: bigint
}
