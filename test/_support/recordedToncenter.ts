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
import { createTonApiClient, type TonApiClient } from '../../upstream/tonApiClient.js'
import {
  type BlockIdExt,
  type ChainBlock,
  type ChainTransaction,
  configParam,
  messageCells,
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
 *   limit ≤ 100 (Python's GET route) or ≤ 1000 (C++);
 * - `getLibraries`: more than 16 hashes refused (tonlib's `INVALID_FIELD: Field library_list has
 *   invalid value : too many libraries requested, 16 maximum`: HTTP 400 in the C++ flavour, which
 *   passes tonlib's code through; 500 in the Python one, which maps tonlib errors to 500),
 *   hashes sorted and deduplicated, unknown ones left out;
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
    /** A required parameter is missing (Python's JSON-RPC calls that a TypeError). */
    readonly missing = false,
  ) {
    super(message)
  }
}

type Params = Record<string, unknown>
/** How a call came: a GET route, a POST route, or JSON-RPC. */
type Via = 'get' | 'post' | 'jsonrpc'

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
    !(flavour === 'cpp' && PYTHON_ONLY.has(method)) &&
    !(flavour === 'python' && method === 'runGetMethod' && options.getMethods === false)

  /** A validation failure as each flavour words it. */
  const invalid = (message: string) =>
    new ApiError(
      422,
      flavour === 'cpp' ? `failed to validate request: ${message}` : `Validation error: ${message}`,
    )

  /** Each method; `via` is how the call came (Python validates query parameters on its GET routes only). */
  const methods: Record<string, (p: Params, via: Via) => unknown | Promise<unknown>> = {
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
      if (given.length === 0 && flavour === 'python') {
        // pytonlib asserts; the API answers an unexpected exception with 503.
        throw new ApiError(503, 'Seqno, LT or unixtime should be defined')
      }
      if (given.length !== 1) {
        if (flavour === 'python') throw new ApiError(500, 'LITE_SERVER_UNKNOWN: bad lookup mode')
        throw invalid('exactly one of seqno, lt or unixtime should be specified')
      }
      const seqno = int(p, 'seqno')
      const lt = present(p.lt) ? big(p, 'lt') : undefined
      const unixtime = int(p, 'unixtime')
      if (seqno !== undefined && seqno <= 0) throw invalid('seqno should be positive')
      if (lt !== undefined && lt < 0n) throw invalid('lt should be non-negative')
      if (unixtime !== undefined && unixtime < 0) throw invalid('unixtime should be non-negative')
      const candidates =
        workchain === -1
          ? masterchainBlocks(chain)
          : chain
              .shardBlocks()
              .filter(
                (b) =>
                  b.id.workchain === workchain &&
                  containsShard(b.id.shard, shard) &&
                  b.mcSeqno <= chain.head,
              )
      let found: ChainBlock | undefined
      if (seqno !== undefined) {
        // Any masterchain block up to the head, as a liteserver has them all (a retrace reads
        // the 16 before its block: c7's previous blocks), not only the notable ones.
        found =
          workchain === -1
            ? seqno <= chain.head
              ? chain.masterchainBlock(seqno)
              : undefined
            : candidates.find((b) => b.id.seqno === seqno)
      } else if (lt !== undefined) found = candidates.find((b) => b.startLt <= lt && lt <= b.endLt)
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
    getTransactions: (p, via) => {
      const address = addressParam(p, 'address')
      const limit = int(p, 'limit') ?? 10
      if (flavour === 'cpp') {
        if (limit <= 0) throw invalid('limit should be positive')
        if (limit > 1000) throw invalid('limit should be less or equal 1000')
      } else if (via === 'get' && (limit <= 0 || limit > 100)) {
        // FastAPI's `Query(gt=0, le=100)`: checked on the GET route, not through JSON-RPC.
        throw invalid('limit: ensure this value is less than or equal to 100')
      }
      // C++: lt 0 counts as absent, and lt and hash go together. Python (pytonlib): without
      // both, it starts at the account's last transaction.
      let hasLt = present(p.lt) && String(p.lt) !== '0'
      let hasHash = present(p.hash)
      if (flavour === 'cpp' && hasLt !== hasHash)
        throw invalid('lt and hash should be used together')
      if (!(hasLt && hasHash)) {
        hasLt = false
        hasHash = false
      }
      const toLt = present(p.to_lt) ? (big(p, 'to_lt') as bigint) : 0n
      const list = chain.transactionsOf(address).filter((t) => t.block.mcSeqno <= chain.head)
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
        out.push(
          flavour === 'cpp'
            ? {
                '@type': 'ext.transaction',
                account: rawAddress(t.account),
                ...rest(rawTransaction(t, 'ext.message')),
              }
            : rawTransaction(t, 'python'),
        )
      }
      return out
    },
    tryLocateTx: (p) => locate(p, 'incoming'),
    tryLocateResultTx: (p) => locate(p, 'incoming'),
    tryLocateSourceTx: (p) => locate(p, 'outgoing'),
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
        state: status,
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
      // tonlib serializes an absent parameter's null cell as empty bytes (TonlibClient.cpp `to_bytes`).
      return {
        '@type': 'configInfo',
        config: { '@type': 'tvm.cell', bytes: param === undefined ? '' : boc(param) },
      }
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
          'INVALID_FIELD: Field library_list has invalid value : too many libraries requested, 16 maximum',
        )
      }
      const result: Record<string, unknown>[] = []
      // tonlib sorts and dedupes the hashes before asking (TonlibClient::get_libraries).
      const unique = [...new Map(hashes.map((h) => [h.toString('hex'), h])).values()].sort(
        Buffer.compare,
      )
      for (const h of unique) {
        const lib = chain.libraries.get(h.toString('hex'))
        if (lib === undefined) continue
        result.push({ '@type': 'smc.libraryEntry', hash: h.toString('base64'), data: boc(lib) })
      }
      return { '@type': 'smc.libraryResult', result }
    },
    runGetMethod: async (p) => {
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
      const method =
        typeof methodName === 'number' || /^-?\d+$/.test(methodName)
          ? Number(methodName)
          : methodName
      // One sandbox per config, one get-method at a time on it (each sets its account first).
      return inSandbox(chain.configAt(seqno), async (bc) => {
        if (chain.libraries.size > 0) {
          const dict = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell())
          for (const [h, c] of chain.libraries) dict.set(Buffer.from(h, 'hex'), c)
          bc.libs = beginCell().storeDictDirect(dict).endCell()
        } else bc.libs = undefined
        bc.now = block.genUtime
        await bc.setShardAccount(address, state.parsed)
        try {
          const r = await bc.runGetMethod(address, method, stack)
          return runResult(block, state, r.exitCode, r.gasUsed, r.stack)
        } catch (error) {
          const exit = (error as { exitCode?: number }).exitCode
          if (typeof exit === 'number') return runResult(block, state, exit, 0n, [])
          throw error
        }
      })
    },
    sendBoc: () => refuseSend(),
    sendBocReturnHash: () => refuseSend(),
    sendBocReturnHashNoError: () => refuseSend(),
    sendBocUnsafe: () => refuseSend(),
    sendQuery: () => refuseSend(),
  }

  type Sandbox = Awaited<ReturnType<typeof import('@ton/sandbox')['Blockchain']['create']>>
  const sandboxes = new Map<string, Promise<Sandbox>>()
  let sandboxQueue: Promise<unknown> = Promise.resolve()
  const inSandbox = <T>(config: Cell | undefined, run: (bc: Sandbox) => Promise<T>): Promise<T> => {
    const key = config?.hash().toString('hex') ?? 'default'
    let created = sandboxes.get(key)
    if (created === undefined) {
      created = import('@ton/sandbox').then(({ Blockchain }) =>
        Blockchain.create(config === undefined ? {} : { config }),
      )
      sandboxes.set(key, created)
    }
    const next = sandboxQueue.then(async () => run(await (created as Promise<Sandbox>)))
    sandboxQueue = next.catch(() => undefined)
    return next
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

  /**
   * `tryLocate*`: the destination's transaction that received the message `source` created at
   * `created_lt` (incoming), or the source's transaction that sent it (outgoing). Both flavours
   * look only in the blocks at `created_lt`, +10⁶ and +2·10⁶ (pytonlib `try_locate_tx_by_*`, C++
   * `tonlib_worker_transactions.cpp`); here, among the recorded transactions within that span.
   */
  const locate = (p: Params, by: 'incoming' | 'outgoing') => {
    if (flavour === 'cpp') {
      if (!present(p.source)) throw invalid('empty source address')
      if (!present(p.destination)) throw invalid('empty destination address')
    }
    const source = addressParam(p, 'source')
    const destination = addressParam(p, 'destination')
    const createdLt = big(p, 'created_lt')
    if (createdLt === undefined)
      throw new ApiError(422, 'Validation error: created_lt is required', true)
    if (createdLt < 0n) throw invalid('created_lt should be non-negative')
    const span = 3_000_000n
    const holder = by === 'incoming' ? destination : source
    const found = chain
      .transactionsOf(holder)
      .filter((t) => t.block.mcSeqno <= chain.head)
      .find((t) => {
        const cells = messageCells(t.cell)
        if (by === 'incoming') {
          if (t.lt <= createdLt || t.lt >= createdLt + span || cells.inMsg === undefined)
            return false
          const info = loadMessage(cells.inMsg.beginParse()).info
          return info.type === 'internal' && info.src.equals(source) && info.createdLt === createdLt
        }
        if (t.lt >= createdLt || t.lt + span <= createdLt) return false
        return cells.outMsgs.some((c) => {
          const info = loadMessage(c.beginParse()).info
          return (
            info.type === 'internal' &&
            info.dest.equals(destination) &&
            info.createdLt === createdLt
          )
        })
      })
    if (found === undefined) {
      // C++ answers 404; pytonlib raises, which the Python API answers with 503.
      throw flavour === 'cpp'
        ? new ApiError(404, 'transaction was not found')
        : new ApiError(503, 'Tx not found')
    }
    return flavour === 'cpp'
      ? {
          '@type': 'ext.transaction',
          account: rawAddress(found.account),
          ...rest(rawTransaction(found, 'ext.message')),
        }
      : rawTransaction(found, 'python')
  }

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
    if (flavour === 'cpp') {
      if ((int(p, 'seqno') ?? 0) <= 0) throw invalid('seqno should be positive')
      if (count <= 0) throw invalid('count should be positive')
      if (count > 10_000) throw invalid('count should be less or equal 10000')
    }
    const hasLt = present(p.after_lt)
    const hasHash = present(p.after_hash)
    if (flavour === 'cpp' && hasLt !== hasHash) {
      throw invalid('after_lt and after_hash should be used together')
    }
    let items = block.transactions
    if (hasLt || hasHash) {
      // pytonlib fills a missing half with a zero account id or lt 0.
      const afterLt = hasLt ? (big(p, 'after_lt') as bigint) : 0n
      // The account id (256 bits) of the last item returned, not a transaction hash.
      const afterAccount = hasHash ? hashParam(p.after_hash, 'after_hash') : Buffer.alloc(32)
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
              ...rest(rawTransaction(t, 'raw.message')),
            }
          : { ...rawTransaction(t, 'raw.message'), account: rawAddress(t.account) }
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
      // The liteserver sets eof only when it looks past the last account with room left on the
      // page (TON validator/impl/liteserver.cpp finish_listBlockTransactions): a page filled
      // exactly to the end is still `incomplete`, and the next one is empty.
      incomplete: page.length >= count,
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
      let txs = chain.allTransactions().filter((t) => t.block.mcSeqno <= chain.head)
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
        transactions: txs.slice(offset, offset + limit).map((t) => v3Transaction(chain, t)),
        address_book: {},
      }
    },
    blocks: (q) => {
      const limit = v3Int(q, 'limit') ?? 10
      const offset = v3Int(q, 'offset') ?? 0
      let blocks = chain.shardBlocks().filter((b) => b.mcSeqno <= chain.head)
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
        if (t !== undefined) wanted.add(chain.traceIdOf(t))
      }
      const groups = new Map<string, ChainTransaction[]>()
      for (const t of chain.allTransactions().filter((t) => t.block.mcSeqno <= chain.head)) {
        const id = chain.traceIdOf(t)
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
          txs.map((t) => [t.hash.toString('base64'), v3Transaction(chain, t)]),
        ),
      }))
      return { traces }
    },
  }

  const handleV2 = async (method: string, params: Params, via: Via): Promise<unknown> => {
    const fn = methods[method]
    if (fn === undefined || !has(method)) throw new ApiError(404, 'Not Found')
    return fn(params, via)
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

  /** `{ ok: false, error, code }` (C++ adds `@extra`), HTTP status = code. */
  const fail = (res: ServerResponse, error: unknown) => {
    const e =
      error instanceof ApiError
        ? error
        : new ApiError(flavour === 'python' ? 503 : 500, String((error as Error)?.message ?? error))
    const body: Record<string, unknown> = { ok: false, error: e.message, code: e.code }
    if (flavour === 'cpp') body['@extra'] = extraTag()
    send(res, e.code, body)
  }

  /**
   * `{ ok: true, result }`: C++ adds `@extra` beside `result`; Python returns tonlib's object,
   * which carries its own `@extra` inside (a list, such as `getTransactions`, has none).
   */
  const ok = (res: ServerResponse, result: unknown, rpcId?: { id: unknown }) => {
    let body: Record<string, unknown>
    if (flavour === 'cpp') body = { ok: true, result, '@extra': extraTag() }
    else {
      const inner =
        typeof result === 'object' && result !== null && !Array.isArray(result)
          ? { ...(result as Record<string, unknown>), '@extra': extraTag() }
          : result
      body = { ok: true, result: inner }
      // TonResponseJsonRPC: jsonrpc "2.0" and the id as a string (null ids left out).
      if (rpcId !== undefined) {
        body.jsonrpc = '2.0'
        if (rpcId.id !== undefined && rpcId.id !== null) body.id = String(rpcId.id)
      }
    }
    send(res, 200, body)
  }

  /** Python's JSON-RPC refusals of its own (unknown method, a `TypeError`): 422, no `code`. */
  const rpcRefusal = (res: ServerResponse, error: string, id: unknown) => {
    const body: Record<string, unknown> = { ok: false, error, jsonrpc: '2.0' }
    if (id !== undefined && id !== null) body.id = String(id)
    send(res, 422, body)
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
            return fail(
              res,
              new ApiError(
                405,
                flavour === 'cpp' ? 'method GET is not supported' : 'Method Not Allowed',
              ),
            )
          }
          const body = await readJson(req)
          const call = body as { method?: unknown; params?: unknown; id?: unknown }
          method = typeof call?.method === 'string' ? call.method : 'jsonRPC'
          note(method)
          if (limited > 0) {
            limited -= 1
            return rateLimited(res)
          }
          if (Array.isArray(body) || typeof call?.method !== 'string') {
            // Python validates the request model (422); C++ fails reading `method` (500).
            return fail(
              res,
              new ApiError(
                flavour === 'python' ? 422 : 500,
                'Validation error: method is required',
              ),
            )
          }
          let params = call.params ?? {}
          if (Array.isArray(params) && params.length === 0) params = {}
          if (typeof params !== 'object' || params === null || Array.isArray(params)) {
            return fail(
              res,
              new ApiError(
                422,
                flavour === 'cpp' ? 'params must contain an object' : 'Validation error: params',
              ),
            )
          }
          const fn = methods[call.method]
          if (fn === undefined || !has(call.method)) {
            // Python answers its own refusal; C++ re-posts to /api/v2/<method>, which is not there.
            if (flavour === 'python') return rpcRefusal(res, 'Unknown method', call.id)
            return fail(res, new ApiError(404, 'Not Found'))
          }
          try {
            return ok(res, await fn(params as Params, 'jsonrpc'), { id: call.id })
          } catch (error) {
            // Python: a missing required parameter is a TypeError (422, the request's id kept).
            if (flavour === 'python' && error instanceof ApiError && error.missing) {
              return rpcRefusal(res, 'TypeError: Non-optional argument expected', call.id)
            }
            return fail(res, error)
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
          // Python's read methods are GET routes only.
          if (req.method === 'POST' && flavour === 'python' && !POST_ONLY.has(method)) {
            throw new ApiError(405, 'Method Not Allowed')
          }
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
          return ok(res, await handleV2(method, params, req.method === 'POST' ? 'post' : 'get'))
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
    if (required) throw new ApiError(422, `Validation error: ${name} is required`, true)
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
    throw new ApiError(422, `Validation error: ${name} is required`, true)
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
  // A block committed after the head is not there yet (a test may move the head).
  if (block === undefined || block.mcSeqno > chain.head)
    throw notInRecording(`block (${workchain}, ${signedShard(shard)}, ${seqno})`)
  return block
}

/** The masterchain blocks worth listing (see {@link RecordedChain.notableMasterchainSeqnos}). */
function masterchainBlocks(chain: RecordedChain): ChainBlock[] {
  const out: ChainBlock[] = []
  for (const s of chain.notableMasterchainSeqnos()) {
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

/**
 * How a message is rendered: `python` (pytonlib's `getTransactions`: `raw.message` with string
 * addresses and `message` = the body root's bytes as MIME base64), `ext.message` (C++
 * `getTransactions`: string addresses, `message` = base64 plus a newline) or `raw.message`
 * (tonlib's own, in `getBlockTransactionsExt` of both: `accountAddress` objects, no `message`).
 */
type MessageStyle = 'python' | 'ext.message' | 'raw.message'

/** Python's `codecs.encode(bytes, 'base64')`: lines of 76 characters, each ending in a newline. */
function mimeBase64(bytes: Buffer): string {
  const text = bytes.toString('base64')
  let out = ''
  for (let i = 0; i < text.length; i += 76) out += `${text.slice(i, i + 76)}\n`
  return out
}

function rawMessage(cell: Cell, message: Message, style: MessageStyle): Record<string, unknown> {
  const info = message.info
  const body = message.body
  const address = (a: Address | null | undefined | { type: string }) =>
    style === 'raw.message'
      ? { '@type': 'accountAddress', account_address: friendly(a) }
      : friendly(a)
  const internal = info.type === 'internal' ? info : undefined
  const rendered: Record<string, unknown> = {
    '@type': style === 'ext.message' ? 'ext.message' : 'raw.message',
    hash: cell.hash().toString('base64'),
    source: address(info.type === 'external-in' ? null : info.src),
    destination: address(info.type === 'external-out' ? null : info.dest),
    value: internal ? internal.value.coins.toString() : '0',
    extra_currencies: [],
    fwd_fee: internal ? internal.forwardFee.toString() : '0',
    ihr_fee: internal ? internal.ihrFee.toString() : '0',
    created_lt: info.type === 'external-in' ? '0' : info.createdLt.toString(),
    body_hash: body.hash().toString('base64'),
    msg_data: {
      '@type': 'msg.dataRaw',
      body: boc(body),
      init_state: message.init
        ? boc(beginCell().store(storeStateInit(message.init)).endCell())
        : '',
    },
  }
  const bytes = rootBytes(body)
  if (style === 'python') rendered.message = mimeBase64(bytes)
  if (style === 'ext.message')
    rendered.message = bytes.length === 0 ? '' : `${bytes.toString('base64')}\n`
  return rendered
}

/** `raw.transaction` of tonlib, its messages rendered in `style`. */
function rawTransaction(t: ChainTransaction, style: MessageStyle): Record<string, unknown> {
  const tx: Transaction = t.transaction
  const cells = messageCells(t.cell)
  const fee = tx.totalFees.coins
  const storageFee =
    tx.description.type === 'generic' && tx.description.storagePhase
      ? tx.description.storagePhase.storageFeesCollected
      : 0n
  const render = (c: Cell) => rawMessage(c, loadMessage(c.beginParse()), style)
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
    ...(cells.inMsg === undefined ? {} : { in_msg: render(cells.inMsg) }),
    out_msgs: cells.outMsgs.map(render),
  }
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
function v3Transaction(chain: RecordedChain, t: ChainTransaction): Record<string, unknown> {
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
    trace_id: chain.traceIdOf(t),
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

/**
 * A recorded toncenter serving `chain`, and an unthrottled client of it. Close `upstream`.
 *
 * @example
 * ```ts
 * const { upstream, client } = await serveRecorded(chain)
 * await retraceTransaction({ client, tx })
 * await upstream.close()
 * ```
 */
export async function serveRecorded(
  chain: RecordedChain,
  flavour: 'cpp' | 'python' = 'cpp',
): Promise<{ upstream: RecordedToncenter; client: TonApiClient }> {
  const upstream = await startRecordedToncenter({ chain, flavour })
  return {
    upstream,
    client: createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY }),
  }
}
