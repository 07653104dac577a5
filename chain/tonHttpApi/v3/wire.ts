import {
  type AccountStatus,
  type AccountStatusChange,
  type Address,
  beginCell,
  type Cell,
  type ExternalAddress,
  type Message,
  type StorageUsed,
  storeMessage,
  storeStateInit,
  type TransactionActionPhase,
  type TransactionBouncePhase,
  type TransactionComputePhase,
  type TransactionCreditPhase,
  type TransactionDescription,
  type TransactionStoragePhase,
} from '@ton/core'
import { normalizedExternalHash } from '../../../protocol/externalMessageHash.js'
import type { LoggedTransaction } from '../../TransactionLog.js'
import type { LeanTransaction } from '../leanTransaction.js'
import { boc } from '../wire.js'

/**
 * The one basechain shard toncenter v3 reports for every local block (`block_ref.shard`): the
 * whole workchain, `0x8000000000000000` as toncenter's API v3 writes it.
 */
export const V3_SHARD = '8000000000000000'

/** A JSON object as the v3 answers are built. */
export type V3Json = Record<string, unknown>

/**
 * Where a transaction sits: its block (`mc_block_seqno`, `block_ref.seqno`) and its trace (the
 * hash of the block's first transaction; the root external message's hash when there is one).
 *
 * @example
 * ```ts
 * const place: TransactionPlace = { traceId: rootTx.hash, traceExternalHash: externalCell.hash() }
 * ```
 */
export type TransactionPlace = {
  /** Hash of the first transaction of the block (toncenter's `trace_id`). */
  readonly traceId: Uint8Array
  /** Hash of the block's root message when it is an external-in message. */
  readonly traceExternalHash: Uint8Array | undefined
}

/**
 * An address in toncenter v3's raw form: workchain, colon, 64 upper-case hex digits.
 *
 * @example
 * ```ts
 * rawAddress(Address.parse('EQD…')) // '0:83DF…'
 * ```
 */
