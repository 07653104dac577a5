import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  Address,
  beginCell,
  type Cell,
  Dictionary,
  loadMessage,
  type Message,
  storeShardAccount,
  storeStateInit,
  type Transaction,
} from '@ton/core'
import { decodeStack, encodeStack } from '../../chain/tonHttpApi/stack.js'
import {
  type BlockIdExt,
  type ChainBlock,
  type ChainTransaction,
  configParam,
  type RecordedChain,
  signedShard,
  unsignedShard,
  WHOLE_SHARD,
} from './mainnetData.js'

/**
 * A test upstream: a real HTTP server on 127.0.0.1 that serves a {@link RecordedChain} the way
 * toncenter does (API v2, both its flavours, and the v3 subset a follower and a retrace read).
 * Where toncenter's documented answers and the project's own parsing differ, this server
 * answers as toncenter (its shapes are cited in `docs/real-chain.md`):
 *
 * - envelope `{ ok: true, result, "@extra" }` / `{ ok: false, error, code }` with the HTTP status
 *   equal to `code`; 429 as `{"ok":false,"result":"Ratelimit exceed","code":429}`;
 * - `getBlockTransactions(Ext)` pages with `after_lt` + `after_hash` = the **account id** of the
 *   last item returned (both or neither in the C++ flavour) and `incomplete`;
 * - `getTransactions` newest first, **starting at** (lt, hash) inclusive, `to_lt` exclusive,
 *   limit ≤ 100 (Python) or ≤ 1000 (C++);
 * - `getLibraries`: more than 16 hashes refused (`INVALID_FIELD: too many libraries requested,
 *   16 maximum`: HTTP 400 in the C++ flavour, which passes tonlib's code through; 500 in the
 *   Python one, which maps tonlib errors to 500), unknown hashes left out;
 * - C++ only: `getShardAccountCell`, `getConfigAll`, `getShards`; Python only: nothing served
 *   here; `runGetMethod` runs in `@ton/sandbox` on the recorded ShardAccount, config and
 *   libraries; `sendBoc*` refused (403: a recording takes no messages).
 *
 * Requests are counted by method (`counts`), so a test can assert what a client asked.
 *
 * @example
 * ```ts
 * const chain = new RecordedChain()
 * chain.addBlock(loadRecordedBlock('tgo-block-3'))
 * const upstream = await startRecordedToncenter({ chain, flavour: 'cpp' })
 * const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
 * await client.call('getMasterchainInfo', {}) // { last: { seqno: 34606336, … }, … }
 * await upstream.close()
 * ```
 */
export type RecordedToncenterOptions = {
  readonly chain: RecordedChain
  /** `python` (toncenter/ton-http-api, v2.0) or `cpp` (toncenter/ton-http-api-cpp, v2.1). Default `cpp`. */
  readonly flavour?: 'python' | 'cpp'
  /** Whether the Python flavour serves `runGetMethod` (its `get_methods` setting). Default true. */
  readonly getMethods?: boolean
  /** The 429 body: toncenter's documented one (`result`, default) or the C++ OpenAPI example (`error`). */
  readonly rateLimitBody?: 'documented' | 'openapi'
  readonly port?: number
}

/** A running {@link startRecordedToncenter} server. */
export type RecordedToncenter = {
  /** The origin, `http://127.0.0.1:<port>`. */
  readonly url: string
  /** `<origin>/api/v2/jsonRPC`. */
  readonly jsonRpcUrl: string
  readonly flavour: 'python' | 'cpp'
  /** Requests by method (`getTransactions`, `v3/transactions`, …), invalid ones included. */
  readonly counts: Map<string, number>
  /** How many requests of `method` were received. */
  count(method: string): number
  /** The next `n` requests are answered 429 (toncenter's rate limit). */
  rateLimitNext(n: number): void
  close(): Promise<void>
}

/** An error answer: `{ ok: false, error, code }` with HTTP status `code`. */
class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

type Params = Record<string, unknown>

/** Methods each flavour does not have (answered as an unknown method). */
const CPP_ONLY = new Set([
  'getShardAccountCell',
  'getConfigAll',
  'getShards',
  'getTransactionsStd',
  'runGetMethodStd',
  'getOutMsgQueueSize',
  'detectHash',
  'dnsResolve',
  'sendBocReturnHashNoError',
])
const PYTHON_ONLY = new Set([
  'sendBocUnsafe',
  'sendQuery',
  'sendCellSimple',
  'sendQuerySimple',
  'estimateFeeSimple',
])
const POST_ONLY = new Set([
  'sendBoc',
  'sendBocReturnHash',
  'sendBocReturnHashNoError',
  'sendBocUnsafe',
  'sendQuery',
  'sendQuerySimple',
  'sendCellSimple',
  'runGetMethod',
  'runGetMethodStd',
  'estimateFee',
  'estimateFeeSimple',
])

/** Mainnet's zerostate (`init` of `getMasterchainInfo`). */
const ZEROSTATE = {
  '@type': 'ton.blockIdExt',
  workchain: -1,
  shard: '-9223372036854775808',
  seqno: 0,
  root_hash: 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=',
  file_hash: 'XplPz01CXAps5qeSWUtxcyBfdAo5zVb1N979KLSKD24=',
}

/**
 * Starts a recorded toncenter on 127.0.0.1 (an ephemeral port unless `port` is given).
 *
 * @example
 * ```ts
 * const upstream = await startRecordedToncenter({ chain, flavour: 'python' })
 * upstream.url // 'http://127.0.0.1:41234'
 * ```
 */
