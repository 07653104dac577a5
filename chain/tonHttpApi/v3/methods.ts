import { Address } from '@ton/core'
import { externalMessageHash } from '../../../protocol/externalMessageHash.js'
import type { ChainView } from '../../ChainView.js'
import type { LoggedTransaction } from '../../TransactionLog.js'
import { blockLts, blockTime, globalId } from '../blockMethods.js'
import type { Params } from '../params.js'
import { invalidParameter } from '../TonHttpApiError.js'
import { readWallet } from '../wallets.js'
import { blockIdExt } from '../wire.js'
import { JettonWallets } from './jettonWallets.js'
import { MessageIndex } from './MessageIndex.js'
import type { V3Query } from './query.js'
import { rawAddress, V3_SHARD, type V3Json } from './wire.js'

/** One toncenter v3 endpoint: reads its query and answers the JSON body. */
export type V3Endpoint = (query: V3Query, chain: ChainView) => Promise<V3Json>

/**
 * The toncenter API v3 endpoints the local exchange serves, by path under `/api/v3/`.
 * Shapes: toncenter/ton-indexer `ton-index-go/index/models/*.go`; parameters:
 * `ton-index-go/main.go`. What each answers here: `chain/tonHttpApi/README.md`.
 *
 * @example
 * ```ts
 * await V3_ENDPOINTS.masterchainInfo(new V3Query({}), chain) // { last: { seqno: 12, … }, first: { seqno: 0, … } }
 * ```
 */
