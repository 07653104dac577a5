import type {
  FarmNftRow,
  FeeVaultRow,
  LpPositionRow,
  StakeNftRow,
  StakeRow,
  WalletBalanceRow,
} from '../rows/walletRows.js'
import { readBigint, readOptionalText, readText, writeBigint } from './columns.js'

/**
 * Conversions between per-wallet rows and SQLite records.
 * @module
 */

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

/**
 * Balance row → record.
 *
 * @example
 * ```ts
 * encodeBalance(balance).balance // '4800000000'
 * ```
 */
export function encodeBalance(row: WalletBalanceRow): DbParams {
  return {
    wallet_address: row.walletAddress,
    asset_address: row.assetAddress,
    balance: writeBigint(row.balance),
    jetton_wallet_address: row.jettonWalletAddress,
  }
}

/**
 * Record → balance row.
 *
 * @example
 * ```ts
 * decodeBalance(record).balance // 4800000000n
 * ```
 */
export function decodeBalance(r: DbRecord): WalletBalanceRow {
  return {
    walletAddress: readText(r.wallet_address, 'wallet_balances.wallet_address'),
    assetAddress: readText(r.asset_address, 'wallet_balances.asset_address'),
    balance: readBigint(r.balance, 'wallet_balances.balance'),
    jettonWalletAddress: readOptionalText(
      r.jetton_wallet_address,
      'wallet_balances.jetton_wallet_address',
    ),
  }
}

/**
 * LP position row → record.
 *
 * @example
 * ```ts
 * encodeLpPosition(position).lp_balance // '113137084989'
 * ```
 */
export function encodeLpPosition(row: LpPositionRow): DbParams {
  return {
    wallet_address: row.walletAddress,
    pool_address: row.poolAddress,
    lp_balance: writeBigint(row.lpBalance),
    lp_wallet_address: row.lpWalletAddress,
    lp_account_address: row.lpAccountAddress,
    token0_balance: writeBigint(row.token0Balance),
    token1_balance: writeBigint(row.token1Balance),
  }
}

/**
 * Record → LP position row.
 *
 * @example
 * ```ts
 * decodeLpPosition(record).token0Balance // 0n
 * ```
 */
export function decodeLpPosition(r: DbRecord): LpPositionRow {
  return {
    walletAddress: readText(r.wallet_address, 'lp_positions.wallet_address'),
    poolAddress: readText(r.pool_address, 'lp_positions.pool_address'),
    lpBalance: readBigint(r.lp_balance, 'lp_positions.lp_balance'),
    lpWalletAddress: readOptionalText(r.lp_wallet_address, 'lp_positions.lp_wallet_address'),
    lpAccountAddress: readOptionalText(r.lp_account_address, 'lp_positions.lp_account_address'),
    token0Balance: readBigint(r.token0_balance, 'lp_positions.token0_balance'),
    token1Balance: readBigint(r.token1_balance, 'lp_positions.token1_balance'),
  }
}

/**
 * Farm NFT row → record of `farm_nfts` (rewards go to `farm_nft_rewards`).
 *
 * @example
 * ```ts
 * encodeFarmNft(nft).staked_tokens // '25000000000'
 * ```
 */
export function encodeFarmNft(row: FarmNftRow): DbParams {
  return {
    address: row.address,
    farm_address: row.farmAddress,
    owner_address: row.ownerAddress,
    create_timestamp: row.createTimestamp,
    min_unstake_timestamp: row.minUnstakeTimestamp,
    nonclaimed_rewards: writeBigint(row.nonclaimedRewards),
    staked_tokens: writeBigint(row.stakedTokens),
    status: row.status,
    unstake_timestamp: row.unstakeTimestamp,
  }
}

/**
 * Records of `farm_nfts` and its `farm_nft_rewards` → farm NFT row.
 *
 * @example
 * ```ts
 * decodeFarmNft(record, rewardRecords).rewards[0].amount // 1240000000000n
 * ```
 */
export function decodeFarmNft(r: DbRecord, rewards: readonly DbRecord[]): FarmNftRow {
  return {
    address: readText(r.address, 'farm_nfts.address'),
    farmAddress: readText(r.farm_address, 'farm_nfts.farm_address'),
    ownerAddress: readText(r.owner_address, 'farm_nfts.owner_address'),
    createTimestamp: readText(r.create_timestamp, 'farm_nfts.create_timestamp'),
    minUnstakeTimestamp: readText(r.min_unstake_timestamp, 'farm_nfts.min_unstake_timestamp'),
    nonclaimedRewards: readBigint(r.nonclaimed_rewards, 'farm_nfts.nonclaimed_rewards'),
    stakedTokens: readBigint(r.staked_tokens, 'farm_nfts.staked_tokens'),
    status: readText(r.status, 'farm_nfts.status'),
    unstakeTimestamp: readOptionalText(r.unstake_timestamp, 'farm_nfts.unstake_timestamp'),
    rewards: rewards.map((reward) => ({
      address: readText(reward.reward_address, 'farm_nft_rewards.reward_address'),
      amount: readBigint(reward.amount, 'farm_nft_rewards.amount'),
    })),
  }
}

