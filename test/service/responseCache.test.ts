import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService } from '../../service/createService.js'
import { createResponseCache } from '../../service/http/responseCache.js'
import type { OperationFilter, OperationRow } from '../../store/rows/historyRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { type SyntheticHistory, writeSyntheticHistory } from '../_support/syntheticHistory.js'

describe('the response cache of a wallet’s operations', () => {
  let dir: string
  let path: string
  let store: Store
  let app: FastifyInstance
  let history: SyntheticHistory
  /** How many answers were read from the store (cache misses). */
  let reads = 0

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-response-cache-'))
    path = join(dir, 'history.sqlite')
    store = createSqliteStore({ path })
    history = await writeSyntheticHistory(store, {
      operations: 400,
      days: 3,
      seed: 5,
      walletOperations: 30,
    })
    const counting: Store = {
      ...store,
      operationPages(filter: Omit<OperationFilter, 'limit'>) {
        reads++
        return store.operationPages(filter)
      },
    }
    app = await createService({ store: counting, docs: false, usdStablecoin: history.usd })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const path30d = () =>
    `/v1/wallets/${history.wallet}/operations?since=${history.first}&until=${history.last}`
  const get = async (url: string) => {
    const res = await app.inject(url)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    return res
  }
  /** A new operation of the planted wallet, one second after the history's newest. */
  const newOperation = async (n: number): Promise<OperationRow> => {
    const [template] = await store.listOperations({ walletAddress: history.wallet, limit: 1 })
    if (template === undefined) throw new Error('the planted wallet has no operation')
    return {
      ...template,
      poolTxHash: `${'f'.repeat(60)}${String(n).padStart(4, '0')}`,
      poolTxLt: template.poolTxLt + 1_000_000n + BigInt(n),
      poolTxTimestamp: history.last,
    }
  }
  const hashes = (body: string) =>
    (JSON.parse(body) as { operations: { operation: { pool_tx_hash: string } }[] }).operations.map(
      (o) => o.operation.pool_tx_hash,
    )

  it('answers a repeated request from the cache with the same bytes', async () => {
    const before = reads
    const first = await get(path30d())
    const second = await get(path30d())
    expect(reads - before).toBe(1)
    expect(second.body).toBe(first.body)
    // Assets serialised once and spliced in: the bytes are still JSON.stringify's.
    expect(first.body).toBe(JSON.stringify(first.json()))
    expect(hashes(first.body).length).toBeGreaterThanOrEqual(30)
  })

  it('never serves an answer from before a write through the store', async () => {
    const old = hashes((await get(path30d())).body)
    const added = await newOperation(1)
    expect(await store.insertOperations([added])).toBe(1)
    const fresh = hashes((await get(path30d())).body)
    expect(fresh.filter((h) => h !== added.poolTxHash)).toEqual(old)
    expect(fresh).toContain(added.poolTxHash)
    expect(fresh.length).toBe(old.length + 1)
  })

  it('never serves an answer from before another connection’s commit', async () => {
    const old = hashes((await get(path30d())).body)
    const other = createSqliteStore({ path })
    try {
      const added = await newOperation(2)
      expect(await other.insertOperations([added])).toBe(1)
      const fresh = hashes((await get(path30d())).body)
      expect(fresh).toContain(added.poolTxHash)
      expect(fresh.length).toBe(old.length + 1)
    } finally {
      await other.close()
    }
  })

  it('keys answers on the whole URL', async () => {
    const all = hashes((await get(path30d())).body)
    const swaps = hashes((await get(`${path30d()}&op_type=swap`)).body)
    expect(swaps.length).toBeLessThan(all.length)
  })
})

describe('createResponseCache', () => {
  const body = (n: number, fill = 'x') => Buffer.from(fill.repeat(n))

  it('stays within its byte bound, dropping the least recently used answers', () => {
    const cache = createResponseCache({ maxBytes: 100, maxEntryBytes: 60 })
    cache.set('1', 'a', body(40))
    cache.set('1', 'b', body(40))
    cache.get('1', 'a') // a is now the most recent
    cache.set('1', 'c', body(40))
    expect(cache.get('1', 'b')).toBeUndefined()
    expect(cache.get('1', 'a')?.length).toBe(40)
    expect(cache.get('1', 'c')?.length).toBe(40)
    expect(cache.size()).toEqual({ entries: 2, bytes: 80 })
    cache.set('1', 'big', body(61))
    expect(cache.get('1', 'big')).toBeUndefined()
    expect(cache.size().bytes).toBeLessThanOrEqual(100)
  })

  it('drops every answer of an older data version', () => {
    const cache = createResponseCache()
    cache.set('1', 'a', body(10))
    expect(cache.get('2', 'a')).toBeUndefined()
    cache.set('2', 'b', body(10))
    expect(cache.get('1', 'a')).toBeUndefined()
    expect(cache.size()).toEqual({ entries: 1, bytes: 10 })
  })

  it('keeps a streamed answer only if no write happened while it was read', async () => {
    const cache = createResponseCache()
    let version = '1'
    const current = async () => version
    await cache.keep('1', 'a', current).done(body(5))
    expect(cache.get('1', 'a')?.toString()).toBe('xxxxx')
    const keep = cache.keep('1', 'b', current)
    version = '2'
    await keep.done(body(5))
    expect(cache.get('1', 'b')).toBeUndefined()
    expect(cache.get('2', 'b')).toBeUndefined()
  })
})
