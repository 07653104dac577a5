import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService } from '../../service/createService.js'
import { NotFoundError } from '../../service/errors/NotFoundError.js'
import { toErrorResponse } from '../../service/errors/toErrorResponse.js'
import { createResponseCache } from '../../service/http/responseCache.js'
import { createSharedAnswers } from '../../service/http/sharedAnswers.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { StatsWindow } from '../../store/rows/statsRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { type SyntheticHistory, writeSyntheticHistory } from '../_support/syntheticHistory.js'

describe('statistics shared between identical requests', () => {
  let dir: string
  let store: Store
  let app: FastifyInstance
  let uncached: FastifyInstance
  let history: SyntheticHistory
  /** Swap-total queries run (one per computed `stats/dex`, `stats/pool` or CMC answer). */
  let computed = 0

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-shared-answers-'))
    store = createSqliteStore({ path: join(dir, 'history.sqlite') })
    history = await writeSyntheticHistory(store, { operations: 600, days: 3, seed: 11 })
    const counting: Store = {
      ...store,
      poolSwapTotals(window: StatsWindow) {
        computed++
        return store.poolSwapTotals(window)
      },
    }
    app = await createService({ store: counting, docs: false, usdStablecoin: history.usd })
    uncached = await createService({
      store,
      docs: false,
      usdStablecoin: history.usd,
      responseCache: false,
    })
  })
  afterAll(async () => {
    await app.close()
    await uncached.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const window = () => `since=${history.first}&until=${history.last}`
  const urls = () => [
    `/v1/stats/dex?${window()}`,
    `/v1/stats/pool?${window()}`,
    `/v1/stats/pool?${window()}&pool_address=${history.pools[0]?.address}`,
    `/v1/stats/fees?referrer_address=${history.referrers[0]}&${window()}`,
    '/v1/stats/stake',
    '/export/cmc/v1',
  ]

  it('answers with the bytes the route computes without sharing', async () => {
    for (const url of urls()) {
      const shared = await app.inject(url)
      const again = await app.inject(url)
      const direct = await uncached.inject(url)
      expect(shared.statusCode, `${url}: ${shared.body}`).toBe(200)
      expect(shared.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(shared.body, url).toBe(direct.body)
      expect(again.body, url).toBe(direct.body)
    }
  })

  it('computes 50 simultaneous identical requests once', async () => {
    const url = `/v1/stats/pool?since=${history.first}&until=${history.last}&x=concurrent`
    const before = computed
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject(url)))
    expect(computed - before).toBe(1)
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
  })

  it('computes again after a write, and the new answer counts it', async () => {
    const url = `/v1/stats/dex?${window()}`
    const trades = async () =>
      ((await app.inject(url)).json() as { stats: { trades: number } }).stats.trades
    const old = await trades()
    const [swap] = await store.listOperations({ operationTypes: ['Swap'], limit: 1 })
    if (swap === undefined) throw new Error('the history has no swap')
    const added: OperationRow = {
      ...swap,
      success: true,
      poolTxHash: 'e'.repeat(64),
      poolTxLt: swap.poolTxLt + 7_000_000n,
      poolTxTimestamp: history.last,
    }
    const before = computed
    expect(await store.insertOperations([added])).toBe(1)
    expect(await trades()).toBe(old + 1)
    expect(computed - before).toBe(1)
    expect((await uncached.inject(url)).json()).toEqual((await app.inject(url)).json())
  })
})

describe('createSharedAnswers', () => {
  const serve = async (compute: () => Promise<unknown>, version = { value: '1' }) => {
    const app = Fastify()
    const cache = createResponseCache()
    const shared = createSharedAnswers({ dataVersion: async () => version.value }, cache)
    app.setErrorHandler((error, _request, reply) => {
      const response = toErrorResponse(error)
      return reply.code(response.status).send(response.body)
    })
    app.get('/answer', async (request, reply) => shared.serve(request, reply, compute))
    await app.ready()
    return { app, shared, cache }
  }

  it('passes one failure to every request that waited for it, and keeps nothing', async () => {
    let calls = 0
    const { app, shared } = await serve(async () => {
      calls++
      await new Promise((resolve) => setTimeout(resolve, 20))
      throw new NotFoundError({ code: 'POOL_NOT_FOUND', field: 'pool_address', address: 'EQx' })
    })
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject('/answer')))
    expect(calls).toBe(1)
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404])
    expect(shared.running()).toBe(0)
    await app.inject('/answer')
    expect(calls).toBe(2)
    await app.close()
  })

  it('keeps no answer computed while the data changed', async () => {
    const version = { value: '1' }
    let calls = 0
    const { app, cache } = await serve(async () => {
      calls++
      // A write lands while the answer is being computed.
      version.value = String(Number(version.value) + 1)
      return { calls }
    }, version)
    expect((await app.inject('/answer')).json()).toEqual({ calls: 1 })
    expect(cache.size().entries).toBe(0)
    expect((await app.inject('/answer')).json()).toEqual({ calls: 2 })
    await app.close()
  })

  it('computes every answer when there is no cache', async () => {
    const app = Fastify()
    const shared = createSharedAnswers({ dataVersion: async () => '1' }, undefined)
    let calls = 0
    app.get('/answer', async (request, reply) =>
      shared.serve(request, reply, async () => ({ calls: ++calls })),
    )
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject('/answer')))
    expect(answers.map((a) => a.json().calls).sort()).toEqual([1, 2, 3, 4, 5])
    await app.close()
  })

  it('keeps an answer while the data is unchanged', async () => {
    let calls = 0
    const { app, cache } = await serve(async () => ({ calls: ++calls }))
    expect((await app.inject('/answer')).json()).toEqual({ calls: 1 })
    expect((await app.inject('/answer')).json()).toEqual({ calls: 1 })
    expect(cache.size().entries).toBe(1)
    await app.close()
  })
})
