import type Database from 'better-sqlite3'
import { MARKET_TABLES } from '../codecs/marketTables.js'
import {
  encodeAsset,
  encodeFarm,
  encodeFarmReward,
  encodePool,
  encodeRouter,
} from '../codecs/referenceCodecs.js'
import {
  encodeBalance,
  encodeFarmNft,
  encodeFeeVault,
  encodeLpPosition,
  encodeStake,
  encodeStakeNft,
} from '../codecs/walletCodecs.js'
import type { MarketData } from '../rows/MarketData.js'
import { StoreError } from '../StoreError.js'

type DbParams = Record<string, string | number | null>

/**
 * Builds the function that replaces the whole market in one synchronous transaction: deletes
 * every market table (children first), then inserts `market` (parents first) with foreign keys
 * enforced. Any failure rolls everything back.
 *
 * @example
 * ```ts
 * const replace = createMarketWriter(db)
 * replace(market) // all rows stored, or nothing changed
 * ```
 * @throws {StoreError} `STORE_INTEGRITY` for a dangling reference or a repeated key.
 */
export function createMarketWriter(db: Database.Database): (market: MarketData) => void {
  const inserts = new Map<string, Database.Statement>()
  const insert = (table: string, params: DbParams) => {
    let statement = inserts.get(table)
    if (statement === undefined) {
      const columns = Object.keys(params)
      statement = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
      )
      inserts.set(table, statement)
    }
    statement.run(params)
  }
  const deletes = MARKET_TABLES.map((table) => db.prepare(`DELETE FROM ${table}`))

  const replace = db.transaction((market: MarketData) => {
    for (const statement of deletes) statement.run()
    for (const row of market.routers) insert('routers', encodeRouter(row))
    for (const row of market.assets) insert('assets', encodeAsset(row))
    for (const row of market.pools) insert('pools', encodePool(row))
    for (const row of market.farms) {
      insert('farms', encodeFarm(row))
      for (const reward of row.rewards) {
        insert('farm_rewards', encodeFarmReward(row.minterAddress, reward))
      }
    }
    for (const row of market.jettonWallets) {
      insert('jetton_wallets', {
        owner_address: row.ownerAddress,
        jetton_address: row.jettonAddress,
        wallet_address: row.walletAddress,
      })
    }
    for (const row of market.balances) insert('wallet_balances', encodeBalance(row))
    for (const row of market.lpPositions) insert('lp_positions', encodeLpPosition(row))
    for (const row of market.farmNfts) {
      insert('farm_nfts', encodeFarmNft(row))
      for (const [position, reward] of row.rewards.entries()) {
        insert('farm_nft_rewards', {
          nft_address: row.address,
          reward_address: reward.address,
          amount: reward.amount.toString(),
          position,
        })
      }
    }
    for (const row of market.stakes) {
      insert('stakes', encodeStake(row))
      for (const nft of row.nfts) insert('stake_nfts', encodeStakeNft(row.walletAddress, nft))
    }
    for (const row of market.feeVaults) insert('fee_vaults', encodeFeeVault(row))
  })

  return (market) => {
    try {
      replace(market)
    } catch (error) {
      if (isConstraintError(error)) {
        throw new StoreError({
          code: 'STORE_INTEGRITY',
          message: 'The market refers to a missing row or repeats a key.',
          details: error instanceof Error ? error.message : String(error),
          cause: error,
        })
      }
      throw error
    }
  }
}

function isConstraintError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false
  const code: unknown = (error as Error & { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')
}
