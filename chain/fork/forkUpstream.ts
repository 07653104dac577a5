import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  loadShardAccount,
  type ShardAccount,
  type StateInit,
} from '@ton/core'
import { FatalSourceError, isRetryable } from '../../upstream/errors.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { MASTERCHAIN_SHARD } from '../../upstream/tonApiWire.js'
import { callWithRetries } from '../../upstream/withRetries.js'
import { ForkError } from './ForkError.js'

/**
 * The masterchain block a fork is pinned at, as its upstream describes it.
 *
 * @example
 * ```ts
 * const pin: ForkPin = { seqno: 53_012_345, time: 1_764_064_807, endLt: 61_504_000_004n,
 *   globalId: -239, rootHash: 'k2D…=' }
 * ```
 */
export type ForkPin = {
  readonly seqno: number
  /** The block's `gen_utime`, unix seconds. */
  readonly time: number
  /** The block's `end_lt`: every transaction at or before the block is below it. */
  readonly endLt: bigint
  /** The chain's `global_id` (TON mainnet −239): part of the upstream's identity. */
  readonly globalId: number
  /** The block's root hash (base64): part of the upstream's identity. */
  readonly rootHash: string
}

/**
 * An account as a fork loads it: the `ShardAccount` at the fork's block (`undefined` for an
 * account that does not exist there), and whether it is exact.
 *
 * @example
 * ```ts
 * const loaded: LoadedAccount = { shardAccount, exact: true }
 * ```
 */
export type LoadedAccount = {
  readonly shardAccount: ShardAccount | undefined
  /**
   * True from `getShardAccountCell` (storage stats, last-paid time, the account's own end
   * lt); false from `getAddressInformation` (zero storage stats, end lt = last lt + 1).
   */
  readonly exact: boolean
}

/**
 * One transaction of a `getTransactions` answer, as the upstream rendered it (toncenter v2's
 * `raw.transaction`): passed on unchanged, its `transaction_id` checked.
 *
 * @example
 * ```ts
 * const tx: UpstreamTransaction = { '@type': 'raw.transaction', utime: 1_764_064_800, data: 'te6cc…',
 *   transaction_id: { '@type': 'internal.transactionId', lt: '61504000003', hash: 'k2D…=' } }
 * ```
 */
export type UpstreamTransaction = {
  readonly transaction_id: { readonly lt: string; readonly hash: string }
  readonly [field: string]: unknown
}

/**
 * The most library hashes one `getLibraries` asks for: tonlib answers more with
 * "too many libraries requested, 16 maximum" (400).
 *
 * @example
 * ```ts
 * LIBRARIES_PER_REQUEST // 16
 * ```
 */
export const LIBRARIES_PER_REQUEST = 16

/**
 * What {@link ForkUpstream}'s `libraries` got: the libraries found (hash-checked), the hashes
 * whose one-hash request was refused, and whether any request was answered.
 *
 * @example
 * ```ts
 * const answer: LibrariesAnswer = { found: new Map([['a9338ecd…', poolCode]]), refused: [], answered: true }
 * ```
 */
export type LibrariesAnswer = {
  readonly found: Map<string, Cell>
  readonly refused: readonly string[]
  readonly answered: boolean
}

/** Options of {@link forkUpstream}. */
export type ForkUpstreamOptions = {
  /** Attempts of one request before a retryable failure is final (default 5: 0.2 + 0.4 + 0.8 + 1.6 s of backoff). */
  readonly attempts?: number | undefined
}

/**
 * The toncenter v2 methods a fork reads its upstream with: the head and a block's header,
 * `getShardAccountCell` (exact) or `getAddressInformation` (approximate) at the fork's block,
 * `getLibraries` (hash-checked) and `getConfigAll` (else `getConfigParam` per parameter).
 * Every call goes through the one client (its rate cap and failure classes) and is asked again
 * after a retryable failure with a backoff; a failure that stays is a {@link ForkError}.
 *
 * @example
 * ```ts
 * const upstream = forkUpstream(createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey, rps: 10 }))
 * const pin = await upstream.pin(-2) // two blocks before the head
 * const pool = await upstream.account(Address.parse('EQ…'), pin.seqno, true)
 * ```
 */
export type ForkUpstream = ReturnType<typeof forkUpstream>

