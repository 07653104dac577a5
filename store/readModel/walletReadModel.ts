import type { IndexedPoolRow, WalletLedgerRows } from '../rows/indexerRows.js'
import type { FeeVaultRow, LpPositionRow, WalletBalanceRow } from '../rows/walletRows.js'
import { walletPositions } from './walletPositions.js'

/**
 * One wallet's rows as the REST API reads them.
 *
 * @example
 * ```ts
 * const rows: WalletRows = { balances: [usdt], lpPositions: [], feeVaults: [] }
 * ```
 */
export type WalletRows = {
  readonly balances: readonly WalletBalanceRow[]
  readonly lpPositions: readonly LpPositionRow[]
  readonly feeVaults: readonly FeeVaultRow[]
}

/** What {@link walletReadModel} joins for one wallet. */
export type WalletReadModelInput = {
  readonly owner: string
  /** The indexer's ledger rows of this owner (its jetton wallets, LP accounts and vaults). */
  readonly ledger: WalletLedgerRows
  /** Every pool the indexer follows (an LP wallet's master is one; their routers own vaults). */
  readonly pools: readonly IndexedPoolRow[]
  /** The owner's stored rows: a seed's or an import's, and native TON balances. */
  readonly stored: WalletRows
}

const routerAssets = new WeakMap<readonly IndexedPoolRow[], ReadonlyMap<string, string>>()

/**
 * A wallet's balances, LP positions and referral vaults, read from the indexer's ledger at read
 * time (so a batch that moved a jetton changes exactly the rows of the wallets it touched, with
 * its operations and cursor): jetton balances (zero ones left out), LP positions (an LP wallet
 * merged with the same owner's LP account of that pool) and the vaults of the followed routers,
 * each vault's asset named through the pools' router wallets. The stored rows stand where the
 * ledger has none (the native TON balance, a seed, an import): for the same asset, pool or
 * vault the ledger's row wins.
 *
 * @example
 * ```ts
 * walletReadModel({ owner, ledger, pools, stored }).balances
 * // [{ walletAddress: owner, assetAddress: usdt, balance: 1_000_000_000n, jettonWalletAddress: 'EQ…' }]
 * ```
 */
export function walletReadModel(input: WalletReadModelInput): WalletRows {
  let assets = routerAssets.get(input.pools)
  if (assets === undefined) {
    const map = new Map<string, string>()
    for (const p of input.pools) {
      map.set(p.wallet0, p.asset0Address)
      map.set(p.wallet1, p.asset1Address)
    }
    routerAssets.set(input.pools, map)
    assets = map
  }
  const lookup = assets
  const derived = walletPositions({
    ledger: input.ledger,
    pools: input.pools,
    assetOf: (wallet) => lookup.get(wallet),
    owners: new Set([input.owner]),
  })
  // What the ledger follows, emptied positions included: a stored row of it is stale.
  const { jettonWallets, lpAccounts, vaults } = input.ledger
  const masters = jettonWallets.map((w) => w.masterAddress).filter((m) => m !== null)
  return {
    balances: merge(input.stored.balances, derived.balances, masters, (b) => b.assetAddress),
    lpPositions: merge(
      input.stored.lpPositions,
      derived.lpPositions,
      [...masters, ...lpAccounts.map((a) => a.poolAddress)],
      (p) => p.poolAddress,
    ),
    feeVaults: merge(
      input.stored.feeVaults,
      derived.feeVaults,
      vaults.map((v) => v.address),
      (v) => v.vaultAddress,
    ),
  }
}

/** `stored` less the keys the ledger covers, plus `derived`, ordered by key. */
function merge<T>(
  stored: readonly T[],
  derived: readonly T[],
  covered: readonly string[],
  key: (row: T) => string,
): T[] {
  if (covered.length === 0) return [...stored]
  const ledger = new Set(covered)
  const rows = new Map<string, T>()
  for (const row of stored) if (!ledger.has(key(row))) rows.set(key(row), row)
  for (const row of derived) rows.set(key(row), row)
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r)
}
