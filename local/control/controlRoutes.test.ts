import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LiveChain } from '../../chain/LiveChain.js'
import { toLocalExchangeError } from '../LocalExchangeError.js'
import { registerControlRoutes } from './controlRoutes.js'
import { LocalSnapshots } from './LocalSnapshots.js'

let chain: LiveChain
let building = true
const app = Fastify()

beforeAll(async () => {
  chain = await LiveChain.open()
  const snapshots = new LocalSnapshots(
    {
      ...{ chain, tables: undefined },
      ...{ stopIndexer: async () => {}, startIndexer: async () => {}, reloadStore: async () => {} },
    },
    async () => {},
  )
  app.setErrorHandler((raw, _request, reply) => {
    const error = toLocalExchangeError(raw)
    if (error === undefined) return reply.code(500).send({ error: { code: 'INTERNAL_ERROR' } })
    return reply.code(error.status).send({ error: { code: error.code, field: error.field } })
  })
  registerControlRoutes(app, () => ({
    chain,
    snapshots,
    indexed: async () => {},
    building: () => building,
  }))
})
afterAll(async () => {
  await app.close()
  await chain.close()
})

const post = async (url: string, payload?: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
  })
  return { status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code }
}

describe('control routes', () => {
  test('error: time travel and snapshots wait for the demo history; mining does not', async () => {
    building = true
    const time = chain.time
    expect(await post('/local/time', { increase: 60 })).toEqual({
      status: 409,
      code: 'LOCAL_HISTORY_BUILDING',
    })
    expect(chain.time).toBeLessThan(time + 60)
    expect(await post('/local/snapshots')).toEqual({ status: 409, code: 'LOCAL_HISTORY_BUILDING' })
    expect(await post('/local/snapshots/1/revert')).toEqual({
      status: 409,
      code: 'LOCAL_HISTORY_BUILDING',
    })
    expect((await post('/local/mine', { blocks: 1 })).status).toBe(200)
  })

  test('error: snapshots over an in-memory database are 409 LOCAL_SNAPSHOTS_UNAVAILABLE', async () => {
    building = false
    expect(await post('/local/snapshots')).toEqual({
      status: 409,
      code: 'LOCAL_SNAPSHOTS_UNAVAILABLE',
    })
    expect((await post('/local/time', { increase: 60 })).status).toBe(200)
  })
})