/**
 * The toncenter v2 reads of a fork's upstream ({@link ForkUpstream}), through `client`.
 *
 * @example
 * ```ts
 * const upstream = forkUpstream(createTonApiClient({ url: 'http://127.0.0.1:8080', rps: 10 }), { attempts: 5 })
 * (await upstream.pin(undefined)).seqno // 1532, the upstream's head
 * ```
 */
export function forkUpstream(client: TonApiClient, options: ForkUpstreamOptions = {}) {
  const attempts = options.attempts ?? 5
  const ask = <T>(method: string, params: Record<string, unknown>): Promise<T> =>
    callWithRetries<T>(client, method, params, { attempts, failure: forkErrorFrom })

  const header = async (seqno: number) => {
    const h = await ask<{
      id?: { root_hash?: string }
      gen_utime: number
      end_lt: string
      global_id?: number
    }>('getBlockHeader', { workchain: -1, shard: MASTERCHAIN_SHARD, seqno })
    return h
  }

  return {
    client,

    /**
     * Pins the fork's block: `at` ≥ 0 is that block, a negative `at` is that many blocks
     * before the head, `undefined` the head (resolved once, here).
     */
    async pin(at: number | undefined): Promise<ForkPin> {
      let seqno = at
      if (seqno === undefined || seqno < 0) {
        const info = await ask<{ last: { seqno: number } }>('getMasterchainInfo', {})
        seqno = info.last.seqno + (seqno ?? 0)
        if (seqno < 0) {
          throw new ForkError({
            code: 'FORK_REJECTED',
            message: `The upstream's head is block ${info.last.seqno}; it has no block ${seqno}.`,
          })
        }
      }
      const h = await header(seqno)
      return {
        seqno,
        time: h.gen_utime,
        endLt: BigInt(h.end_lt),
        globalId: h.global_id ?? 0,
        rootHash: h.id?.root_hash ?? '',
      }
    },

    /**
     * Whether the upstream answers `getShardAccountCell` (the exact fork); a refusal of the
     * method itself means no (toncenter's open-source Python API lacks it).
     */
    async hasShardAccountCell(seqno: number): Promise<boolean> {
      try {
        await ask('getShardAccountCell', { address: ZERO_ADDRESS, seqno })
        return true
      } catch (error) {
        if (error instanceof ForkError && error.code === 'FORK_REJECTED') return false
        throw error
      }
    },

    /** The account at block `seqno`: exactly (`getShardAccountCell`) or approximately. */
    async account(address: Address, seqno: number, exact: boolean): Promise<LoadedAccount> {
      if (exact) {
        const cell = await ask<{ bytes?: string }>('getShardAccountCell', {
          address: address.toString(),
          seqno,
        })
        const shardAccount = parse('getShardAccountCell', () =>
          loadShardAccount(bocCell(cell.bytes ?? '').beginParse()),
        )
        return {
          shardAccount: shardAccount.account === undefined ? undefined : shardAccount,
          exact,
        }
      }
      const info = await ask<AddressInformation>('getAddressInformation', {
        address: address.toString(),
        seqno,
      })
      return {
        shardAccount: parse('getAddressInformation', () => approximate(address, info)),
        exact,
      }
    },

    /**
     * A page of the account's transactions as the upstream renders them (toncenter v2's
     * `getTransactions`, newest first, from `lt`/`hash` when given, above `toLt` when given):
     * what a fork answers for the history at or below its block. `archival` asks toncenter for
     * liteservers with the whole history.
     */
    async transactions(
      address: Address,
      query: { limit: number; lt?: bigint; hash?: string; toLt?: bigint },
    ): Promise<readonly UpstreamTransaction[]> {
      const page = await ask<unknown>('getTransactions', {
        address: address.toString(),
        limit: query.limit,
        ...(query.lt === undefined ? {} : { lt: query.lt.toString() }),
        ...(query.hash === undefined ? {} : { hash: query.hash }),
        ...(query.toLt === undefined ? {} : { to_lt: query.toLt.toString() }),
        archival: true,
      })
      return parse('getTransactions', () => {
        if (!Array.isArray(page)) throw new Error('not a list')
        return page.map(upstreamTransaction)
      })
    },

    /**
     * toncenter v2's `tryLocateTx` / `tryLocateResultTx` (the destination's transaction that
     * received the message `source` created at `createdLt`) or `tryLocateSourceTx` (the
     * source's transaction that sent it), as the upstream renders it.
     */
    async locate(
      method: 'tryLocateTx' | 'tryLocateResultTx' | 'tryLocateSourceTx',
      query: { source: Address; destination: Address; createdLt: bigint },
    ): Promise<UpstreamTransaction> {
      const found = await ask<unknown>(method, {
        source: query.source.toString(),
        destination: query.destination.toString(),
        created_lt: query.createdLt.toString(),
      })
      return parse(method, () => upstreamTransaction(found))
    },

    /**
     * The libraries of `hashes` (hex) the upstream has, each checked against its hash: asked
     * {@link LIBRARIES_PER_REQUEST} at a time (tonlib refuses more: "too many libraries
     * requested, 16 maximum", 400), and a refused request asked again in halves, down to one
     * hash. A hash the upstream does not know is left out of its answer (toncenter says
     * nothing of it): it is not in `found`. A one-hash request refused is `refused` when
     * another request of this call was answered; when none was, the refusal is thrown (a
     * `FORK_REJECTED`: the upstream refuses the method itself).
     */
    async libraries(hashes: readonly string[]): Promise<LibrariesAnswer> {
      const found = new Map<string, Cell>()
      const refused: string[] = []
      let answered = false
      let refusal: unknown
      const queue: string[][] = []
      for (let i = 0; i < hashes.length; i += LIBRARIES_PER_REQUEST) {
        queue.push(hashes.slice(i, i + LIBRARIES_PER_REQUEST))
      }
      while (queue.length > 0) {
        const batch = queue.shift() as string[]
        let answer: { result?: readonly { hash?: string; data?: string }[] }
        try {
          answer = await ask('getLibraries', { libraries: batch })
        } catch (error) {
          if (!(error instanceof ForkError && error.code === 'FORK_REJECTED')) throw error
          if (batch.length > 1) {
            const half = Math.ceil(batch.length / 2)
            queue.unshift(batch.slice(0, half), batch.slice(half))
          } else {
            refused.push(...batch)
            refusal ??= error
          }
          continue
        }
        answered = true
        const wanted = new Set(batch)
        for (const entry of answer.result ?? []) {
          const code = parse('getLibraries', () => bocCell(entry.data ?? ''))
          const hash = code.hash().toString('hex')
          if (!wanted.has(hash)) {
            throw new ForkError({
              code: 'FORK_INVALID_DATA',
              message: `getLibraries answered a library hashing to ${hash}, which was not asked for (${batch.join(', ')}).`,
            })
          }
          found.set(hash, code)
        }
      }
      if (!answered && refusal !== undefined) throw refusal
      return { found, refused, answered }
    },

    /**
     * The configuration at block `seqno` (a `ConfigParams` dictionary cell): `getConfigAll`,
     * else the parameters the emulator reads, one `getConfigParam` each.
     */
    async config(seqno: number): Promise<Cell> {
      try {
        const all = await ask<{ config?: { bytes?: string } }>('getConfigAll', { seqno })
        return parse('getConfigAll', () => bocCell(all.config?.bytes ?? ''))
      } catch (error) {
        if (!(error instanceof ForkError && error.code === 'FORK_REJECTED')) throw error
      }
      const dict = Dictionary.empty(Dictionary.Keys.Int(32), Dictionary.Values.Cell())
      for (const id of EMULATOR_CONFIG_PARAMS) {
        try {
          const one = await ask<{ config?: { bytes?: string } }>('getConfigParam', {
            config_id: id,
            seqno,
          })
          dict.set(
            id,
            parse('getConfigParam', () => bocCell(one.config?.bytes ?? '')),
          )
        } catch (error) {
          // A parameter this chain does not set.
          if (!(error instanceof ForkError && error.code === 'FORK_REJECTED')) throw error
        }
      }
      return beginCell().storeDictDirect(dict).endCell()
    },
  }
}