export async function startRecordedToncenter(
  options: RecordedToncenterOptions,
): Promise<RecordedToncenter> {
  const { chain } = options
  const flavour = options.flavour ?? 'cpp'
  const counts = new Map<string, number>()
  let limited = 0
  let extra = 0
  const note = (method: string) => counts.set(method, (counts.get(method) ?? 0) + 1)

  const has = (method: string) =>
    !(flavour === 'python' && CPP_ONLY.has(method)) &&
    !(flavour === 'cpp' && PYTHON_ONLY.has(method))

  const methods: Record<string, (p: Params) => unknown | Promise<unknown>> = {
    getMasterchainInfo: () => {
      const last = blockAt(chain, -1, WHOLE_SHARD, chain.head)
      return {
        '@type': 'blocks.masterchainInfo',
        last: blockIdExt(last.id),
        state_root_hash: last.id.rootHash.toString('base64'),
        init: ZEROSTATE,
      }
    },
    shards: (p) => shardsOf(p),
    getShards: (p) => shardsOf(p),
    getBlockHeader: (p) => {
      const block = blockOf(p)
      return {
        '@type': 'blocks.header',
        id: blockIdExt(block.id),
        global_id: block.globalId,
        version: block.version,
        flags: block.flags,
        after_merge: block.afterMerge,
        after_split: block.afterSplit,
        before_split: block.beforeSplit,
        want_merge: block.wantMerge,
        want_split: block.wantSplit,
        validator_list_hash_short: block.genValidatorListHashShort,
        catchain_seqno: block.genCatchainSeqno,
        min_ref_mc_seqno: block.minRefMcSeqno,
        is_key_block: block.keyBlock,
        prev_key_block_seqno: block.prevKeyBlockSeqno,
        start_lt: block.startLt.toString(),
        end_lt: block.endLt.toString(),
        gen_utime: block.genUtime,
        vert_seqno: block.vertSeqno,
        prev_blocks: block.prevBlocks.map(blockIdExt),
      }
    },
    lookupBlock: (p) => {
      const workchain = int(p, 'workchain', true) as number
      const shard = shardParam(p)
      const given = ['seqno', 'lt', 'unixtime'].filter((k) => present(p[k]))
      if (given.length !== 1) {
        throw new ApiError(
          422,
          'Validation error: exactly one of seqno, lt or unixtime must be specified',
        )
      }
      const seqno = int(p, 'seqno')
      const lt = present(p.lt) ? big(p, 'lt') : undefined
      const unixtime = int(p, 'unixtime')
      if (seqno !== undefined && seqno <= 0)
        throw new ApiError(422, 'Validation error: seqno must be positive')
      if (lt !== undefined && lt < 0n)
        throw new ApiError(422, 'Validation error: lt must be non-negative')
      if (unixtime !== undefined && unixtime < 0) {
        throw new ApiError(422, 'Validation error: unixtime must be non-negative')
      }
      const candidates =
        workchain === -1
          ? masterchainBlocks(chain)
          : chain
              .shardBlocks()
              .filter((b) => b.id.workchain === workchain && containsShard(b.id.shard, shard))
      let found: ChainBlock | undefined
      if (seqno !== undefined) found = candidates.find((b) => b.id.seqno === seqno)
      else if (lt !== undefined) found = candidates.find((b) => b.startLt <= lt && lt <= b.endLt)
      else {
        for (const b of candidates) if (b.genUtime <= (unixtime as number)) found = b
        if (
          found !== undefined &&
          found === candidates.at(-1) &&
          found.genUtime < (unixtime as number)
        ) {
          // Past the recording's last block: not known yet.
          found = undefined
        }
      }
      if (found === undefined) throw notInRecording('block')
      return blockIdExt(found.id)
    },
    getBlockTransactions: (p) => blockTransactions(p, false),
    getBlockTransactionsExt: (p) => blockTransactions(p, true),
    getTransactions: (p) => {
      const address = addressParam(p, 'address')
      const limit = int(p, 'limit') ?? 10
      const max = flavour === 'python' ? 100 : 1000
      if (limit < 1 || limit > max) {
        throw new ApiError(422, `Validation error: limit must be between 1 and ${max}`)
      }
      const hasLt = present(p.lt)
      const hasHash = present(p.hash)
      if (hasLt !== hasHash)
        throw new ApiError(422, 'Validation error: lt and hash must be given together')
      const toLt = present(p.to_lt) ? (big(p, 'to_lt') as bigint) : 0n
      const list = chain.transactionsOf(address)
      let start = 0
      if (hasLt) {
        const lt = big(p, 'lt') as bigint
        const hash = hashParam(p.hash, 'hash')
        start = list.findIndex((t) => t.lt === lt)
        if (start < 0 || !(list[start] as ChainTransaction).hash.equals(hash)) {
          throw new ApiError(
            500,
            'LITE_SERVER_UNKNOWN: cannot find transaction at this lt and hash',
          )
        }
      }
      const out: Record<string, unknown>[] = []
      for (let i = start; i < list.length && out.length < limit; i++) {
        const t = list[i] as ChainTransaction
        if (t.lt <= toLt) break
        const rendered = rawTransaction(t)
        out.push(
          flavour === 'cpp'
            ? { '@type': 'ext.transaction', account: rawAddress(t.account), ...rest(rendered) }
            : rendered,
        )
      }
      return out
    },
    getShardAccountCell: (p) => {
      const address = addressParam(p, 'address')
      const state = chain.stateAt(address, int(p, 'seqno') ?? chain.head)
      const cell =
        state?.shardAccount ??
        beginCell()
          .store(
            storeShardAccount({ account: null, lastTransactionLt: 0n, lastTransactionHash: 0n }),
          )
          .endCell()
      return { '@type': 'tvm.cell', bytes: boc(cell) }
    },
    getAddressInformation: (p) => {
      const address = addressParam(p, 'address')
      const seqno = int(p, 'seqno') ?? chain.head
      const block = blockAt(chain, -1, WHOLE_SHARD, seqno)
      const state = chain.stateAt(address, seqno)
      const account = state?.parsed.account
      const active =
        account?.storage.state.type === 'active' ? account.storage.state.state : undefined
      const status =
        account === undefined || account === null
          ? 'uninitialized'
          : account.storage.state.type === 'active'
            ? 'active'
            : account.storage.state.type === 'frozen'
              ? 'frozen'
              : 'uninitialized'
      const frozen =
        account?.storage.state.type === 'frozen' ? account.storage.state.stateHash : undefined
      const balance = account?.storage.balance.coins ?? 0n
      return {
        '@type': 'raw.fullAccountState',
        balance: (flavour === 'python' && balance < 0n ? 0n : balance).toString(),
        extra_currencies: [],
        code: active?.code ? boc(active.code) : '',
        data: active?.data ? boc(active.data) : '',
        last_transaction_id: {
          '@type': 'internal.transactionId',
          lt: (state?.parsed.lastTransactionLt ?? 0n).toString(),
          hash: Buffer.from(
            (state?.parsed.lastTransactionHash ?? 0n).toString(16).padStart(64, '0'),
            'hex',
          ).toString('base64'),
        },
        block_id: blockIdExt(block.id),
        frozen_hash:
          frozen === undefined
            ? ''
            : Buffer.from(frozen.toString(16).padStart(64, '0'), 'hex').toString('base64'),
        sync_utime: block.genUtime,
        ...(flavour === 'python' ? { state: status } : {}),
      }
    },
    getConfigAll: (p) => {
      const dict = chain.configAt(int(p, 'seqno') ?? chain.head)
      if (dict === undefined) throw notInRecording('config')
      return { '@type': 'configInfo', config: { '@type': 'tvm.cell', bytes: boc(dict) } }
    },
    getConfigParam: (p) => {
      let id: number | undefined
      if (flavour === 'python') id = int(p, 'config_id', true)
      else {
        const both = present(p.param) && present(p.config_id)
        if (both)
          throw new ApiError(422, 'Validation error: give exactly one of param and config_id')
        id = int(p, 'param') ?? int(p, 'config_id')
        if (id === undefined) throw new ApiError(422, 'Validation error: param is required')
      }
      const dict = chain.configAt(int(p, 'seqno') ?? chain.head)
      if (dict === undefined) throw notInRecording('config')
      const param = configParam(dict, id as number)
      if (param === undefined)
        throw new ApiError(500, `LITE_SERVER_UNKNOWN: config param ${id} not found`)
      return { '@type': 'configInfo', config: { '@type': 'tvm.cell', bytes: boc(param) } }
    },
    getLibraries: (p) => {
      const raw = p.libraries
      const list = Array.isArray(raw)
        ? raw
        : typeof raw === 'string'
          ? raw.trim().startsWith('[')
            ? (JSON.parse(raw) as unknown[])
            : raw.split(',')
          : []
      if (list.length === 0) throw new ApiError(422, 'Validation error: libraries is required')
      const hashes = list.map((h, i) => hashParam(h, `libraries[${i}]`))
      if (hashes.length > 16) {
        throw new ApiError(
          flavour === 'cpp' ? 400 : 500,
          'INVALID_FIELD: too many libraries requested, 16 maximum',
        )
      }
      const result: Record<string, unknown>[] = []
      for (const h of hashes) {
        const lib = chain.libraries.get(h.toString('hex'))
        if (lib === undefined) continue
        result.push({ '@type': 'smc.libraryEntry', hash: h.toString('base64'), data: boc(lib) })
      }
      return { '@type': 'smc.libraryResult', result }
    },
    runGetMethod: async (p) => {
      if (flavour === 'python' && options.getMethods === false) {
        throw new ApiError(404, 'Not Found')
      }
      const address = addressParam(p, 'address')
      const seqno = int(p, 'seqno') ?? chain.head
      const block = blockAt(chain, -1, WHOLE_SHARD, seqno)
      const methodName = p.method
      if (typeof methodName !== 'string' && typeof methodName !== 'number') {
        throw new ApiError(422, 'Validation error: method is required')
      }
      let stack: ReturnType<typeof decodeStack>
      try {
        stack = decodeStack(p.stack)
      } catch (error) {
        throw new ApiError(422, `Validation error: ${(error as Error).message}`)
      }
      const state = chain.stateAt(address, seqno)
      if (state === undefined || state.parsed.account?.storage.state.type !== 'active') {
        // tonlib runs nothing on an account without code (exit code -13 through the API).
        return runResult(block, state, -13, 0n, [])
      }
      const { Blockchain } = await import('@ton/sandbox')
      const config = chain.configAt(seqno)
      const bc = await Blockchain.create(config === undefined ? {} : { config })
      if (chain.libraries.size > 0) {
        const dict = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell())
        for (const [h, c] of chain.libraries) dict.set(Buffer.from(h, 'hex'), c)
        bc.libs = beginCell().storeDictDirect(dict).endCell()
      }
      bc.now = block.genUtime
      await bc.setShardAccount(address, state.parsed)
      const method =
        typeof methodName === 'number' || /^-?\d+$/.test(methodName)
          ? Number(methodName)
          : methodName
      try {
        const r = await bc.runGetMethod(address, method, stack)
        return runResult(block, state, r.exitCode, r.gasUsed, r.stack)
      } catch (error) {
        const exit = (error as { exitCode?: number }).exitCode
        if (typeof exit === 'number') return runResult(block, state, exit, 0n, [])
        throw error
      }
    },
    sendBoc: () => refuseSend(),
    sendBocReturnHash: () => refuseSend(),
    sendBocReturnHashNoError: () => refuseSend(),
    sendBocUnsafe: () => refuseSend(),
    sendQuery: () => refuseSend(),
  }

  const runResult = (
    block: ChainBlock,
    state: ReturnType<RecordedChain['stateAt']>,
    exitCode: number,
    gasUsed: bigint,
    stack: Parameters<typeof encodeStack>[0],
  ) => ({
    '@type': 'smc.runResult',
    gas_used: Number(gasUsed),
    stack: encodeStack(stack),
    exit_code: exitCode,
    block_id: blockIdExt(block.id),
    last_transaction_id: {
      '@type': 'internal.transactionId',
      lt: (state?.parsed.lastTransactionLt ?? 0n).toString(),
      hash: Buffer.from(
        (state?.parsed.lastTransactionHash ?? 0n).toString(16).padStart(64, '0'),
        'hex',
      ).toString('base64'),
    },
  })

  const shardsOf = (p: Params) => {
    const seqno = int(p, 'seqno', true) as number
    const block = blockAt(chain, -1, WHOLE_SHARD, seqno)
    return { '@type': 'blocks.shards', shards: block.shardTops.map(blockIdExt) }
  }

  const blockOf = (p: Params): ChainBlock => {
    const workchain = int(p, 'workchain', true) as number
    const shard = shardParam(p)
    const seqno = int(p, 'seqno', true) as number
    const block = blockAt(chain, workchain, shard, seqno)
    if (present(p.root_hash) && !hashParam(p.root_hash, 'root_hash').equals(block.id.rootHash)) {
      throw new ApiError(500, 'LITE_SERVER_UNKNOWN: block root hash mismatch')
    }
    if (present(p.file_hash) && !hashParam(p.file_hash, 'file_hash').equals(block.id.fileHash)) {
      throw new ApiError(500, 'LITE_SERVER_UNKNOWN: block file hash mismatch')
    }
    return block
  }

  const blockTransactions = (p: Params, ext: boolean) => {
    const block = blockOf(p)
    const count = int(p, 'count') ?? 40
    if (count <= 0 || (flavour === 'cpp' && count > 10_000)) {
      throw new ApiError(422, 'Validation error: count must be in 1..10000')
    }
    const hasLt = present(p.after_lt)
    const hasHash = present(p.after_hash)
    if (flavour === 'cpp' && hasLt !== hasHash) {
      throw new ApiError(422, 'Validation error: after_lt and after_hash must be given together')
    }
    let items = block.transactions
    if (hasLt && hasHash) {
      const afterLt = big(p, 'after_lt') as bigint
      // The account id (256 bits) of the last item returned, not a transaction hash.
      const afterAccount = hashParam(p.after_hash, 'after_hash')
      items = items.filter((t) => {
        const c = Buffer.compare(t.account.hash, afterAccount)
        return c > 0 || (c === 0 && t.lt > afterLt)
      })
    }
    const page = items.slice(0, count)
    const transactions = page.map((t) =>
      ext
        ? flavour === 'cpp'
          ? {
              '@type': 'raw.transactionExt',
              account: rawAddress(t.account),
              ...rest(rawTransaction(t)),
            }
          : rawTransaction(t)
        : {
            '@type': 'blocks.shortTxId',
            mode: 135,
            account: rawAddress(t.account),
            lt: t.lt.toString(),
            hash: t.hash.toString('base64'),
          },
    )
    return {
      '@type': ext ? 'blocks.transactionsExt' : 'blocks.transactions',
      id: blockIdExt(block.id),
      req_count: count,
      incomplete: items.length > page.length,
      transactions,
    }
  }

  // ————— v3 —————

  const v3: Record<string, (q: URLSearchParams) => unknown> = {
    transactions: (q) => {
      const limit = v3Int(q, 'limit') ?? 10
      if (limit < 1 || limit > 1000) throw new ApiError(422, 'limit must be in 1..1000')
      const offset = v3Int(q, 'offset') ?? 0
      const sort = q.get('sort') ?? 'desc'
      if (sort !== 'asc' && sort !== 'desc') throw new ApiError(422, 'sort must be asc or desc')
      let txs = chain.allTransactions()
      const hash = q.get('hash')
      if (hash !== null) {
        const h = hashParam(hash, 'hash')
        txs = txs.filter((t) => t.hash.equals(h))
      }
      const accounts = q.getAll('account').flatMap((a) => a.split(','))
      if (accounts.length > 0) {
        const set = new Set(accounts.map((a) => rawAddress(addressOf(a, 'account'))))
        txs = txs.filter((t) => set.has(rawAddress(t.account)))
      }
      const lt = q.get('lt')
      if (lt !== null) txs = txs.filter((t) => t.lt === BigInt(lt))
      const startUtime = v3Int(q, 'start_utime')
      if (startUtime !== undefined) txs = txs.filter((t) => t.transaction.now >= startUtime)
      const endUtime = v3Int(q, 'end_utime')
      if (endUtime !== undefined) txs = txs.filter((t) => t.transaction.now <= endUtime)
      const startLt = q.get('start_lt')
      if (startLt !== null) txs = txs.filter((t) => t.lt >= BigInt(startLt))
      const endLt = q.get('end_lt')
      if (endLt !== null) txs = txs.filter((t) => t.lt <= BigInt(endLt))
      const mcSeqno = v3Int(q, 'mc_seqno')
      if (mcSeqno !== undefined) txs = txs.filter((t) => t.block.mcSeqno === mcSeqno)
      const seqno = v3Int(q, 'seqno')
      if (seqno !== undefined) {
        const wc = v3Int(q, 'workchain') ?? 0
        const shard = q.get('shard')
        txs = txs.filter(
          (t) =>
            t.block.id.seqno === seqno &&
            t.block.id.workchain === wc &&
            (shard === null || t.block.id.shard === v3Shard(shard)),
        )
      }
      if (sort === 'desc') txs.reverse()
      return {
        transactions: txs.slice(offset, offset + limit).map(v3Transaction),
        address_book: {},
      }
    },
    blocks: (q) => {
      const limit = v3Int(q, 'limit') ?? 10
      const offset = v3Int(q, 'offset') ?? 0
      let blocks = [...chain.shardBlocks()]
      const workchain = v3Int(q, 'workchain')
      if (workchain === -1) blocks = masterchainBlocks(chain)
      else if (workchain !== undefined) blocks = blocks.filter((b) => b.id.workchain === workchain)
      else blocks = [...masterchainBlocks(chain), ...blocks]
      const shard = q.get('shard')
      if (shard !== null) blocks = blocks.filter((b) => b.id.shard === v3Shard(shard))
      const seqno = v3Int(q, 'seqno')
      if (seqno !== undefined) blocks = blocks.filter((b) => b.id.seqno === seqno)
      const root = q.get('root_hash')
      if (root !== null)
        blocks = blocks.filter((b) => b.id.rootHash.equals(hashParam(root, 'root_hash')))
      const mcSeqno = v3Int(q, 'mc_seqno')
      if (mcSeqno !== undefined) blocks = blocks.filter((b) => b.mcSeqno === mcSeqno)
      if ((q.get('sort') ?? 'desc') === 'desc') blocks.reverse()
      return { blocks: blocks.slice(offset, offset + limit).map(v3Block) }
    },
    traces: (q) => {
      const ids = q.getAll('trace_id').flatMap((a) => a.split(','))
      const byTx = q.getAll('tx_hash').flatMap((a) => a.split(','))
      const wanted = new Set<string>(ids.map((i) => hashParam(i, 'trace_id').toString('base64')))
      for (const h of byTx) {
        const t = chain.transaction(hashParam(h, 'tx_hash').toString('hex'))
        if (t !== undefined) wanted.add(traceIdOf(t))
      }
      const groups = new Map<string, ChainTransaction[]>()
      for (const t of chain.allTransactions()) {
        const id = traceIdOf(t)
        if (!wanted.has(id)) continue
        const list = groups.get(id) ?? []
        list.push(t)
        groups.set(id, list)
      }
      const traces = [...groups].map(([id, txs]) => ({
        trace_id: id,
        external_hash: null,
        mc_seqno_start: String(Math.min(...txs.map((t) => t.block.mcSeqno))),
        mc_seqno_end: String(Math.max(...txs.map((t) => t.block.mcSeqno))),
        start_lt: (txs[0] as ChainTransaction).lt.toString(),
        start_utime: (txs[0] as ChainTransaction).transaction.now,
        end_lt: (txs.at(-1) as ChainTransaction).lt.toString(),
        end_utime: (txs.at(-1) as ChainTransaction).transaction.now,
        trace_info: {
          trace_state: 'complete',
          messages: 0,
          transactions: txs.length,
          pending_messages: 0,
          classification_state: 'unclassified',
        },
        is_incomplete: false,
        transactions_order: txs.map((t) => t.hash.toString('base64')),
        transactions: Object.fromEntries(
          txs.map((t) => [t.hash.toString('base64'), v3Transaction(t)]),
        ),
      }))
      return { traces }
    },
  }

  const handleV2 = async (method: string, params: Params): Promise<unknown> => {
    const fn = methods[method]
    if (fn === undefined || !has(method)) throw new ApiError(404, 'Not Found')
    return fn(params)
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-api-version': flavour === 'python' ? '2.0.34' : '2.1.11',
    })
    res.end(text)
  }

  const extraTag = () => {
    extra += 1
    return `${(Date.now() / 1000).toFixed(3)}:${extra}:${Math.random()}`
  }

  const fail = (res: ServerResponse, error: unknown, echo?: { id: unknown }) => {
    const e =
      error instanceof ApiError
        ? error
        : new ApiError(500, String((error as Error)?.message ?? error))
    const body: Record<string, unknown> = { ok: false, error: e.message, code: e.code }
    if (flavour === 'cpp') body['@extra'] = extraTag()
    if (echo !== undefined && flavour === 'python')
      Object.assign(body, { jsonrpc: '2.0', id: echo.id })
    send(res, e.code, body)
  }

  const ok = (res: ServerResponse, result: unknown, echo?: { id: unknown }) => {
    const body: Record<string, unknown> = { ok: true, result, '@extra': extraTag() }
    if (echo !== undefined && flavour === 'python')
      Object.assign(body, { jsonrpc: '2.0', id: echo.id })
    send(res, 200, body)
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname
      let method = 'unknown'
      try {
        const v2 = /^\/api\/v2\/([A-Za-z0-9_]+)$/.exec(path)
        const v3m = /^\/api\/v3\/([A-Za-z0-9_/]+)$/.exec(path)
        if (v2 !== null && v2[1] === 'jsonRPC') {
          if (req.method !== 'POST') {
            note('jsonRPC')
            return fail(res, new ApiError(405, 'Method Not Allowed'))
          }
          const body = await readJson(req)
          const call = body as { method?: unknown; params?: unknown; id?: unknown }
          method = typeof call?.method === 'string' ? call.method : 'jsonRPC'
          note(method)
          if (limited > 0) {
            limited -= 1
            return rateLimited(res)
          }
          if (Array.isArray(body))
            return fail(res, new ApiError(422, 'Batch requests are not supported'))
          if (typeof call?.method !== 'string')
            return fail(res, new ApiError(422, 'Unknown method'), { id: call?.id })
          const params = call.params ?? {}
          if (typeof params !== 'object' || params === null || Array.isArray(params)) {
            return fail(res, new ApiError(422, 'params must be an object'), { id: call.id })
          }
          const fn = methods[call.method]
          if (fn === undefined || !has(call.method)) {
            return fail(res, new ApiError(422, 'Unknown method'), { id: call.id })
          }
          try {
            return ok(res, await fn(params as Params), { id: call.id })
          } catch (error) {
            return fail(res, error, { id: call.id })
          }
        }
        if (v2 !== null) {
          method = v2[1] as string
          note(method)
          if (limited > 0) {
            limited -= 1
            return rateLimited(res)
          }
          if (req.method === 'GET' && POST_ONLY.has(method))
            throw new ApiError(405, 'Method Not Allowed')
          let params: Params
          if (req.method === 'POST') {
            const body = await readJson(req)
            if (typeof body !== 'object' || body === null || Array.isArray(body)) {
              throw new ApiError(422, 'the body must be a JSON object')
            }
            params = body as Params
          } else {
            params = {}
            for (const key of new Set(url.searchParams.keys())) {
              const all = url.searchParams.getAll(key)
              params[key] = all.length > 1 || key === 'libraries' ? all : all[0]
            }
          }
          return ok(res, await handleV2(method, params))
        }
        if (v3m !== null) {
          method = `v3/${v3m[1]}`
          note(method)
          if (limited > 0) {
            limited -= 1
            return rateLimited(res)
          }
          const fn = v3[v3m[1] as string]
          if (fn === undefined || req.method !== 'GET') {
            res.writeHead(404, { 'content-type': 'application/json' })
            return res.end(JSON.stringify({ error: 'not found' }))
          }
          try {
            const result = fn(url.searchParams)
            res.writeHead(200, { 'content-type': 'application/json' })
            return res.end(JSON.stringify(result))
          } catch (error) {
            const code = error instanceof ApiError ? error.code : 500
            res.writeHead(code, { 'content-type': 'application/json' })
            return res.end(JSON.stringify({ error: (error as Error).message }))
          }
        }
        note(path)
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ detail: 'Not Found' }))
      } catch (error) {
        fail(res, error)
      }
    })()
  })

  const rateLimited = (res: ServerResponse) => {
    const body =
      options.rateLimitBody === 'openapi'
        ? { ok: false, error: 'Ratelimit exceed', code: 429 }
        : { ok: false, result: 'Ratelimit exceed', code: 429 }
    send(res, 429, body)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    jsonRpcUrl: `${url}/api/v2/jsonRPC`,
    flavour,
    counts,
    count: (method) => counts.get(method) ?? 0,
    rateLimitNext(n) {
      limited = n
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ————— helpers —————

function refuseSend(): never {
  throw new ApiError(403, 'the recorded upstream accepts no messages')
}

function notInRecording(what: string): ApiError {
  return new ApiError(500, `LITE_SERVER_UNKNOWN: ${what} is not in the recording`)
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== ''
}

function int(p: Params, name: string, required = false): number | undefined {
  const v = p[name]
  if (!present(v)) {
    if (required) throw new ApiError(422, `Validation error: ${name} is required`)
    return undefined
  }
  const text = String(v).trim()
  if (!/^-?\d+$/.test(text)) throw new ApiError(422, `Validation error: ${name} is not an integer`)
  return Number(text)
}

function big(p: Params, name: string): bigint | undefined {
  const v = p[name]
  if (!present(v)) return undefined
  const text = String(v).trim()
  if (!/^-?\d+$/.test(text)) throw new ApiError(422, `Validation error: ${name} is not an integer`)
  return BigInt(text)
}

/** v3's shard: unsigned hex (`8000000000000000`), as ton-indexer's `ShardId` reads it. */
function v3Shard(text: string): bigint {
  if (!/^(0x)?[0-9a-fA-F]{1,16}$/.test(text.trim()))
    throw new ApiError(422, 'shard is not a hex shard id')
  return BigInt(`0x${text.trim().replace(/^0x/i, '')}`)
}

function v3Int(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name)
  if (v === null || v === '') return undefined
  if (!/^-?\d+$/.test(v)) throw new ApiError(422, `${name} is not an integer`)
  return Number(v)
}

/** A 256-bit hash in hex, base64 or base64url. */
function hashParam(v: unknown, name: string): Buffer {
  const text = String(v ?? '').trim()
  let bytes: Buffer | undefined
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text))
    bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (bytes === undefined || bytes.length !== 32)
    throw new ApiError(422, `Validation error: ${name} is not a 256-bit hash`)
  return bytes
}

