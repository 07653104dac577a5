import { type Address, beginCell, Cell, Dictionary } from '@ton/core'
import type { PrevBlocksInfo, BlockId as SandboxBlockId } from '@ton/sandbox'
import { FatalSourceError, isRetryable } from '../../upstream/errors.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { MASTERCHAIN_SHARD, type RawTransaction } from '../../upstream/tonApiWire.js'
import { callWithRetries, withRetries } from '../../upstream/withRetries.js'
import { RetraceError } from './RetraceError.js'

/** A block id as toncenter v2 renders it (`ton.blockIdExt`). */
export type BlockIdExt = {
  readonly workchain: number
  readonly shard: string
  readonly seqno: number
  readonly root_hash: string
  readonly file_hash: string
}

/** The fields of `getBlockHeader` a retrace reads. */
export type BlockHeaderAnswer = {
  readonly id: BlockIdExt
  readonly gen_utime: number
  readonly start_lt: string
  readonly end_lt: string
  readonly min_ref_mc_seqno: number
  readonly prev_key_block_seqno: number
  readonly is_key_block?: boolean
}

/** What toncenter v3's `/api/v3/transactions` and `/api/v3/blocks` add (the v2 API has neither). */
export type V3Transaction = {
  readonly account: string
  readonly hash: string
  readonly lt: string
  readonly mc_block_seqno?: number
  readonly block_ref?: { workchain: number; shard: string; seqno: number }
}
export type V3Block = {
  readonly root_hash?: string
  readonly rand_seed?: string
  readonly master_ref_seqno?: number
}

/**
 * The upstream reads of a retrace: every v2 call asked again after a retryable failure, and
 * every failure that stays a {@link RetraceError} naming the method.
 */
export type RetraceReads = ReturnType<typeof retraceReads>

/** The reads of a retrace through `client` (see {@link RetraceReads}); with `cache`, each
 * answer is kept by method and parameters (what a chain's past answers may: they do not change). */