export const V3_ENDPOINTS: Readonly<Record<string, V3Endpoint>> = {
  async transactions(query, chain) {
    const index = MessageIndex.of(chain)
    const limit = query.limit()
    const offset = query.offset()
    const sort = query.sort()
    const accounts = query.addresses('account').map((a) => a.toRawString())
    const accountSet = new Set(accounts)
    const excluded = new Set(query.addresses('exclude_account').map((a) => a.toRawString()))
    let startLt = query.optionalUint('start_lt')
    let endLt = query.optionalUint('end_lt')
    const lt = query.optionalUint('lt')
    if (lt !== undefined) {
      startLt = startLt === undefined || lt > startLt ? lt : startLt
      endLt = endLt === undefined || lt < endLt ? lt : endLt
    }
    const startUtime = query.optionalUint('start_utime')
    const endUtime = query.optionalUint('end_utime')
    const workchain = query.has('workchain') ? workchainOf(query) : undefined
    if (query.has('shard')) shardOf(query)
    const block = query.optionalUint('mc_seqno') ?? query.optionalUint('seqno')
    let hash: Buffer | undefined
    if (query.has('hash')) {
      query.once('hash')
      hash = query.params.hash('hash')
      await index.sync()
    }

    let source: Iterable<LoggedTransaction>
    if (hash !== undefined) {
      const found = index.transaction(hash)
      source = found ? [found] : []
    } else if (block !== undefined) {
      source = inOrder(
        block <= BigInt(chain.head.seqno) ? chain.blockTransactions(Number(block)) : [],
        sort,
      )
    } else if (accounts.length > 0) {
      // Each account's window found by search (its transactions are in lt and time order), so a
      // page costs its window, not the account's whole history.
      const window = {
        startLt,
        endLt,
        startUtime: startUtime === undefined ? undefined : Number(startUtime),
        endUtime: endUtime === undefined ? undefined : Number(endUtime),
      }
      source = merged(
        accounts.map((account) => chain.transactionRange(account, window)),
        sort,
      )
    } else {
      source = everyTransaction(chain, sort, startLt, endLt)
    }
    const page: LoggedTransaction[] = []
    let skipped = 0
    for (const entry of source) {
      if (startLt !== undefined && entry.lt < startLt) continue
      if (endLt !== undefined && entry.lt > endLt) continue
      if (startUtime !== undefined && entry.now < startUtime) continue
      if (endUtime !== undefined && entry.now > endUtime) continue
      if (block !== undefined && entry.seqno !== Number(block)) continue
      if (accountSet.size > 0 && !accountSet.has(entry.account)) continue
      if (excluded.has(entry.account)) continue
      if (workchain !== undefined && !entry.account.startsWith(`${workchain}:`)) continue
      if (skipped < offset) {
        skipped++
        continue
      }
      page.push(entry)
      if (page.length >= limit) break
    }
    return transactionsAnswer(chain, index, page)
  },

  async transactionsByMessage(query, chain) {
    const index = MessageIndex.of(chain)
    if (!query.has('msg_hash')) {
      throw invalidParameter('msg_hash', 'missing (body_hash and opcode are not served here)')
    }
    query.once('msg_hash')
    const hash = query.params.hash('msg_hash')
    const direction = directionOf(query)
    const limit = query.limit()
    const offset = query.offset()
    const sort = query.sort()
    await index.sync()
    const entries = index.byMessage(hash, direction).map((hit) => hit.entry)
    const unique = [...new Map(entries.map((e) => [e.lt, e])).values()]
    const page = [...inOrder(unique, sort)].slice(offset, offset + limit)
    return transactionsAnswer(chain, index, page)
  },

  async traces(query, chain) {
    const index = MessageIndex.of(chain)
    const limit = query.limit()
    const offset = query.offset()
    const sort = query.sort()
    const selectors = ['account', 'trace_id', 'tx_hash', 'msg_hash'].filter((n) => query.has(n))
    if (selectors.length > 1) {
      throw invalidParameter(
        selectors[1]!,
        'only one of account, trace_id, tx_hash, msg_hash may be given',
      )
    }
    const startLt = query.optionalUint('start_lt')
    const endLt = query.optionalUint('end_lt')
    const startUtime = query.optionalUint('start_utime')
    const endUtime = query.optionalUint('end_utime')
    const mcSeqno = query.optionalUint('mc_seqno')

    if (selectors.length > 0 && selectors[0] !== 'account') await index.sync()
    let seqnos: Iterable<number>
    if (query.has('trace_id')) {
      seqnos = query.hashes('trace_id').flatMap((id) => {
        const tx = index.transaction(id)
        return tx && Buffer.from(index.place(tx.seqno).traceId).equals(id) ? [tx.seqno] : []
      })
    } else if (query.has('tx_hash')) {
      seqnos = query.hashes('tx_hash').flatMap((h) => {
        const tx = index.transaction(h)
        return tx ? [tx.seqno] : []
      })
    } else if (query.has('msg_hash')) {
      seqnos = query
        .hashes('msg_hash')
        .flatMap((h) => index.byMessage(h).map((hit) => hit.entry.seqno))
    } else if (query.has('account')) {
      query.once('account')
      const [account] = query.addresses('account')
      seqnos = chain.transactionRange(account!).map((tx) => tx.seqno)
    } else if (mcSeqno !== undefined) {
      seqnos = mcSeqno >= 1n && mcSeqno <= BigInt(chain.head.seqno) ? [Number(mcSeqno)] : []
    } else {
      // every block, walked lazily from the end the sort starts at
      seqnos = blockNumbers(chain.head.seqno, sort)
    }
    if (Array.isArray(seqnos)) {
      seqnos = [...new Set(seqnos)].sort((a, b) => (sort === 'asc' ? a - b : b - a))
    }
    const picked: number[] = []
    let skipped = 0
    for (const seqno of seqnos) {
      if (mcSeqno !== undefined && BigInt(seqno) !== mcSeqno) continue
      const { startLt: first, endLt: end } = blockLts(chain, seqno)
      const last = end - 1n
      if (first === 0n) continue
      if (startLt !== undefined && last < startLt) continue
      if (endLt !== undefined && last > endLt) continue
      const time = blockTime(chain, seqno)
      if (startUtime !== undefined && time < startUtime) continue
      if (endUtime !== undefined && time > endUtime) continue
      if (skipped < offset) {
        skipped++
        continue
      }
      picked.push(seqno)
      if (picked.length >= limit) break
    }
    const traces = picked.map((seqno) => traceOf(chain, index, seqno))
    const addresses = new Set<string>()
    for (const trace of traces) {
      for (const tx of Object.values(trace.transactions as Record<string, V3Json>)) {
        collectAddresses(tx, addresses)
      }
    }
    return { traces, address_book: await addressBook(chain, addresses), metadata: {} }
  },

  async 'jetton/wallets'(query, chain) {
    const index = MessageIndex.of(chain)
    const addresses = query.addresses('address')
    const owners = query.addresses('owner_address')
    const jettons = query.addresses('jetton_address')
    if (jettons.length > 1 && owners.length !== 1) {
      throw invalidParameter(
        'jetton_address',
        'several jetton_address values need exactly one owner_address',
      )
    }
    const excludeZero = query.boolean('exclude_zero_balance', false)
    const limit = query.limit()
    const offset = query.offset()
    const sort = query.has('sort') ? query.sort() : undefined
    let wallets = await JettonWallets.of(chain).find({ addresses, owners, jettons, index })
    if (excludeZero) wallets = wallets.filter((w) => w.balance !== 0n)
    if (sort !== undefined) {
      wallets = wallets.sort((a, b) => {
        const order = a.balance < b.balance ? -1 : a.balance > b.balance ? 1 : 0
        return sort === 'asc' ? order : -order
      })
    }
    const page = wallets.slice(offset, offset + limit)
    const jettonWallets = page.map((w) => ({
      address: rawAddress(w.address),
      balance: w.balance.toString(),
      owner: rawAddress(w.owner),
      jetton: rawAddress(w.jetton),
      last_transaction_lt: w.lastTransactionLt.toString(),
      code_hash: w.codeHash?.toString('base64') ?? null,
      data_hash: w.dataHash?.toString('base64') ?? null,
    }))
    const book = new Set<string>()
    for (const w of jettonWallets) for (const a of [w.address, w.owner, w.jetton]) book.add(a)
    return {
      jetton_wallets: jettonWallets,
      address_book: await addressBook(chain, book),
      metadata: {},
    }
  },

  async masterchainInfo(_query, chain) {
    return { last: v3Block(chain, chain.head.seqno), first: v3Block(chain, 0) }
  },
}

