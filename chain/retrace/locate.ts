import { Address, Cell, loadTransaction, type Transaction } from '@ton/core'
import { FatalSourceError } from '../../upstream/errors.js'
import { type RawTransaction, verifiedTransaction } from '../../upstream/tonApiWire.js'
import { RetraceError } from './RetraceError.js'
import type { RetraceReads, V3Transaction } from './reads.js'
import type { TxRef } from './txRef.js'

/**
 * A transaction found at the upstream: its account, lt, hash, BoC (checked against the hash)
 * and what v3 said of it.
 *
 * @example
 * ```ts
 * const found: LocatedTransaction = await locateTransaction(reads, parseTxRef('3b464a32…1daf'))
 * found.lt // 64826315000001n
 * ```
 */
export type LocatedTransaction = {
  readonly account: Address
  readonly lt: bigint
  readonly hash: Buffer
  readonly cell: Cell
  readonly tx: Transaction
  readonly v3: V3Transaction | undefined
}

/**
 * Finds a transaction: by hash through v3 `/api/v3/transactions` (a v2 upstream has no index by
 * hash), by `<address>:<lt>` through v3 or, without v3, the account's shard block
 * (`lookupBlock` by lt, `getBlockTransactions`); then its BoC with `getTransactions(address,
 * lt, hash, limit 1)`, checked against the hash.
 *
 * @throws {RetraceError} `RETRACE_NOT_FOUND` for a hash or an lt the upstream does not have,
 *   `RETRACE_BAD_INPUT` for a bare hash at an upstream without v3.
 */
export async function locateTransaction(
  reads: RetraceReads,
  ref: TxRef,
): Promise<LocatedTransaction> {
  let account: Address
  let lt: bigint
  let hash: Buffer
  let v3: V3Transaction | undefined
  if (ref.account === undefined) {
    const found = await reads.v3Transaction({ hash: ref.hash.toString('base64') })
    if (found === undefined) {
      throw new RetraceError({
        code: 'RETRACE_BAD_INPUT',
        field: 'tx',
        method: '/api/v3/transactions',
        message: `tx: the upstream has no v3 /api/v3/transactions to find a transaction by its hash; name it as <address>:<lt>`,
      })
    }
    v3 = found[0]
    if (v3 === undefined) {
      throw new RetraceError({
        code: 'RETRACE_NOT_FOUND',
        field: 'tx',
        method: '/api/v3/transactions',
        message: `tx: the upstream knows no transaction ${ref.hash.toString('hex')} (/api/v3/transactions)`,
      })
    }
    account = Address.parse(v3.account)
    lt = BigInt(v3.lt)
    hash = ref.hash
  } else {
    account = ref.account
    lt = ref.lt
    if (ref.hash !== undefined) {
      hash = ref.hash
      v3 = (await reads.v3Transaction({ hash: hash.toString('base64') }))?.[0]
    } else {
      const listed = await reads.v3Transaction({
        account: account.toRawString(),
        lt: lt.toString(),
      })
      if (listed !== undefined && listed.length === 0) {
        throw new RetraceError({
          code: 'RETRACE_NOT_FOUND',
          field: 'lt',
          method: '/api/v3/transactions',
          message: `lt: the upstream knows no transaction of ${account.toString()} at lt ${lt} (/api/v3/transactions)`,
        })
      }
      v3 = listed?.[0]
      hash =
        v3 === undefined ? await hashFromBlock(reads, account, lt) : Buffer.from(v3.hash, 'base64')
    }
  }
  const page = await reads.transactions(account, { lt, hash, limit: 1 })
  const raw = page[0]
  if (raw === undefined || raw.transaction_id.lt !== lt.toString()) {
    throw new RetraceError({
      code: 'RETRACE_NOT_FOUND',
      field: ref.account === undefined ? 'tx' : 'lt',
      method: 'getTransactions',
      message: `${ref.account === undefined ? 'tx' : 'lt'}: the upstream has no transaction of ${account.toString()} at lt ${lt} with hash ${hash.toString('hex')} (getTransactions)`,
    })
  }
  const { cell, tx } = checked(raw)
  if (!cell.hash().equals(hash)) {
    throw new RetraceError({
      code: 'RETRACE_INVALID_DATA',
      method: 'getTransactions',
      message: `getTransactions: the transaction at lt ${lt} hashes to ${cell.hash().toString('hex')}, not ${hash.toString('hex')}`,
    })
  }
  return { account, lt, hash, cell, tx, v3 }
}

