import { createHash } from 'node:crypto'
import { Address, beginCell, type Cell, type Message, storeStateInit } from '@ton/core'
import { writeBoc } from '../../emulator/bocWriter.js'
import { decodeBodyAs } from '../../protocol/decode/decodeBody.js'
import type { AccountInfo, ChainHead } from '../liveChainTypes.js'
import type { LoggedTransaction } from '../TransactionLog.js'
import { ByteLru } from './ByteLru.js'
import { type LeanTransaction, readTransaction } from './leanTransaction.js'
import { keptRead, transactionKey } from './parsedTransactions.js'

/** Shard of the masterchain blocks we report (toncenter's "-9223372036854775808"). */
const MASTERCHAIN_SHARD = '-9223372036854775808'

/**
 * A `ton.blockIdExt` for a local block: the masterchain block (workchain -1) or the one
 * basechain shard block (workchain 0) of block `seqno`, both in toncenter's full shard. The chain
 * has no real block headers: the root and file hashes are SHA-256 digests of the workchain and
 * block number, stable across restarts, never a real TON hash.
 *
 * @example
 * ```ts
 * blockIdExt(12) // { '@type': 'ton.blockIdExt', workchain: -1, shard: '-9223372036854775808', seqno: 12, … }
 * ```
 */
export function blockIdExt(seqno: number, workchain = -1): Record<string, unknown> {
  const digest = (what: string) =>
    createHash('sha256').update(`ton-dex-lab local ${what} ${workchain}:${seqno}`).digest('base64')
  return {
    '@type': 'ton.blockIdExt',
    workchain,
    shard: MASTERCHAIN_SHARD,
    seqno,
    root_hash: digest('root'),
    file_hash: digest('file'),
  }
}

/**
 * `internal.transactionId` of an account's last transaction (lt "0" and a zero hash for none).
 *
 * @example
 * ```ts
 * transactionId(info) // { '@type': 'internal.transactionId', lt: '31000001', hash: 'q2x…=' }
 * ```
 */
export function transactionId(info: AccountInfo): Record<string, unknown> {
  return {
    '@type': 'internal.transactionId',
    lt: (info.lastTransaction?.lt ?? 0n).toString(),
    hash: (info.lastTransaction?.hash ?? Buffer.alloc(32)).toString('base64'),
  }
}

/**
 * toncenter's account state names: a nonexistent account is `uninitialized` as well.
 *
 * @example
 * ```ts
 * toncenterState('nonexist') // 'uninitialized'
 * ```
 */
export function toncenterState(
  status: AccountInfo['status'],
): 'active' | 'uninitialized' | 'frozen' {
  if (status === 'active') return 'active'
  if (status === 'frozen') return 'frozen'
  return 'uninitialized'
}

/**
 * `raw.fullAccountState` of `getAddressInformation`.
 *
 * @example
 * ```ts
 * addressInformation(info, head, now).state // 'active'
 * ```
 */
export function addressInformation(
  info: AccountInfo,
  head: ChainHead,
  now: number,
): Record<string, unknown> {
  return {
    '@type': 'raw.fullAccountState',
    balance: info.balance.toString(),
    extra_currencies: [],
    code: info.code ? boc(info.code) : '',
    data: info.data ? boc(info.data) : '',
    last_transaction_id: transactionId(info),
    block_id: blockIdExt(head.seqno),
    frozen_hash: info.frozenHash ? info.frozenHash.toString('base64') : '',
    sync_utime: now,
    state: toncenterState(info.status),
  }
}

/**
 * Rendered `raw.transaction`s kept, by the size {@link renderTransaction} estimates for each
 * (its base64 fields' characters plus 256 bytes per message and 512 for the rest, close to the
 * heap an answer takes: about 3 KB a transaction of the demo history, measured): a follower's
 * overlap and `accounts` mode's repeated pages (a few thousand transactions apart) find them
 * rendered. 32 MiB holds about the last 10 000.
 */
export const RENDERED_TRANSACTIONS_BYTES = 32 * 1024 * 1024

const rendered = new ByteLru<Record<string, unknown>>(RENDERED_TRANSACTIONS_BYTES)

/**
 * A `raw.transaction` of `getTransactions`: the transaction BoC in `data`, fees, and the in-
 * and out-messages with their bodies. Rendered once per transaction and kept (see
 * {@link RENDERED_TRANSACTIONS_BYTES}), so the answer is shared: never mutate it. The BoC is
 * read for what the answer shows only, or v3's read of it is taken ({@link keptRead}).
 *
 * @example
 * ```ts
 * renderTransaction(entry).transaction_id // { '@type': 'internal.transactionId', lt: '31000001', hash: '…' }
 * ```
 */
export function renderTransaction(entry: LoggedTransaction): Record<string, unknown> {
  const key = transactionKey(entry)
  const hit = rendered.get(key)
  if (hit !== undefined) return hit
  const json = renderParts(entry, keptRead(entry) ?? readTransaction(entry.boc))
  rendered.set(key, json, estimatedBytes(json))
  return json
}

