import { afterAll, beforeAll, expect, test } from 'vitest'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

let store: Store
beforeAll(() => {
  store = createSqliteStore({ path: ':memory:' })
})
afterAll(async () => {
  await store.close()
})

const preflight = {
  method: 'OPTIONS' as const,
  url: '/v1/swap/simulate',
  headers: {
    origin: 'http://127.0.0.1:5173',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
  },
}

test('without the cors option (a snapshot deployment) nothing changes: no CORS header, no preflight', async () => {
  const app = await createService({ store, docs: false })
  const get = await app.inject({ url: '/v1/routers', headers: { origin: 'http://x.test' } })
  expect(get.statusCode).toBe(200)
  expect(get.headers['access-control-allow-origin']).toBeUndefined()
  const options = await app.inject(preflight)
  expect(options.statusCode).toBe(405)
  expect(options.headers['access-control-allow-origin']).toBeUndefined()
  await app.close()
})

test('with cors: a preflight answers 204 with the allowed methods and headers, every answer allows any origin', async () => {
  const app = await createService({ store, docs: false, cors: true })
  const options = await app.inject(preflight)
  expect(options.statusCode).toBe(204)
  expect(options.headers['access-control-allow-origin']).toBe('*')
  expect(options.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS')
  expect(options.headers['access-control-allow-headers']).toBe('content-type')
  const get = await app.inject({ url: '/v1/routers', headers: { origin: 'http://x.test' } })
  expect(get.statusCode).toBe(200)
  expect(get.headers['access-control-allow-origin']).toBe('*')
  // Errors too, so a page can read the error code.
  const missing = await app.inject({ url: '/v1/nowhere' })
  expect(missing.statusCode).toBe(404)
  expect(missing.headers['access-control-allow-origin']).toBe('*')
  // An OPTIONS that is no preflight is still answered as before.
  const bare = await app.inject({ method: 'OPTIONS', url: '/v1/routers' })
  expect(bare.statusCode).toBe(405)
  await app.close()
})