function workchainOf(query: V3Query): number {
  query.once('workchain')
  return query.params.int('workchain', { min: -1, max: 0, fallback: 0 })
}

function shardOf(query: V3Query): void {
  query.once('shard')
  const shard = query.params.string('shard').toLowerCase()
  if (shard !== V3_SHARD && shard !== '-9223372036854775808' && shard !== '0x8000000000000000') {
    throw invalidParameter('shard', `the local chain has one shard, ${V3_SHARD}`)
  }
}

function directionOf(query: V3Query): 'in' | 'out' | undefined {
  if (!query.has('direction')) return undefined
  query.once('direction')
  const direction = query.params.string('direction')
  if (direction !== 'in' && direction !== 'out') {
    throw invalidParameter('direction', 'must be in or out')
  }
  return direction
}

/**
 * `POST /api/v3/message` (`{ "boc": base64 }`): sends an external-in message, answered once its
 * whole message chain ran and its block was stored (as the v2 API's `sendBoc`), with the hashes
 * to find it by (`transactionsByMessage?msg_hash=`): `message_hash` (the message cell) and
 * `message_hash_norm` (TEP-467).
 *
 * @example
 * ```ts
 * await sendMessage(new Params({ boc }), chain) // { message_hash: 'DPS1…=', message_hash_norm: 'S3w…=' }
 * ```
 */
export async function sendMessage(params: Params, chain: ChainView): Promise<V3Json> {
  const cell = params.cell('boc')
  await chain.sendExternal(cell)
  const { hash, normalizedHash } = externalMessageHash(cell)
  return {
    message_hash: hash.toString('base64'),
    message_hash_norm: normalizedHash.toString('base64'),
  }
}

