import { type Cell, Dictionary } from '@ton/core'
import type { ChainView } from '../ChainView.js'
import { LiveChainError } from '../LiveChainError.js'
import type { AtBlock } from '../liveChainTypes.js'
import type { Params } from './params.js'
import type { TonApiMethod } from './TonApiMethod.js'
import { invalidParameter, TonHttpApiError } from './TonHttpApiError.js'
import { blockIdExt, boc } from './wire.js'

/** Most library hashes one `getLibraries` call takes (tonlib's `smc.getLibraries` limit). */
const MAX_LIBRARIES = 16

/**
 * What a fork of this chain reads from it, in toncenter API v2's shapes (the hosted C++ API,
 * toncenter/ton-http-api-cpp): `getShardAccountCell` (an account's exact `ShardAccount` at a
 * block), and `getLibraries` (library cells by hash).
 *
 * @example
 * ```ts
 * await UPSTREAM_METHODS.getShardAccountCell(new Params({ address: pool, seqno: 41 }), chain)
 * // { '@type': 'tvm.cell', bytes: 'te6cckEBAwEA…' }
 * ```
 */
export const UPSTREAM_METHODS: Readonly<Record<string, TonApiMethod>> = {
  async getShardAccountCell(params, chain) {
    const address = params.address()
    const at = atBlock(params, chain)
    const cell = await readAt(at, () => chain.shardAccountCell(address, at))
    return { '@type': 'tvm.cell', bytes: cell.toString('base64') }
  },

  async getLibraries(params, chain) {
    const wanted = libraryHashes(params)
    const libraries = chainLibraries(chain.libraries)
    // as tonlib: sorted by hash, each once, the ones the chain holds
    const hashes = [...new Set(wanted.map((hash) => hash.toString('hex')))].sort()
    const result: Record<string, unknown>[] = []
    for (const hex of hashes) {
      const library = libraries?.get(Buffer.from(hex, 'hex'))
      if (library === undefined) continue
      result.push({
        '@type': 'smc.libraryEntry',
        hash: Buffer.from(hex, 'hex').toString('base64'),
        data: boc(library),
      })
    }
    return { '@type': 'smc.libraryResult', result }
  },
}

/**
 * The block an account or get-method call reads at: toncenter's optional `seqno` (a masterchain
 * block number), the head when absent.
 *
 * @throws {TonHttpApiError} 400 `TON_API_INVALID_PARAMETER` for a malformed `seqno`, 404
 *   `TON_API_BLOCK_NOT_FOUND` for a block after the head.
 * @example
 * ```ts
 * atBlock(new Params({ address, seqno: '41' }), chain) // { seqno: 41 }
 * atBlock(new Params({ address }), chain) // { seqno: chain.head.seqno }
 * ```
 */
export function atBlock(params: Params, chain: ChainView): { readonly seqno: number } {
  const head = chain.head.seqno
  if (!params.has('seqno')) return { seqno: head }
  const seqno = params.int('seqno', { min: 0, max: 2 ** 31 - 1, fallback: head })
  if (seqno > head) {
    throw new TonHttpApiError({
      code: 'TON_API_BLOCK_NOT_FOUND',
      status: 404,
      message: `Block ${seqno} does not exist yet; the latest block is ${head}.`,
    })
  }
  return { seqno }
}

/**
 * Runs a read at a block and answers a state the chain no longer keeps as toncenter does for
 * one its liteservers garbage-collected: HTTP 500, `error` = `LITE_SERVER_ERROR: cannot load
 * state for (-1,8000000000000000,<seqno>):<root hash>:<file hash> : state already gc'd`
 * (tonlib's wording of the liteserver's error 602), our `error_code` `TON_API_STATE_PRUNED`.
 *
 * @example
 * ```ts
 * await readAt({ seqno: 3 }, () => chain.account(pool, { seqno: 3 }))
 * // throws TonHttpApiError { status: 500, code: 'TON_API_STATE_PRUNED' } when block 3 is pruned
 * ```
 */
export async function readAt<T>(at: AtBlock, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof LiveChainError && error.reason === 'state_pruned') {
      throw new TonHttpApiError({
        code: 'TON_API_STATE_PRUNED',
        status: 500,
        message: prunedStateMessage(at.seqno ?? 0),
      })
    }
    throw error
  }
}

/**
 * toncenter's error text for the state at masterchain block `seqno` that is no longer kept.
 *
 * @example
 * ```ts
 * prunedStateMessage(3)
 * // "LITE_SERVER_ERROR: cannot load state for (-1,8000000000000000,3):5D…:A1… : state already gc'd"
 * ```
 */
export function prunedStateMessage(seqno: number): string {
  const id = blockIdExt(seqno) as { root_hash: string; file_hash: string }
  const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex').toUpperCase()
  return `LITE_SERVER_ERROR: cannot load state for (-1,8000000000000000,${seqno}):${hex(id.root_hash)}:${hex(id.file_hash)} : state already gc'd`
}

/**
 * The `libraries` parameter: hashes in hex (64 digits) or base64 (standard or URL-safe),
 * repeated (`libraries=A&libraries=B`, a JSON array) or comma-separated; 1 to 16 of them.
 */
function libraryHashes(params: Params): Buffer[] {
  const raw = params.value('libraries')
  const texts = (Array.isArray(raw) ? raw : [raw])
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '' && item !== undefined && item !== null)
  if (texts.length === 0) throw invalidParameter('libraries', 'missing')
  if (texts.length > MAX_LIBRARIES) {
    throw invalidParameter('libraries', `at most ${MAX_LIBRARIES} hashes, got ${texts.length}`)
  }
  return texts.map((text) => {
    if (typeof text !== 'string') throw invalidParameter('libraries', 'hashes must be strings')
    const bytes = /^[0-9a-fA-F]{64}$/.test(text)
      ? Buffer.from(text, 'hex')
      : Buffer.from(text.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length !== 32) {
      throw invalidParameter(
        'libraries',
        `not a 32-byte hash in hex or base64: ${text.slice(0, 80)}`,
      )
    }
    return bytes
  })
}

/** The chain's library dictionary (hash → library cell), parsed once per cell. */
function chainLibraries(libs: Cell | undefined): Dictionary<Buffer, Cell> | undefined {
  if (libs === undefined) return undefined
  let parsed = parsedLibraries.get(libs)
  if (parsed === undefined) {
    parsed = Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs)
    parsedLibraries.set(libs, parsed)
  }
  return parsed
}

const parsedLibraries = new WeakMap<Cell, Dictionary<Buffer, Cell>>()
