import type {
  IndexedVenueMinterRow,
  IndexedVenueVaultRow,
  VenueKind,
  VenueOperationFilter,
  VenueOperationKind,
  VenueOperationRow,
} from '../rows/indexerRows.js'
import { StoreError } from '../StoreError.js'
import { readBigint, readOptionalText, readText, writeBigint } from './columns.js'

/**
 * Conversions between the indexer's referral-venue rows and database records
 * (`indexed_venue_minters`, `indexed_venue_vaults`, `venue_operations`), shared by SQLite and
 * PostgreSQL: amounts, logical times and query ids are decimal TEXT (PostgreSQL: NUMERIC),
 * kinds their names. Every encoder returns the same columns in the same order.
 * @module
 */

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

const VENUE_KINDS: readonly VenueKind[] = ['escrow', 'fee_vault']
const OPERATION_KINDS: readonly VenueOperationKind[] = [
  'accrual',
  'deposit',
  'withdrawal',
  'collect',
]

function readChoice<T extends string>(value: unknown, column: string, choices: readonly T[]): T {
  const text = readText(value, column)
  if ((choices as readonly string[]).includes(text)) return text as T
  throw new StoreError({
    code: 'STORE_CORRUPT',
    message: `${column} holds ${JSON.stringify(text)}, not one of ${choices.join(', ')}`,
  })
}

/**
 * Venue minter row → record.
 *
 * @example
 * ```ts
 * encodeVenueMinter({ address: 'EQ…', kind: 'escrow' }).kind // 'escrow'
 * ```
 */
export function encodeVenueMinter(row: IndexedVenueMinterRow): DbParams {
  return { address: row.address, kind: row.kind }
}

/**
 * Record → venue minter row.
 *
 * @example
 * ```ts
 * decodeVenueMinter({ address: 'EQ…', kind: 'fee_vault' }).kind // 'fee_vault'
 * ```
 */
export function decodeVenueMinter(r: DbRecord): IndexedVenueMinterRow {
  return {
    address: readText(r.address, 'indexed_venue_minters.address'),
    kind: readChoice(r.kind, 'indexed_venue_minters.kind', VENUE_KINDS),
  }
}

/**
 * Venue vault row → record.
 *
 * @example
 * ```ts
 * encodeVenueVault(vault).balance // '1995'
 * ```
 */
export function encodeVenueVault(row: IndexedVenueVaultRow): DbParams {
  return {
    address: row.address,
    minter_address: row.minterAddress,
    kind: row.kind,
    owner_address: row.ownerAddress,
    jetton_wallet: row.jettonWallet,
    asset_address: row.assetAddress,
    balance: writeBigint(row.balance),
    last_collect_time: writeBigint(row.lastCollectTime),
  }
}

/**
 * Record → venue vault row.
 *
 * @example
 * ```ts
 * decodeVenueVault(record).balance // 1995n
 * ```
 */
export function decodeVenueVault(r: DbRecord): IndexedVenueVaultRow {
  return {
    address: readText(r.address, 'indexed_venue_vaults.address'),
    minterAddress: readText(r.minter_address, 'indexed_venue_vaults.minter_address'),
    kind: readChoice(r.kind, 'indexed_venue_vaults.kind', VENUE_KINDS),
    ownerAddress: readText(r.owner_address, 'indexed_venue_vaults.owner_address'),
    jettonWallet: readText(r.jetton_wallet, 'indexed_venue_vaults.jetton_wallet'),
    assetAddress: readOptionalText(r.asset_address, 'indexed_venue_vaults.asset_address'),
    balance: readBigint(r.balance, 'indexed_venue_vaults.balance'),
    lastCollectTime: readBigint(r.last_collect_time, 'indexed_venue_vaults.last_collect_time'),
  }
}

/**
 * Venue operation row → record.
 *
 * @example
 * ```ts
 * encodeVenueOperation(op).amount // '1995'
 * ```
 */
export function encodeVenueOperation(row: VenueOperationRow): DbParams {
  return {
    tx_hash: row.txHash,
    tx_lt: writeBigint(row.txLt),
    timestamp: row.timestamp,
    origin_hash: row.originHash,
    kind: row.kind,
    venue: row.venue,
    minter_address: row.minterAddress,
    vault_address: row.vaultAddress,
    owner_address: row.ownerAddress,
    jetton_wallet: row.jettonWallet,
    asset_address: row.assetAddress,
    amount: writeBigint(row.amount),
    sender_address: row.senderAddress,
    query_id: writeBigint(row.queryId),
  }
}

/**
 * Record → venue operation row.
 *
 * @example
 * ```ts
 * decodeVenueOperation(record).kind // 'accrual'
 * ```
 */
export function decodeVenueOperation(r: DbRecord): VenueOperationRow {
  return {
    txHash: readText(r.tx_hash, 'venue_operations.tx_hash'),
    txLt: readBigint(r.tx_lt, 'venue_operations.tx_lt'),
    timestamp: readText(r.timestamp, 'venue_operations.timestamp'),
    originHash: readText(r.origin_hash, 'venue_operations.origin_hash'),
    kind: readChoice(r.kind, 'venue_operations.kind', OPERATION_KINDS),
    venue: readChoice(r.venue, 'venue_operations.venue', VENUE_KINDS),
    minterAddress: readText(r.minter_address, 'venue_operations.minter_address'),
    vaultAddress: readText(r.vault_address, 'venue_operations.vault_address'),
    ownerAddress: readText(r.owner_address, 'venue_operations.owner_address'),
    jettonWallet: readText(r.jetton_wallet, 'venue_operations.jetton_wallet'),
    assetAddress: readOptionalText(r.asset_address, 'venue_operations.asset_address'),
    amount: readBigint(r.amount, 'venue_operations.amount'),
    senderAddress: readOptionalText(r.sender_address, 'venue_operations.sender_address'),
    queryId: readBigint(r.query_id, 'venue_operations.query_id'),
  }
}

/**
 * Venue operations oldest first: by logical time as a number (stored as decimal text), then
 * by transaction hash.
 *
 * @example
 * ```ts
 * sortVenueOperations([later, earlier]) // [earlier, later]
 * ```
 */
export function sortVenueOperations(rows: VenueOperationRow[]): VenueOperationRow[] {
  return rows.sort((a, b) =>
    a.txLt === b.txLt ? (a.txHash < b.txHash ? -1 : 1) : a.txLt < b.txLt ? -1 : 1,
  )
}

/**
 * The `WHERE` clause of a venue-operation filter, with its parameters in order; `placeholder`
 * names the n-th (1-based) parameter in the back-end's syntax (`?` or `$n`).
 *
 * @example
 * ```ts
 * venueOperationWhere({ ownerAddress: 'EQ…ref' }, () => '?')
 * // { sql: 'WHERE owner_address = ?', params: ['EQ…ref'] }
 * ```
 */
export function venueOperationWhere(
  filter: VenueOperationFilter,
  placeholder: (n: number) => string,
): { sql: string; params: string[] } {
  const where: string[] = []
  const params: string[] = []
  const add = (condition: string, value: string | undefined) => {
    if (value === undefined) return
    params.push(value)
    where.push(`${condition} ${placeholder(params.length)}`)
  }
  add('owner_address =', filter.ownerAddress)
  add('vault_address =', filter.vaultAddress)
  add('timestamp >=', filter.since)
  add('timestamp <=', filter.until)
  return { sql: where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`, params }
}
