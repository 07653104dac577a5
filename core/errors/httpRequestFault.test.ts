import Fastify from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type HttpRequestFault, httpRequestFault } from './httpRequestFault.js'

/**
 * The errors Fastify itself raises for bad requests, caught by a real Fastify server's error
 * handler and classified: the one classification (in `core/errors/` as a pure function, so that the REST API imports no `chain/`) the TON HTTP API, the REST API and `/local/*`
 * answer in their own envelopes.
 */
const app = Fastify({ bodyLimit: 64 })
let last: unknown
beforeAll(async () => {
  app.setErrorHandler((error, _request, reply) => {
    last = error
    return reply.code(599).send()
  })
  app.post(
    '/faucet',
    {
      schema: {
        body: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'string' }, to: { type: 'object' } },
        },
      },
    },
    async () => ({ ok: true }),
  )
  await app.ready()
})
afterAll(() => app.close())

async function faultOf(
  payload: string,
  contentType = 'application/json',
): Promise<HttpRequestFault | undefined> {
  last = undefined
  const response = await app.inject({
    method: 'POST',
    url: '/faucet',
    payload,
    headers: { 'content-type': contentType },
  })
  expect(response.statusCode).toBe(599)
  return httpRequestFault(last)
}

test('a schema violation: the first issue, a missing property named', async () => {
  expect(await faultOf('{}')).toMatchObject({
    status: 400,
    kind: 'invalid-field',
    validation: { instancePath: '', missingProperty: 'amount' },
  })
  expect(await faultOf('{"amount":"1","to":7}')).toMatchObject({
    status: 400,
    kind: 'invalid-field',
    validation: { instancePath: '/to', missingProperty: undefined },
  })
})

test('413, 415 and unparsable JSON, each its kind with Fastify’s status', async () => {
  expect(await faultOf(`{"amount":"${'1'.repeat(100)}"}`)).toMatchObject({
    status: 413,
    kind: 'body-too-large',
  })
  expect(await faultOf('amount=1', 'text/csv')).toMatchObject({
    status: 415,
    kind: 'unsupported-media-type',
  })
  expect(await faultOf('{"amount":')).toMatchObject({ status: 400, kind: 'invalid-json' })
})

test('other 4xx by code; anything else is not a request fault', () => {
  expect(httpRequestFault({ statusCode: 400, code: 'FST_ERR_BAD_URL', message: 'x' })).toEqual({
    status: 400,
    kind: 'bad-url',
    message: 'x',
  })
  expect(httpRequestFault({ statusCode: 414, code: 'FST_ERR_X' })?.kind).toBe('uri-too-long')
  expect(httpRequestFault({ statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' })?.kind).toBe(
    'invalid-body',
  )
  expect(httpRequestFault({ statusCode: 409, message: 'busy' })?.kind).toBe('bad-request')
  expect(httpRequestFault(new Error('disk full'))).toBeUndefined()
  expect(httpRequestFault({ statusCode: 503 })).toBeUndefined()
  expect(httpRequestFault('oops')).toBeUndefined()
})
