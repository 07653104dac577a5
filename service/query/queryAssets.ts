import type { AssetRow } from '../../store/rows/referenceRows.js'
import { evaluateCondition } from './condition.js'
import { matchesSearch, type QueryRequest, selectRows } from './queryRequest.js'
import { decimalSortValue, parseSortBy, type SortFields } from './sortBy.js'

/** What the query knows about the wallet given as `wallet_address`. */
export type AssetWalletContext = {
  /** Raw balance per asset address. */
  readonly balances: ReadonlyMap<string, bigint>
  /** Assets of pools the wallet holds LP tokens of. */
  readonly liquidityAssets: ReadonlySet<string>
}

/** An asset with the wallet's balance of it, as the query sorts and filters it. */
type AssetEntry = { readonly row: AssetRow; readonly balance: bigint | null }

/** Sortable fields of `assets/query`. */
export const ASSET_SORT_FIELDS: SortFields<AssetEntry> = {
  popularity_index: ({ row }) => row.popularityIndex,
  priority: ({ row }) => row.priority,
  pair_priority: ({ row }) => row.pairPriority ?? row.priority,
  symbol: ({ row }) => row.symbol,
  display_name: ({ row }) => row.displayName,
  dex_price_usd: ({ row }) => decimalSortValue(row.dexPriceUsd),
  balance: ({ balance }) => (balance === null ? null : { numerator: balance, denominator: 1n }),
  address: ({ row }) => row.address,
}

/** Ties after the requested order: most popular first, then by address. */
const FALLBACK = ['popularity_index:desc', 'address:asc']

/**
 * Runs an assets query (`POST /v1/assets/query`, `/v1/assets/search`). Condition atoms are the
 * asset's tags plus, with a wallet, `asset:wallet_has_balance` (balance > 0) and
 * `asset:wallet_has_liquidity_in_pool` (the wallet holds LP of a pool of the asset). Search
 * terms match the address, symbol or display name.
 *
 * @example
 * ```ts
 * queryAssets(assets, readQueryRequest({ condition: 'asset:essential' }))
 * // [TON, USDL] (most popular first)
 * ```
 */
export function queryAssets(
  assets: readonly AssetRow[],
  request: QueryRequest,
  wallet?: AssetWalletContext,
): AssetRow[] {
  const unconditional = new Set(request.unconditional)
  const compare = parseSortBy(request.sortBy, ASSET_SORT_FIELDS, FALLBACK)
  const entries = assets.map(
    (row): AssetEntry => ({ row, balance: wallet?.balances.get(row.address) ?? null }),
  )
  const selected = selectRows(entries, request, {
    passes: ({ row, balance }, condition) =>
      evaluateCondition(condition, (atom) => {
        if (atom === 'asset:wallet_has_balance') return balance !== null && balance > 0n
        if (atom === 'asset:wallet_has_liquidity_in_pool') {
          return wallet?.liquidityAssets.has(row.address) ?? false
        }
        return row.tags.includes(atom)
      }),
    matches: ({ row }, term) =>
      matchesSearch(term, { addresses: [row.address], texts: [row.symbol, row.displayName] }),
    isUnconditional: ({ row }) => unconditional.has(row.address),
    compare,
  })
  return selected.map((entry) => entry.row)
}