/** The hash of the account's transaction at `lt`, from its shard block's transaction list. */
async function hashFromBlock(reads: RetraceReads, account: Address, lt: bigint): Promise<Buffer> {
  const block = await reads.blockOf(account.workChain, shardPrefix(account), lt)
  const accountHex = account.hash.toString('hex')
  let after: { lt: string; hash: string } | undefined
  for (let page = 0; page < 1000; page++) {
    const answer = await reads.ask<{
      incomplete?: boolean
      transactions?: { account: string; lt: string; hash: string }[]
    }>('getBlockTransactions', {
      workchain: block.workchain,
      shard: block.shard,
      seqno: block.seqno,
      root_hash: block.root_hash,
      file_hash: block.file_hash,
      count: 256,
      ...(after === undefined ? {} : { after_lt: after.lt, after_hash: after.hash }),
    })
    const txs = answer.transactions ?? []
    for (const t of txs) {
      if (t.lt === lt.toString() && accountIdHex(t.account) === accountHex) {
        return Buffer.from(t.hash, 'base64')
      }
    }
    const last = txs.at(-1)
    if (answer.incomplete !== true || last === undefined) break
    after = { lt: last.lt, hash: accountIdHex(last.account) }
  }
  throw new RetraceError({
    code: 'RETRACE_NOT_FOUND',
    field: 'lt',
    method: 'getBlockTransactions',
    message: `lt: ${account.toString()} has no transaction at lt ${lt} (block ${block.workchain}:${block.shard}:${block.seqno}, getBlockTransactions)`,
  })
}

/** An account id as `getBlockTransactions` renders it (`wc:hex`, hex or base64) in hex. */
function accountIdHex(text: string): string {
  const bare = text.includes(':') ? (text.split(':')[1] ?? '') : text
  return /^[0-9a-fA-F]{64}$/.test(bare)
    ? bare.toLowerCase()
    : Buffer.from(bare, 'base64').toString('hex')
}

/**
 * The shard id of the account's 60-bit prefix (the prefix, then a 1 bit): what `lookupBlock`
 * takes to find the account's shard block by lt, whatever the shard's real depth. The
 * masterchain has one shard.
 *
 * @example
 * ```ts
 * shardPrefix(Address.parse('EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4')) // 0x86492ad97b5c5bc8n
 * ```
 */
export function shardPrefix(account: Address): bigint {
  if (account.workChain === -1) return 1n << 63n
  const top60 = BigInt(`0x${account.hash.toString('hex')}`) >> 196n
  return (top60 << 4n) | 8n
}

/** A `raw.transaction` checked against its id's hash, as a cell and a transaction. */
export function checked(raw: RawTransaction): { cell: Cell; tx: Transaction } {
  try {
    verifiedTransaction(raw)
  } catch (error) {
    if (error instanceof FatalSourceError) {
      throw new RetraceError({
        code: 'RETRACE_INVALID_DATA',
        method: 'getTransactions',
        message: `getTransactions: ${error.message}`,
        cause: error,
      })
    }
    throw error
  }
  const cell = cellOfBoc(raw.data)
  return { cell, tx: loadTransaction(cell.beginParse()) }
}

function cellOfBoc(base64: string): Cell {
  return Cell.fromBoc(Buffer.from(base64, 'base64'))[0] as Cell
}

/**
 * The in-message cell of a transaction cell, as recorded (re-serializing the parsed message
 * may lay it out otherwise, and the replay's hash would differ).
 *
 * @example
 * ```ts
 * inMessageCell(txCell)?.hash().toString('hex') // '7f0074f1…'
 * ```
 */
export function inMessageCell(txCell: Cell): Cell | undefined {
  const io = txCell.refs[0]
  if (io === undefined) return undefined
  const s = io.beginParse()
  return s.loadBit() ? s.loadRef() : undefined
}