/**
 * Renders a `raw.transaction` from a read of the transaction, without the cache.
 *
 * @example
 * ```ts
 * renderParts(entry, readTransaction(entry.boc)).fee // '3000000'
 * ```
 */
export function renderParts(
  entry: LoggedTransaction,
  tx: LeanTransaction,
): Record<string, unknown> {
  const { fee, storageFee } = tx
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendlyRaw(entry.account) },
    utime: tx.now,
    data: Buffer.from(entry.boc).toString('base64'),
    transaction_id: {
      '@type': 'internal.transactionId',
      lt: entry.lt.toString(),
      hash: Buffer.from(entry.hash).toString('base64'),
    },
    fee: fee.toString(),
    storage_fee: storageFee.toString(),
    other_fee: (fee - storageFee).toString(),
    in_msg: tx.inMessage ? renderMessage(tx.inMessage) : undefined,
    out_msgs: tx.outMessages.map(renderMessage),
  }
}

/** The size kept for a rendered transaction: its base64 fields plus a fixed part per object. */
function estimatedBytes(json: Record<string, unknown>): number {
  type Rendered = { msg_data: { body: string; init_state: string } }
  const messages = [json.in_msg, ...(json.out_msgs as unknown[])] as (Rendered | undefined)[]
  let bytes = (json.data as string).length + 512
  for (const message of messages) {
    if (message) bytes += message.msg_data.body.length + message.msg_data.init_state.length + 256
  }
  return bytes
}

/**
 * A `raw.message`: addresses user-friendly (empty for none), amounts as decimal strings, the
 * body as a base64 BoC in `msg_data`, and `message` the text of a comment (op 0) if it is one.
 *
 * @example
 * ```ts
 * renderMessage(tx.inMessage).value // '1500000000'
 * ```
 */
export function renderMessage(message: Message): Record<string, unknown> {
  const info = message.info
  const common = {
    '@type': 'raw.message',
    body_hash: message.body.hash().toString('base64'),
    msg_data: {
      '@type': 'msg.dataRaw',
      body: boc(message.body),
      init_state: message.init ? stateInitBoc(message.init) : '',
    },
    message: commentOf(message.body),
    extra_currencies: [],
  }
  if (info.type === 'internal') {
    return {
      ...common,
      source: friendly(info.src),
      destination: friendly(info.dest),
      value: info.value.coins.toString(),
      fwd_fee: info.forwardFee.toString(),
      ihr_fee: info.ihrFee.toString(),
      created_lt: info.createdLt.toString(),
    }
  }
  if (info.type === 'external-in') {
    return {
      ...common,
      source: '',
      destination: friendly(info.dest),
      value: '0',
      fwd_fee: '0',
      ihr_fee: '0',
      created_lt: '0',
    }
  }
  return {
    ...common,
    source: friendly(info.src),
    destination: '',
    value: '0',
    fwd_fee: '0',
    ihr_fee: '0',
    created_lt: info.createdLt.toString(),
  }
}

/** User-friendly forms kept by raw form (an exchange's addresses recur in most messages). */
const FRIENDLY_KEPT = 65_536
const friendlyForms = new Map<string, string>()

/** `address.toString()` (bounceable, URL-safe), kept by raw form. */
function friendly(address: Address): string {
  const raw = `${address.workChain}:${address.hash.toString('hex')}`
  let form = friendlyForms.get(raw)
  if (form === undefined) {
    form = address.toString()
    if (friendlyForms.size >= FRIENDLY_KEPT) friendlyForms.clear()
    friendlyForms.set(raw, form)
  }
  return form
}

/** The user-friendly form of a raw `workchain:hex` account, kept. */
function friendlyRaw(raw: string): string {
  let form = friendlyForms.get(raw)
  if (form === undefined) {
    form = Address.parseRaw(raw).toString()
    if (friendlyForms.size >= FRIENDLY_KEPT) friendlyForms.clear()
    friendlyForms.set(raw, form)
  }
  return form
}

/**
 * State-init BoCs kept by the hash of the state-init cell, up to 8 MiB of base64: the same
 * contract's code and initial data are deployed again and again (every new jetton wallet).
 */
const stateInits = new ByteLru<string>(8 * 1024 * 1024)

/** The base64 BoC of a message's state-init, as it is serialized alone. */
function stateInitBoc(init: NonNullable<Message['init']>): string {
  const cell = beginCell().store(storeStateInit(init)).endCell()
  const key = cell.hash().toString('base64')
  let text = stateInits.get(key)
  if (text === undefined) {
    text = boc(cell)
    stateInits.set(key, text, text.length)
  }
  return text
}

/** The text comment of a body (op 0 and UTF-8 text), `''` for any other body. */
function commentOf(body: Cell): string {
  // Only op 0 (or an empty body, which has no text) can be a comment.
  if (body.bits.length >= 32 && body.beginParse().preloadUint(32) !== 0) return ''
  return decodeBodyAs(body, 'ton.transfer')?.comment ?? ''
}

/** Base64 BoC without index, as toncenter writes cells. */
export function boc(cell: Cell): string {
  return writeBoc(cell, { idx: false }).toString('base64')
}