function addressOf(text: string, name: string): Address {
  try {
    return Address.parse(text.trim())
  } catch {
    throw new ApiError(416, `Incorrect address: ${name}`)
  }
}

function addressParam(p: Params, name: string): Address {
  const v = p[name]
  if (typeof v !== 'string' || v === '')
    throw new ApiError(422, `Validation error: ${name} is required`)
  return addressOf(v, name)
}

function shardParam(p: Params): bigint {
  const v = p.shard
  if (!present(v)) throw new ApiError(422, 'Validation error: shard is required')
  try {
    return unsignedShard(String(v))
  } catch {
    throw new ApiError(422, 'Validation error: shard is not a 64-bit integer')
  }
}

/** Whether shard `outer` contains shard `inner` (equal, or `inner` a sub-shard of it). */
function containsShard(outer: bigint, inner: bigint): boolean {
  const low = outer & -outer
  const mask = BigInt.asUintN(64, ~((low << 1n) - 1n))
  return (inner & mask) === (outer & mask) && (inner & -inner) <= low
}

function blockAt(
  chain: RecordedChain,
  workchain: number,
  shard: bigint,
  seqno: number,
): ChainBlock {
  const block = chain.block(workchain, workchain === -1 ? WHOLE_SHARD : shard, seqno)
  if (block === undefined || (workchain === -1 && seqno > chain.head))
    throw notInRecording(`block (${workchain}, ${signedShard(shard)}, ${seqno})`)
  return block
}