export function retraceReads(client: TonApiClient, attempts = 5, cache?: Map<string, unknown>) {
  const ask = async <T>(method: string, params: Record<string, unknown>): Promise<T> => {
    const key = `${method} ${JSON.stringify(params)}`
    if (cache?.has(key)) return cache.get(key) as T
    const answer = await askUpstream<T>(method, params)
    cache?.set(key, answer)
    return answer
  }
  const askUpstream = <T>(method: string, params: Record<string, unknown>): Promise<T> =>
    callWithRetries<T>(client, method, params, { attempts, failure: retraceErrorFrom })
  /** `ask`, but `undefined` at once when the upstream says the thing is not there (any status
   * whose text says "not found"), without asking again. */
  const askUnlessAbsent = <T>(
    method: string,
    params: Record<string, unknown>,
  ): Promise<T | undefined> =>
    callWithRetries<T>(client, method, params, {
      attempts,
      failure: retraceErrorFrom,
      absent: (error) => error instanceof Error && /not found|cannot find/i.test(error.message),
    })
  /** A v3 GET; `undefined` when the upstream has no v3 API or refuses the query. */
  const v3 = async <T>(path: string, query: Record<string, string>): Promise<T | undefined> => {
    const key = `GET ${path} ${JSON.stringify(query)}`
    if (cache?.has(key)) return cache.get(key) as T | undefined
    let answer: T | undefined
    try {
      answer = await withRetries(() => client.get<T>(path, query), { attempts: 2 })
    } catch {
      answer = undefined
    }
    cache?.set(key, answer)
    return answer
  }
  const cellOf = (method: string, base64: string | undefined): Cell => {
    try {
      const [root] = Cell.fromBoc(Buffer.from(base64 ?? '', 'base64'))
      if (root === undefined) throw new Error('empty bag of cells')
      return root
    } catch (cause) {
      throw new RetraceError({
        code: 'RETRACE_INVALID_DATA',
        method,
        message: `${method}: the upstream's answer is not a bag of cells`,
        cause,
      })
    }
  }
  return {
    ask,
    v3,
    cellOf,

    /** v3 `/api/v3/transactions` by hash (or account and lt); `undefined` without v3. */
    async v3Transaction(query: Record<string, string>): Promise<V3Transaction[] | undefined> {
      const answer = await v3<{ transactions?: V3Transaction[] }>('/api/v3/transactions', {
        ...query,
        limit: '1',
      })
      return answer?.transactions
    },

    /** v3 `/api/v3/blocks` of one block: its random seed and `master_ref_seqno`. */
    async v3Block(id: BlockIdExt): Promise<V3Block | undefined> {
      const answer = await v3<{ blocks?: V3Block[] }>('/api/v3/blocks', {
        workchain: String(id.workchain),
        shard: BigInt.asUintN(64, BigInt(id.shard)).toString(16).toUpperCase().padStart(16, '0'),
        seqno: String(id.seqno),
      })
      const block = answer?.blocks?.[0]
      // A block of the same seqno on another chain (a testnet upstream) is not this one.
      if (block?.root_hash !== undefined && block.root_hash !== id.root_hash) return undefined
      return block
    },

    /** `getTransactions` from (lt, hash) inclusive, newest first, above `toLt` when given. */
    async transactions(
      address: Address,
      q: { lt: bigint; hash: Buffer; limit: number; toLt?: bigint },
    ): Promise<RawTransaction[]> {
      // A transaction the upstream cannot find (liteserver: "cannot find transaction") ends the
      // history it serves: an empty page.
      const page = await askUnlessAbsent<RawTransaction[]>('getTransactions', {
        address: address.toString(),
        limit: q.limit,
        lt: q.lt.toString(),
        hash: q.hash.toString('base64'),
        ...(q.toLt === undefined ? {} : { to_lt: q.toLt.toString() }),
        archival: true,
      })
      if (page === undefined) return []
      if (!Array.isArray(page)) {
        throw new RetraceError({
          code: 'RETRACE_INVALID_DATA',
          method: 'getTransactions',
          message: 'getTransactions: the upstream answered something other than a list',
        })
      }
      return page
    },

    /** The shard block holding `lt` in the account's shard (`lookupBlock` by lt). */
    async blockOf(workchain: number, shard: bigint, lt: bigint): Promise<BlockIdExt> {
      return ask<BlockIdExt>('lookupBlock', {
        workchain,
        shard: BigInt.asIntN(64, shard).toString(),
        lt: lt.toString(),
      })
    },

    async blockById(workchain: number, shard: string, seqno: number): Promise<BlockIdExt> {
      return ask<BlockIdExt>('lookupBlock', { workchain, shard, seqno })
    },

    async header(id: BlockIdExt): Promise<BlockHeaderAnswer> {
      return ask<BlockHeaderAnswer>('getBlockHeader', {
        workchain: id.workchain,
        shard: id.shard,
        seqno: id.seqno,
        root_hash: id.root_hash,
        file_hash: id.file_hash,
      })
    },

    /** The account's `ShardAccount` at masterchain block `seqno`; `undefined` when the upstream
     * lacks `getShardAccountCell` (toncenter's Python API). */
    async shardAccountAt(address: Address, seqno: number): Promise<Cell | undefined> {
      try {
        const cell = await ask<{ bytes?: string }>('getShardAccountCell', {
          address: address.toString(),
          seqno,
        })
        return cellOf('getShardAccountCell', cell.bytes)
      } catch (error) {
        if (
          error instanceof RetraceError &&
          error.code === 'RETRACE_UPSTREAM_REJECTED' &&
          isUnknownMethod(error)
        ) {
          return undefined
        }
        throw error
      }
    },

    /** `getAddressInformation` at `seqno`: the approximate state (no storage stats). */
    async addressInformation(address: Address, seqno: number) {
      return ask<{
        balance?: string | number
        code?: string
        data?: string
        state?: string
        frozen_hash?: string
        last_transaction_id?: { lt?: string; hash?: string }
      }>('getAddressInformation', { address: address.toString(), seqno })
    },

    /** The config dictionary at masterchain block `seqno` (`getConfigAll`, else one
     * `getConfigParam` per parameter the emulator reads). */
    async config(seqno: number): Promise<{ config: Cell; method: string }> {
      try {
        const all = await ask<{ config?: { bytes?: string } }>('getConfigAll', { seqno })
        return {
          config: unwrapConfig(cellOf('getConfigAll', all.config?.bytes)),
          method: 'getConfigAll',
        }
      } catch (error) {
        if (!(error instanceof RetraceError && isUnknownMethod(error))) throw error
      }
      const dict = Dictionary.empty(Dictionary.Keys.Int(32), Dictionary.Values.Cell())
      for (const id of CONFIG_PARAMS) {
        const one = await askUnlessAbsent<{ config?: { bytes?: string } }>('getConfigParam', {
          config_id: id,
          seqno,
        })
        // undefined: a parameter this chain does not set (toncenter: "… not found").
        // Empty bytes: tonlib's answer for a parameter that is not set.
        if (one !== undefined && (one.config?.bytes ?? '') !== '') {
          dict.set(id, cellOf('getConfigParam', one.config?.bytes))
        }
      }
      return { config: beginCell().storeDictDirect(dict).endCell(), method: 'getConfigParam' }
    },

    /** The libraries of `hashes` (hex) the upstream has, 16 per `getLibraries`, each checked
     * against its hash; an absent one is left out. */
    async libraries(hashes: readonly string[]): Promise<Map<string, Cell>> {
      const found = new Map<string, Cell>()
      for (let i = 0; i < hashes.length; i += LIBRARIES_PER_CALL) {
        const batch = hashes.slice(i, i + LIBRARIES_PER_CALL)
        const answer = await ask<{ result?: readonly { hash?: string; data?: string }[] }>(
          'getLibraries',
          { libraries: batch },
        )
        for (const entry of answer.result ?? []) {
          const code = cellOf('getLibraries', entry.data)
          const hash = code.hash().toString('hex')
          if (!batch.includes(hash)) {
            throw new RetraceError({
              code: 'RETRACE_INVALID_DATA',
              method: 'getLibraries',
              message: `getLibraries: the upstream answered a library hashing to ${hash}, which was not asked for`,
            })
          }
          found.set(hash, code)
        }
      }
      return found
    },

    /**
     * The previous-blocks info (c7[13]) of masterchain block `seqno`'s state: its 16 last
     * blocks newest first, its last key block, the 16 last blocks whose seqno is a multiple of
     * 100 (ton `crypto/block/mc-config.cpp` `get_prev_blocks_info`). A block the upstream does
     * not have ends its list (said in `missing`); without the top block or the key block there
     * is no info.
     */
    async prevBlocks(
      seqno: number,
    ): Promise<{ info: PrevBlocksInfo | undefined; missing: string | undefined }> {
      const lookup = async (n: number): Promise<SandboxBlockId | string> => {
        const key = `lookupBlock -1 ${n}`
        if (cache?.has(key)) return cache.get(key) as SandboxBlockId | string
        const found = await lookupOnce(n)
        cache?.set(key, found)
        return found
      }
      const lookupOnce = async (n: number): Promise<SandboxBlockId | string> => {
        try {
          const id = await withRetries(
            () =>
              client.call<BlockIdExt>('lookupBlock', {
                workchain: -1,
                shard: MASTERCHAIN_SHARD,
                seqno: n,
              }),
            { attempts: 2 },
          )
          return sandboxId(id)
        } catch (error) {
          return `masterchain block ${n} (lookupBlock: ${error instanceof Error ? error.message : String(error)})`
        }
      }
      const last: SandboxBlockId[] = []
      let missing: string | undefined
      for (let n = seqno; n > seqno - 16 && n > 0 && missing === undefined; n--) {
        const id = await lookup(n)
        if (typeof id === 'string') missing = id
        else last.push(id)
      }
      const top = last[0]
      if (top === undefined) return { info: undefined, missing }
      const header = await ask<BlockHeaderAnswer>('getBlockHeader', {
        workchain: -1,
        shard: MASTERCHAIN_SHARD,
        seqno,
        root_hash: top.rootHash.toString('base64'),
        file_hash: top.fileHash.toString('base64'),
      })
      const keySeqno = header.is_key_block === true ? seqno : header.prev_key_block_seqno
      // The zerostate (seqno 0, which lookupBlock refuses) is the first key block.
      const key =
        keySeqno === 0
          ? sandboxId((await ask<{ init: BlockIdExt }>('getMasterchainInfo', {})).init)
          : await lookup(keySeqno)
      if (typeof key === 'string') return { info: undefined, missing: key }
      const hundreds: SandboxBlockId[] = []
      for (let n = seqno - (seqno % 100); n > 0 && hundreds.length < 16; n -= 100) {
        const id = await lookup(n)
        if (typeof id === 'string') {
          missing ??= id
          break
        }
        hundreds.push(id)
      }
      return { info: { lastMcBlocks: last, prevKeyBlock: key, lastMcBlocks100: hundreds }, missing }
    },
  }
}