export function rawAddress(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`
}

/** A 256-bit integer (a hash kept as a bigint by `@ton/core`) as base64 of its 32 bytes. */
function hash256(value: bigint): string {
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex').toString('base64')
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}

/** toncenter's account status names. */
function status(value: AccountStatus): string {
  switch (value) {
    case 'active':
      return 'active'
    case 'frozen':
      return 'frozen'
    case 'uninitialized':
      return 'uninit'
    default:
      return 'nonexist'
  }
}

function statusChange(value: AccountStatusChange): string {
  return value
}

/**
 * A message in toncenter v3's `Message` shape: raw addresses (`null` for an external end),
 * amounts, lts and times as decimal strings, `opcode` as `"0x%08x"` (null for a body shorter
 * than 32 bits), the body as a base64 BoC in `message_content`, `decoded: null`.
 *
 * @example
 * ```ts
 * renderV3Message(tx.inMessage, messageHashes(tx).inMessage).opcode // '0x0f8a7ea5' for a jetton transfer
 * ```
 */
export function renderV3Message(message: Message, hash: Buffer): V3Json {
  const info = message.info
  const content = {
    hash: message.body.hash().toString('base64'),
    body: boc(message.body),
    decoded: null,
  }
  const initCell = message.init ? beginCell().store(storeStateInit(message.init)).endCell() : null
  const common = {
    hash: hash.toString('base64'),
    opcode: opcodeOf(message.body),
    message_content: content,
    init_state: initCell
      ? { hash: initCell.hash().toString('base64'), body: boc(initCell), decoded: null }
      : null,
  }
  if (info.type === 'internal') {
    return {
      hash: common.hash,
      source: rawAddress(info.src),
      destination: rawAddress(info.dest),
      value: info.value.coins.toString(),
      value_extra_currencies: {},
      fwd_fee: info.forwardFee.toString(),
      ihr_fee: info.ihrFee.toString(),
      created_lt: info.createdLt.toString(),
      created_at: String(info.createdAt),
      opcode: common.opcode,
      ihr_disabled: info.ihrDisabled,
      bounce: info.bounce,
      bounced: info.bounced,
      import_fee: null,
      message_content: common.message_content,
      init_state: common.init_state,
    }
  }
  if (info.type === 'external-in') {
    return {
      hash: common.hash,
      source: externalAddress(info.src),
      destination: rawAddress(info.dest),
      value: null,
      value_extra_currencies: null,
      fwd_fee: null,
      ihr_fee: null,
      created_lt: null,
      created_at: null,
      opcode: common.opcode,
      ihr_disabled: null,
      bounce: null,
      bounced: null,
      import_fee: info.importFee.toString(),
      message_content: common.message_content,
      init_state: common.init_state,
      hash_norm: normalizedExternalHash(info.dest, message.body).toString('base64'),
    }
  }
  return {
    hash: common.hash,
    source: rawAddress(info.src),
    destination: externalAddress(info.dest),
    value: null,
    value_extra_currencies: null,
    fwd_fee: null,
    ihr_fee: null,
    created_lt: info.createdLt.toString(),
    created_at: String(info.createdAt),
    opcode: common.opcode,
    ihr_disabled: null,
    bounce: null,
    bounced: null,
    import_fee: null,
    message_content: common.message_content,
    init_state: common.init_state,
  }
}

function externalAddress(address: ExternalAddress | null | undefined): string | null {
  return address ? address.toString() : null
}

/**
 * The first 32 bits of a body as toncenter v3's `opcode` (`"0x%08x"`), or `null` when the body
 * is shorter than 32 bits.
 *
 * @example
 * ```ts
 * opcodeOf(beginCell().storeUint(0x0f8a7ea5, 32).endCell()) // '0x0f8a7ea5'
 * ```
 */
export function opcodeOf(body: Cell): string | null {
  const slice = body.beginParse()
  if (slice.remainingBits < 32) return null
  return `0x${slice.loadUint(32).toString(16).padStart(8, '0')}`
}

/**
 * The hashes of a transaction's messages as toncenter reports them: the in-message's cell as the
 * transaction stores it, and each out-message's cell as its receiver's transaction will store
 * it. On TON both ends hold the same cell; the emulator rebuilds a message between sender and
 * receiver (`storeMessage` of the parsed message, which may move a body out of or into a
 * reference), so an out-message's own cell can hash differently from the delivered one. The
 * delivered form is the one both ends report, so a hash read from a sender's `out_msgs` finds
 * the receiver.
 *
 * @example
 * ```ts
 * messageHashes(tx).outMessages[0]?.toString('base64') // the receiver's in_msg.hash
 * ```
 */
export function messageHashes(tx: LeanTransaction): MessageHashes {
  let hashes = hashesOf.get(tx)
  if (hashes === undefined) {
    const outMessages = tx.outMessages.map((message) =>
      beginCell().store(storeMessage(message)).endCell().hash(),
    )
    hashes = { inMessage: tx.inMessageHash, outMessages }
    hashesOf.set(tx, hashes)
  }
  return hashes
}

type MessageHashes = { readonly inMessage: Buffer | undefined; readonly outMessages: Buffer[] }

/** The hashes of a read transaction (the index and the renderer both ask for them). */
const hashesOf = new WeakMap<LeanTransaction, MessageHashes>()

/**
 * A transaction in toncenter v3's `Transaction` shape: raw account, base64 hashes, lts and fees
 * as strings, `mc_block_seqno` and `block_ref` from its block, the previous transaction of the
 * account (`prev_trans_lt` / `prev_trans_hash`) as the transaction itself stores them, the
 * phases in `description`, `finality: "finalized"`. `account_state_before` / `_after` hold
 * what the transaction itself says (the state hashes of its `state_update` and the statuses);
 * balance, code and data hashes are `null`: the chain keeps no per-transaction account states.
 *
 * @example
 * ```ts
 * renderV3Transaction(entry, tx, place).prev_trans_lt // '31000001'
 * ```
 */
export function renderV3Transaction(
  entry: LoggedTransaction,
  tx: LeanTransaction,
  place: TransactionPlace,
): V3Json {
  const hashes = messageHashes(tx)
  const outMessages = tx.outMessages
  const workchain = Number(entry.account.slice(0, entry.account.indexOf(':')))
  return {
    account: entry.account.toUpperCase(),
    hash: base64(entry.hash),
    lt: entry.lt.toString(),
    now: tx.now,
    mc_block_seqno: entry.seqno,
    trace_id: base64(place.traceId),
    ...(place.traceExternalHash === undefined
      ? {}
      : { trace_external_hash: base64(place.traceExternalHash) }),
    prev_trans_hash: base64(tx.prevTransactionHash),
    prev_trans_lt: tx.prevTransactionLt.toString(),
    orig_status: status(tx.oldStatus),
    end_status: status(tx.endStatus),
    total_fees: tx.fee.toString(),
    total_fees_extra_currencies: {},
    description: renderDescription(tx.description()),
    block_ref: { workchain, shard: V3_SHARD, seqno: entry.seqno },
    in_msg:
      tx.inMessage && hashes.inMessage ? renderV3Message(tx.inMessage, hashes.inMessage) : null,
    out_msgs: outMessages.map((message, i) => renderV3Message(message, hashes.outMessages[i]!)),
    account_state_before: accountState(tx.stateUpdate.oldHash, tx.oldStatus),
    account_state_after: accountState(tx.stateUpdate.newHash, tx.endStatus),
    emulated: false,
    finality: 'finalized',
  }
}

/** toncenter's `AccountState` from what a transaction records: its hash and status. */
function accountState(hash: Buffer, accountStatus: AccountStatus): V3Json {
  return {
    hash: hash.toString('base64'),
    balance: null,
    extra_currencies: null,
    account_status: status(accountStatus),
    frozen_hash: null,
    data_hash: null,
    code_hash: null,
  }
}

function renderDescription(d: TransactionDescription): V3Json {
  switch (d.type) {
    case 'generic':
      return {
        type: 'ord',
        aborted: d.aborted,
        destroyed: d.destroyed,
        credit_first: d.creditFirst,
        ...(d.storagePhase ? { storage_ph: storagePhase(d.storagePhase) } : {}),
        ...(d.creditPhase ? { credit_ph: creditPhase(d.creditPhase) } : {}),
        compute_ph: computePhase(d.computePhase),
        ...(d.actionPhase ? { action: actionPhase(d.actionPhase) } : {}),
        ...(d.bouncePhase ? { bounce: bouncePhase(d.bouncePhase) } : {}),
      }
    case 'tick-tock':
      return {
        type: 'tick_tock',
        aborted: d.aborted,
        destroyed: d.destroyed,
        is_tock: d.isTock,
        storage_ph: storagePhase(d.storagePhase),
        compute_ph: computePhase(d.computePhase),
        ...(d.actionPhase ? { action: actionPhase(d.actionPhase) } : {}),
      }
    case 'storage':
      return { type: 'storage', storage_ph: storagePhase(d.storagePhase) }
    default:
      // split and merge transactions never happen on the one-shard local chain
      return { type: d.type.replace('-', '_') }
  }
}

function storagePhase(p: TransactionStoragePhase): V3Json {
  return {
    storage_fees_collected: p.storageFeesCollected.toString(),
    ...(p.storageFeesDue == null ? {} : { storage_fees_due: p.storageFeesDue.toString() }),
    status_change: statusChange(p.statusChange),
  }
}

function creditPhase(p: TransactionCreditPhase): V3Json {
  return {
    ...(p.dueFeesColelcted == null ? {} : { due_fees_collected: p.dueFeesColelcted.toString() }),
    credit: p.credit.coins.toString(),
  }
}

function computePhase(p: TransactionComputePhase): V3Json {
  if (p.type === 'skipped') {
    return { skipped: true, reason: p.reason.replace('-', '_') }
  }
  return {
    skipped: false,
    success: p.success,
    msg_state_used: p.messageStateUsed,
    account_activated: p.accountActivated,
    gas_fees: p.gasFees.toString(),
    gas_used: p.gasUsed.toString(),
    gas_limit: p.gasLimit.toString(),
    ...(p.gasCredit == null ? {} : { gas_credit: p.gasCredit.toString() }),
    mode: p.mode,
    exit_code: p.exitCode,
    ...(p.exitArg == null ? {} : { exit_arg: p.exitArg }),
    vm_steps: p.vmSteps,
    vm_init_state_hash: hash256(p.vmInitStateHash),
    vm_final_state_hash: hash256(p.vmFinalStateHash),
  }
}

function actionPhase(p: TransactionActionPhase): V3Json {
  return {
    success: p.success,
    valid: p.valid,
    no_funds: p.noFunds,
    status_change: statusChange(p.statusChange),
    ...(p.totalFwdFees == null ? {} : { total_fwd_fees: p.totalFwdFees.toString() }),
    ...(p.totalActionFees == null ? {} : { total_action_fees: p.totalActionFees.toString() }),
    result_code: p.resultCode,
    ...(p.resultArg == null ? {} : { result_arg: p.resultArg }),
    tot_actions: p.totalActions,
    spec_actions: p.specActions,
    skipped_actions: p.skippedActions,
    msgs_created: p.messagesCreated,
    action_list_hash: hash256(p.actionListHash),
    tot_msg_size: msgSize(p.totalMessageSize),
  }
}

function bouncePhase(p: TransactionBouncePhase): V3Json {
  if (p.type === 'negative-funds') return { type: 'negfunds' }
  if (p.type === 'no-funds') {
    return {
      type: 'nofunds',
      msg_size: msgSize(p.messageSize),
      req_fwd_fees: p.requiredForwardFees.toString(),
    }
  }
  return {
    type: 'ok',
    msg_size: msgSize(p.messageSize),
    msg_fees: p.messageFees.toString(),
    fwd_fees: p.forwardFees.toString(),
  }
}

function msgSize(size: StorageUsed): V3Json {
  return { cells: size.cells.toString(), bits: size.bits.toString() }
}