function masterchainBlocks(chain: RecordedChain): ChainBlock[] {
  const [low] = chain.mcRange()
  const out: ChainBlock[] = []
  for (let s = low; s <= chain.head; s++) {
    const b = chain.masterchainBlock(s)
    if (b !== undefined) out.push(b)
  }
  return out
}

function blockIdExt(id: BlockIdExt): Record<string, unknown> {
  return {
    '@type': 'ton.blockIdExt',
    workchain: id.workchain,
    shard: signedShard(id.shard),
    seqno: id.seqno,
    root_hash: id.rootHash.toString('base64'),
    file_hash: id.fileHash.toString('base64'),
  }
}

function rawAddress(a: Address): string {
  return `${a.workChain}:${a.hash.toString('hex')}`
}

function rest(o: Record<string, unknown>): Record<string, unknown> {
  const { '@type': _t, ...others } = o
  return others
}

function boc(cell: Cell): string {
  return cell.toBoc({ idx: false }).toString('base64')
}

/** The message cells of a transaction, in order: in (or undefined), then outs by index. */
function messageCells(cell: Cell): { inMsg: Cell | undefined; outMsgs: Cell[] } {
  const io = cell.refs[0]
  if (io === undefined) return { inMsg: undefined, outMsgs: [] }
  const s = io.beginParse()
  const inMsg = s.loadMaybeRef() ?? undefined
  const outs = s.loadMaybeRef()
  const outMsgs: Cell[] = []
  if (outs !== null) {
    const dict = Dictionary.loadDirect(
      Dictionary.Keys.Uint(15),
      Dictionary.Values.Cell(),
      outs.beginParse(),
    )
    for (const k of [...dict.keys()].sort((a, b) => a - b)) outMsgs.push(dict.get(k) as Cell)
  }
  return { inMsg, outMsgs }
}