/**
 * The configuration parameters the emulator reads (those of `@ton/sandbox`'s `slim` config):
 * what a fork asks one by one of an upstream without `getConfigAll`.
 */
const EMULATOR_CONFIG_PARAMS = [
  0, 1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 29,
  31,
]

/** An upstream's `raw.transaction`, checked for its `transaction_id { lt, hash }`. */
function upstreamTransaction(entry: unknown): UpstreamTransaction {
  const id = (entry as { transaction_id?: { lt?: unknown; hash?: unknown } } | null)?.transaction_id
  if (typeof id?.lt !== 'string' || typeof id.hash !== 'string') {
    throw new Error('a transaction without transaction_id { lt, hash }')
  }
  return { ...(entry as object), transaction_id: { ...id, lt: id.lt, hash: id.hash } }
}

/** The zero address of the basechain: what the exactness probe asks for. */
const ZERO_ADDRESS = new Address(0, Buffer.alloc(32)).toString()

export type AddressInformation = {
  balance?: string | number
  code?: string
  data?: string
  state?: string
  frozen_hash?: string
  last_transaction_id?: { lt?: string; hash?: string }
}

/**
 * The `ShardAccount` `getAddressInformation` allows (as `@ton/sandbox`'s remote storage builds
 * it): zero storage stats and last-paid time, the end lt one above the last transaction's lt.
 * `undefined` for an account that does not exist (uninitialized, empty, never transacted).
 * Also what `retrace` replays on an upstream without `getShardAccountCell`.
 */