/** Block numbers 1 to `head`, in the order of `sort`, lazily. */
function* blockNumbers(head: number, sort: 'asc' | 'desc'): Generator<number> {
  if (sort === 'asc') for (let seqno = 1; seqno <= head; seqno++) yield seqno
  else for (let seqno = head; seqno >= 1; seqno--) yield seqno
}

/** Transactions sorted by lt (unique on the local chain). */
function inOrder(entries: readonly LoggedTransaction[], sort: 'asc' | 'desc'): LoggedTransaction[] {
  return [...entries].sort(
    (a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0) * (sort === 'asc' ? 1 : -1),
  )
}

/** Merges several accounts' oldest-first histories into one sequence ordered by lt. */
function* merged(
  lists: readonly (readonly LoggedTransaction[])[],
  sort: 'asc' | 'desc',
): Generator<LoggedTransaction> {
  const at = lists.map((list) => (sort === 'asc' ? 0 : list.length - 1))
  for (;;) {
    let best = -1
    for (let i = 0; i < lists.length; i++) {
      const candidate = lists[i]![at[i]!]
      if (candidate === undefined) continue
      const current = best < 0 ? undefined : lists[best]![at[best]!]!
      if (
        current === undefined ||
        (sort === 'asc' ? candidate.lt < current.lt : candidate.lt > current.lt)
      ) {
        best = i
      }
    }
    if (best < 0) return
    yield lists[best]![at[best]!]!
    at[best]! += sort === 'asc' ? 1 : -1
  }
}

/** Every transaction of the chain in lt order, starting at the block holding the window's end. */
function* everyTransaction(
  chain: ChainView,
  sort: 'asc' | 'desc',
  startLt: bigint | undefined,
  endLt: bigint | undefined,
): Generator<LoggedTransaction> {
  const head = chain.head.seqno
  if (sort === 'asc') {
    const first = startLt === undefined ? 1 : firstBlockEndingAfter(chain, startLt)
    for (let seqno = first; seqno <= head; seqno++) {
      yield* inOrder(chain.blockTransactions(seqno), 'asc')
    }
  } else {
    const last = endLt === undefined ? head : Math.min(head, firstBlockEndingAfter(chain, endLt))
    for (let seqno = last; seqno >= 1; seqno--) {
      yield* inOrder(chain.blockTransactions(seqno), 'desc')
    }
  }
}

/** The first block whose last transaction's lt is at least `lt` (head + 1 when none). */
function firstBlockEndingAfter(chain: ChainView, lt: bigint): number {
  let lo = 1
  let hi = chain.head.seqno + 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (blockLts(chain, mid).endLt > lt) hi = mid
    else lo = mid + 1
  }
  return lo
}

async function transactionsAnswer(
  chain: ChainView,
  index: MessageIndex,
  page: readonly LoggedTransaction[],
): Promise<V3Json> {
  const transactions = page.map((entry) => index.render(entry))
  const addresses = new Set<string>()
  for (const tx of transactions) collectAddresses(tx, addresses)
  return { transactions, address_book: await addressBook(chain, addresses) }
}

/** The raw addresses a rendered transaction names (its account and its messages' ends). */
function collectAddresses(tx: V3Json, into: Set<string>): void {
  into.add(tx.account as string)
  const messages = [tx.in_msg, ...(tx.out_msgs as unknown[])] as (V3Json | null)[]
  for (const message of messages) {
    if (!message) continue
    for (const end of [message.source, message.destination]) {
      if (typeof end === 'string' && /^-?\d+:[0-9A-F]{64}$/.test(end)) into.add(end)
    }
  }
}

/**
 * toncenter's `address_book`: raw address → `{ user_friendly, domain: null }`, the friendly
 * form non-bounceable for wallets and accounts without code (where a bounce would return the
 * coins to nobody), bounceable otherwise, as toncenter renders it.
 */
async function addressBook(chain: ChainView, addresses: Iterable<string>): Promise<V3Json> {
  const book: V3Json = {}
  for (const raw of addresses) {
    const address = Address.parseRaw(raw)
    const info = await chain.account(address)
    const bounceable = info.status === 'active' && readWallet(info.code, info.data) === undefined
    book[raw] = {
      user_friendly: address.toString({ bounceable, urlSafe: true }),
      domain: null,
    }
  }
  return book
}