function friendly(a: Address | null | undefined | { type: string }): string {
  return a instanceof Address ? a.toString() : ''
}

/** The bits of a cell's root, zero-padded to whole bytes (pytonlib's `message`). */
function rootBytes(cell: Cell): Buffer {
  const bits = cell.bits
  const out = Buffer.alloc(Math.ceil(bits.length / 8))
  for (let i = 0; i < bits.length; i++)
    if (bits.at(i)) out[i >> 3] = (out[i >> 3] as number) | (0x80 >> (i & 7))
  return out
}

/** `raw.message` as toncenter v2 renders it after its own post-processing (pytonlib). */
function rawMessage(cell: Cell, message: Message): Record<string, unknown> {
  const info = message.info
  const body = message.body
  const common = {
    '@type': 'raw.message',
    hash: cell.hash().toString('base64'),
    body_hash: body.hash().toString('base64'),
    msg_data: {
      '@type': 'msg.dataRaw',
      body: boc(body),
      init_state: message.init
        ? boc(beginCell().store(storeStateInit(message.init)).endCell())
        : '',
    },
    // pytonlib: the body's root cell data, base64
    message: rootBytes(body).toString('base64'),
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

/** `raw.transaction` (toncenter v2, Python flavour; the C++ one adds `account`). */
function rawTransaction(t: ChainTransaction): Record<string, unknown> {
  const tx: Transaction = t.transaction
  const cells = messageCells(t.cell)
  const fee = tx.totalFees.coins
  const storageFee =
    tx.description.type === 'generic' && tx.description.storagePhase
      ? tx.description.storagePhase.storageFeesCollected
      : 0n
  const inMsg =
    cells.inMsg === undefined
      ? undefined
      : rawMessage(cells.inMsg, loadMessage(cells.inMsg.beginParse()))
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: t.account.toString() },
    utime: tx.now,
    data: boc(t.cell),
    transaction_id: {
      '@type': 'internal.transactionId',
      lt: t.lt.toString(),
      hash: t.hash.toString('base64'),
    },
    fee: fee.toString(),
    storage_fee: storageFee.toString(),
    other_fee: (fee - storageFee).toString(),
    ...(inMsg === undefined ? {} : { in_msg: inMsg }),
    out_msgs: cells.outMsgs.map((c) => rawMessage(c, loadMessage(c.beginParse()))),
  }
}