export function approximate(address: Address, info: AddressInformation): ShardAccount | undefined {
  const balance = BigInt(info.balance ?? 0)
  const lt = BigInt(info.last_transaction_id?.lt ?? 0)
  const hashText = info.last_transaction_id?.hash ?? ''
  const hash = hashText === '' ? 0n : BigInt(`0x${Buffer.from(hashText, 'base64').toString('hex')}`)
  const status = info.state ?? 'uninitialized'
  if (status !== 'active' && status !== 'frozen' && balance === 0n && lt === 0n) return undefined
  let state: ShardAccountState
  if (status === 'active') {
    const init: StateInit = {
      code: info.code ? bocCell(info.code) : null,
      data: info.data ? bocCell(info.data) : null,
    }
    state = { type: 'active', state: init }
  } else if (status === 'frozen') {
    state = {
      type: 'frozen',
      stateHash: BigInt(
        `0x${Buffer.from(info.frozen_hash ?? '', 'base64').toString('hex') || '0'}`,
      ),
    }
  } else {
    state = { type: 'uninit' }
  }
  return {
    account: {
      addr: address,
      storageStats: {
        used: { cells: 0n, bits: 0n },
        lastPaid: 0,
        duePayment: null,
        storageExtra: null,
      },
      storage: {
        lastTransLt: lt === 0n ? 0n : lt + 1n,
        balance: { coins: balance },
        state,
      },
    },
    lastTransactionLt: lt,
    lastTransactionHash: hash,
  }
}

type ShardAccountState = NonNullable<ShardAccount['account']>['storage']['state']

function bocCell(base64: string): Cell {
  const [root] = Cell.fromBoc(Buffer.from(base64, 'base64'))
  if (root === undefined) throw new Error('empty bag of cells')
  return root
}

/** Runs a parse of an upstream answer; a failure is `FORK_INVALID_DATA`. */
function parse<T>(method: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw new ForkError({
      code: 'FORK_INVALID_DATA',
      message: `${method}: the upstream's answer does not parse (${error instanceof Error ? error.message : String(error)}).`,
      cause: error,
    })
  }
}

/** The {@link ForkError} of a client failure that stayed after the retries. */
function forkErrorFrom(method: string, error: unknown, attempts: number): unknown {
  if (error instanceof ForkError) return error
  if (isRetryable(error)) {
    return new ForkError({
      code: 'FORK_UNAVAILABLE',
      message: `The fork's upstream did not answer ${method} after ${attempts} attempts: ${error.message}`,
      cause: error,
    })
  }
  if (error instanceof FatalSourceError) {
    return new ForkError({
      code:
        error.code === 'SOURCE_GAP'
          ? 'FORK_STATE_NOT_KEPT'
          : error.code === 'SOURCE_INVALID_DATA'
            ? 'FORK_INVALID_DATA'
            : 'FORK_REJECTED',
      message: `The fork's upstream refused ${method}: ${error.message}`,
      cause: error,
    })
  }
  return error
}