/**
 * The trace of block `seqno`: its message chain as toncenter v3's `Trace` — the tree of
 * transactions linked by the messages one sent and the next received, the transactions in lt
 * order and by hash. A local block always holds its whole message chain, so a trace is
 * complete (`is_incomplete: false`, `trace_state: "complete"`).
 */
function traceOf(chain: ChainView, index: MessageIndex, seqno: number): V3Json {
  const entries = inOrder(chain.blockTransactions(seqno), 'asc')
  const place = index.place(seqno)
  type Node = { tx_hash: string; in_msg_hash: string | undefined; children: Node[] }
  const nodes = new Map<string, Node>()
  const producer = new Map<string, Node>()
  const messages = new Set<string>()
  const transactions: Record<string, V3Json> = {}
  let root: Node | undefined
  for (const entry of entries) {
    const tx = index.render(entry) as V3Json & {
      in_msg: { hash: string } | null
      out_msgs: { hash: string }[]
    }
    const hash = tx.hash as string
    const inHash = tx.in_msg?.hash
    const node: Node = { tx_hash: hash, in_msg_hash: inHash, children: [] }
    nodes.set(hash, node)
    const parent = inHash === undefined ? undefined : producer.get(inHash)
    if (parent) parent.children.push(node)
    else root ??= node
    if (inHash !== undefined) messages.add(inHash)
    for (const out of tx.out_msgs) {
      producer.set(out.hash, node)
      messages.add(out.hash)
    }
    transactions[hash] = tx
  }
  const first = entries[0]!
  const last = entries.at(-1)!
  return {
    trace_id: Buffer.from(place.traceId).toString('base64'),
    external_hash: place.traceExternalHash
      ? Buffer.from(place.traceExternalHash).toString('base64')
      : null,
    mc_seqno_start: String(seqno),
    mc_seqno_end: String(seqno),
    start_lt: first.lt.toString(),
    start_utime: first.now,
    end_lt: last.lt.toString(),
    end_utime: last.now,
    trace_info: {
      trace_state: 'complete',
      messages: messages.size,
      transactions: entries.length,
      pending_messages: 0,
      classification_state: 'unclassified',
    },
    is_incomplete: false,
    trace: root,
    transactions_order: entries.map((e) => Buffer.from(e.hash).toString('base64')),
    transactions,
  }
}

/** toncenter v3's `Block` for a local block: the masterchain block `seqno`. */
function v3Block(chain: ChainView, seqno: number): V3Json {
  const id = blockIdExt(seqno)
  const { startLt, endLt } = blockLts(chain, seqno)
  const ref = { workchain: -1, shard: V3_SHARD, seqno }
  return {
    workchain: -1,
    shard: V3_SHARD,
    seqno,
    root_hash: id.root_hash,
    file_hash: id.file_hash,
    global_id: globalId(chain.config),
    version: 0,
    after_merge: false,
    before_split: false,
    after_split: false,
    want_merge: false,
    want_split: false,
    key_block: seqno === 0,
    vert_seqno_incr: false,
    flags: 0,
    gen_utime: String(blockTime(chain, seqno)),
    start_lt: startLt.toString(),
    end_lt: endLt.toString(),
    validator_list_hash_short: 0,
    gen_catchain_seqno: 0,
    min_ref_mc_seqno: Math.max(0, seqno - 1),
    prev_key_block_seqno: 0,
    vert_seqno: 0,
    master_ref_seqno: seqno,
    rand_seed: Buffer.alloc(32).toString('base64'),
    created_by: Buffer.alloc(32).toString('base64'),
    tx_count: chain.blockTransactions(seqno).length,
    masterchain_block_ref: ref,
    prev_blocks: seqno === 0 ? [] : [{ ...ref, seqno: seqno - 1 }],
  }
}