function traceIdOf(t: ChainTransaction): string {
  return t.traceId ?? t.hash.toString('base64')
}

function v3Address(a: Address | null | undefined | { type: string }): string | null {
  return a instanceof Address ? `${a.workChain}:${a.hash.toString('hex').toUpperCase()}` : null
}

function v3Message(cell: Cell): Record<string, unknown> {
  const m = loadMessage(cell.beginParse())
  const info = m.info
  const op = m.body.bits.length >= 32 ? m.body.beginParse().preloadUint(32) : null
  const internal = info.type === 'internal' ? info : undefined
  return {
    hash: cell.hash().toString('base64'),
    source: info.type === 'external-in' ? null : v3Address(info.src),
    destination: info.type === 'external-out' ? null : v3Address(info.dest),
    value: internal ? internal.value.coins.toString() : null,
    value_extra_currencies: {},
    fwd_fee: internal ? internal.forwardFee.toString() : null,
    ihr_fee: internal ? internal.ihrFee.toString() : null,
    created_lt: info.type === 'external-in' ? null : info.createdLt.toString(),
    created_at: info.type === 'external-in' ? null : String(info.createdAt),
    opcode: op === null ? null : `0x${op.toString(16).padStart(8, '0')}`,
    ihr_disabled: internal ? internal.ihrDisabled : null,
    bounce: internal ? internal.bounce : null,
    bounced: internal ? internal.bounced : null,
    import_fee: info.type === 'external-in' ? info.importFee.toString() : null,
    message_content: { hash: m.body.hash().toString('base64'), body: boc(m.body), decoded: null },
    init_state: null,
  }
}