/**
 * Stake row → record of `stakes` (NFTs go to `stake_nfts`).
 *
 * @example
 * ```ts
 * encodeStake(stake).staked_ston // '75000000000000'
 * ```
 */
export function encodeStake(row: StakeRow): DbParams {
  return {
    wallet_address: row.walletAddress,
    ston_balance: writeBigint(row.stonBalance),
    staked_ston: writeBigint(row.stakedSton),
    minted_gemston: writeBigint(row.mintedGemston),
    voting_power: writeBigint(row.votingPower),
  }
}

/**
 * Stake NFT row → record of `stake_nfts`.
 *
 * @example
 * ```ts
 * encodeStakeNft(wallet, nft).voting_power // '50000000000000'
 * ```
 */
export function encodeStakeNft(walletAddress: string, row: StakeNftRow): DbParams {
  return {
    address: row.address,
    wallet_address: walletAddress,
    image_url: row.imageUrl,
    min_unstaking_timestamp: row.minUnstakingTimestamp,
    minted_gemston: writeBigint(row.mintedGemston),
    staked_tokens: writeBigint(row.stakedTokens),
    staking_timestamp: row.stakingTimestamp,
    status: row.status,
    unstake_timestamp: row.unstakeTimestamp,
    voting_power: writeBigint(row.votingPower),
  }
}

/**
 * Records of `stakes` and its `stake_nfts` → stake row.
 *
 * @example
 * ```ts
 * decodeStake(record, nftRecords).nfts.length // 2
 * ```
 */
export function decodeStake(r: DbRecord, nfts: readonly DbRecord[]): StakeRow {
  return {
    walletAddress: readText(r.wallet_address, 'stakes.wallet_address'),
    stonBalance: readBigint(r.ston_balance, 'stakes.ston_balance'),
    stakedSton: readBigint(r.staked_ston, 'stakes.staked_ston'),
    mintedGemston: readBigint(r.minted_gemston, 'stakes.minted_gemston'),
    votingPower: readBigint(r.voting_power, 'stakes.voting_power'),
    nfts: nfts.map((nft) => ({
      address: readText(nft.address, 'stake_nfts.address'),
      imageUrl: readText(nft.image_url, 'stake_nfts.image_url'),
      minUnstakingTimestamp: readText(
        nft.min_unstaking_timestamp,
        'stake_nfts.min_unstaking_timestamp',
      ),
      mintedGemston: readBigint(nft.minted_gemston, 'stake_nfts.minted_gemston'),
      stakedTokens: readBigint(nft.staked_tokens, 'stake_nfts.staked_tokens'),
      stakingTimestamp: readText(nft.staking_timestamp, 'stake_nfts.staking_timestamp'),
      status: readText(nft.status, 'stake_nfts.status'),
      unstakeTimestamp: readOptionalText(nft.unstake_timestamp, 'stake_nfts.unstake_timestamp'),
      votingPower: readBigint(nft.voting_power, 'stake_nfts.voting_power'),
    })),
  }
}

/**
 * Fee vault row → record.
 *
 * @example
 * ```ts
 * encodeFeeVault(vault).balance // '125000000'
 * ```
 */
export function encodeFeeVault(row: FeeVaultRow): DbParams {
  return {
    vault_address: row.vaultAddress,
    owner_address: row.ownerAddress,
    asset_address: row.assetAddress,
    router_address: row.routerAddress,
    balance: writeBigint(row.balance),
  }
}

/**
 * Record → fee vault row.
 *
 * @example
 * ```ts
 * decodeFeeVault(record).balance // 125000000n
 * ```
 */
export function decodeFeeVault(r: DbRecord): FeeVaultRow {
  return {
    vaultAddress: readText(r.vault_address, 'fee_vaults.vault_address'),
    ownerAddress: readText(r.owner_address, 'fee_vaults.owner_address'),
    assetAddress: readText(r.asset_address, 'fee_vaults.asset_address'),
    routerAddress: readText(r.router_address, 'fee_vaults.router_address'),
    balance: readBigint(r.balance, 'fee_vaults.balance'),
  }
}