/** `getLibraries` takes at most 16 hashes (tonlib `smc_getLibraries`). */
export const LIBRARIES_PER_CALL = 16

/** The parameters the emulator reads, asked one by one of an upstream without `getConfigAll`. */
const CONFIG_PARAMS = [
  0, 1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 29,
  31, 34, 43, 44, 45, 71, 72,
]

/** A `ConfigParams` (config address + ref to the dictionary) unwrapped to the dictionary root. */
function unwrapConfig(cell: Cell): Cell {
  if (cell.bits.length === 256 && cell.refs.length === 1) return cell.refs[0] as Cell
  return cell
}

function sandboxId(id: BlockIdExt): SandboxBlockId {
  return {
    workchain: id.workchain,
    shard: BigInt.asUintN(64, BigInt(id.shard)),
    seqno: id.seqno,
    rootHash: Buffer.from(id.root_hash, 'base64'),
    fileHash: Buffer.from(id.file_hash, 'base64'),
  }
}

/** A refusal of the method itself (toncenter's Python API lacks `getShardAccountCell` and
 * `getConfigAll`): 404/405/422 "Unknown method", "not found" for the route. */
function isUnknownMethod(error: RetraceError): boolean {
  return (
    error.code === 'RETRACE_UPSTREAM_REJECTED' &&
    /unknown method|not found|405|no such method|not supported/i.test(error.message)
  )
}

/** The {@link RetraceError} of a client failure that stayed after the retries. */
export function retraceErrorFrom(method: string, error: unknown, attempts: number): unknown {
  if (error instanceof RetraceError) return error
  if (isRetryable(error)) {
    return new RetraceError({
      code: 'RETRACE_UPSTREAM_UNAVAILABLE',
      method,
      message: `${method}: the upstream did not answer after ${attempts} attempts (${error.message})`,
      cause: error,
    })
  }
  if (error instanceof FatalSourceError) {
    return new RetraceError({
      code:
        error.code === 'SOURCE_INVALID_DATA' ? 'RETRACE_INVALID_DATA' : 'RETRACE_UPSTREAM_REJECTED',
      method,
      message:
        error.code === 'SOURCE_GAP'
          ? `${method}: the upstream does not keep that history or archive state (${error.message})`
          : `${method}: the upstream refused (${error.message})`,
      cause: error,
    })
  }
  return error
}
