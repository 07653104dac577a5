import { createHash } from 'node:crypto'
import {
  Address,
  beginCell,
  Cell,
  loadTransaction,
  type Message,
  storeStateInit,
  type Transaction,
} from '@ton/core'
import { writeBoc } from '../../emulator/bocWriter.js'
import { decodeBodyAs } from '../../protocol/decode/decodeBody.js'
import type { AccountInfo, ChainHead } from '../LiveChain.js'
import type { LoggedTransaction } from '../TransactionLog.js'

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
 * A `raw.transaction` of `getTransactions`: the transaction BoC in `data`, fees, and the in-
 * and out-messages with their bodies.
 *
 * @example
 * ```ts
 * renderTransaction(entry).transaction_id // { '@type': 'internal.transactionId', lt: '31000001', hash: '…' }
 * ```
 */
export function renderTransaction(entry: LoggedTransaction): Record<string, unknown> {
  const cell = Cell.fromBoc(Buffer.from(entry.boc))[0]!
  const tx: Transaction = loadTransaction(cell.beginParse())
  const fee = tx.totalFees.coins
  const storageFee =
    tx.description.type === 'generic' || tx.description.type === 'tick-tock'
      ? (tx.description.storagePhase?.storageFeesCollected ?? 0n)
      : 0n
  return {
    '@type': 'raw.transaction',
    address: {
      '@type': 'accountAddress',
      account_address: Address.parseRaw(entry.account).toString(),
    },
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
    out_msgs: [...tx.outMessages.values()].map(renderMessage),
  }
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
      init_state: message.init
        ? boc(beginCell().store(storeStateInit(message.init)).endCell())
        : '',
    },
    message: commentOf(message.body),
    extra_currencies: [],
  }
  if (info.type === 'internal') {
    return {
      ...common,
      source: info.src.toString(),
      destination: info.dest.toString(),
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
      destination: info.dest.toString(),
      value: '0',
      fwd_fee: '0',
      ihr_fee: '0',
      created_lt: '0',
    }
  }
  return {
    ...common,
    source: info.src.toString(),
    destination: '',
    value: '0',
    fwd_fee: '0',
    ihr_fee: '0',
    created_lt: info.createdLt.toString(),
  }
}

/** The text comment of a body (op 0 and UTF-8 text), `''` for any other body. */
function commentOf(body: Cell): string {
  return decodeBodyAs(body, 'ton.transfer')?.comment ?? ''
}

/** Base64 BoC without index, as toncenter writes cells. */
export function boc(cell: Cell): string {
  return writeBoc(cell, { idx: false }).toString('base64')
}