/** A v3 `Transaction` (ton-indexer `models/blockchain.go`). */
function v3Transaction(t: ChainTransaction): Record<string, unknown> {
  const tx = t.transaction
  const cells = messageCells(t.cell)
  const d = tx.description
  const compute = d.type === 'generic' ? d.computePhase : undefined
  return {
    account: v3Address(t.account),
    hash: t.hash.toString('base64'),
    lt: t.lt.toString(),
    now: tx.now,
    mc_block_seqno: t.block.mcSeqno,
    trace_id: traceIdOf(t),
    prev_trans_hash: Buffer.from(
      tx.prevTransactionHash.toString(16).padStart(64, '0'),
      'hex',
    ).toString('base64'),
    prev_trans_lt: tx.prevTransactionLt.toString(),
    orig_status: tx.oldStatus,
    end_status: tx.endStatus,
    total_fees: tx.totalFees.coins.toString(),
    total_fees_extra_currencies: {},
    description: {
      type: d.type === 'generic' ? 'ord' : d.type,
      aborted: d.type === 'generic' ? d.aborted : undefined,
      destroyed: d.type === 'generic' ? d.destroyed : undefined,
      compute_ph:
        compute === undefined
          ? undefined
          : compute.type === 'skipped'
            ? { skipped: true, reason: compute.reason }
            : {
                skipped: false,
                success: compute.success,
                exit_code: compute.exitCode,
                gas_used: compute.gasUsed.toString(),
              },
    },
    block_ref: {
      workchain: t.block.id.workchain,
      shard: t.block.id.shard.toString(16).toUpperCase().padStart(16, '0'),
      seqno: t.block.id.seqno,
    },
    in_msg: cells.inMsg === undefined ? null : v3Message(cells.inMsg),
    out_msgs: cells.outMsgs.map(v3Message),
    account_state_before: { hash: Buffer.from(tx.stateUpdate.oldHash).toString('base64') },
    account_state_after: { hash: Buffer.from(tx.stateUpdate.newHash).toString('base64') },
    emulated: false,
    finality: 'finalized',
  }
}

/** A v3 `Block` (ton-indexer `models/blockchain.go`): shard unsigned uppercase hex, lts and time as strings, seed base64. */
function v3Block(b: ChainBlock): Record<string, unknown> {
  const hex = (s: bigint) => s.toString(16).toUpperCase().padStart(16, '0')
  return {
    workchain: b.id.workchain,
    shard: hex(b.id.shard),
    seqno: b.id.seqno,
    root_hash: b.id.rootHash.toString('base64'),
    file_hash: b.id.fileHash.toString('base64'),
    global_id: b.globalId,
    version: b.version,
    after_merge: b.afterMerge,
    before_split: b.beforeSplit,
    after_split: b.afterSplit,
    want_merge: b.wantMerge,
    want_split: b.wantSplit,
    key_block: b.keyBlock,
    vert_seqno_incr: false,
    flags: b.flags,
    gen_utime: String(b.genUtime),
    start_lt: b.startLt.toString(),
    end_lt: b.endLt.toString(),
    validator_list_hash_short: b.genValidatorListHashShort,
    gen_catchain_seqno: b.genCatchainSeqno,
    min_ref_mc_seqno: b.minRefMcSeqno,
    prev_key_block_seqno: b.prevKeyBlockSeqno,
    vert_seqno: b.vertSeqno,
    master_ref_seqno: b.masterRef?.seqno ?? (b.id.workchain === -1 ? b.id.seqno : b.mcSeqno - 1),
    rand_seed: (b.randSeed ?? Buffer.alloc(32)).toString('base64'),
    created_by: (b.createdBy ?? Buffer.alloc(32)).toString('base64'),
    tx_count: b.transactions.length,
    masterchain_block_ref: { workchain: -1, shard: hex(WHOLE_SHARD), seqno: b.mcSeqno },
    prev_blocks: b.prevBlocks.map((p) => ({
      workchain: p.workchain,
      shard: hex(p.shard),
      seqno: p.seqno,
    })),
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(422, 'the body is not JSON')
  }
}
