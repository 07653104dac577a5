import { describe, expect, test } from 'vitest'
import { swapQuery, url, useService } from './_support/setupService.js'

const service = useService()

describe('error edges', () => {
  test('a known path with another method is 405 with Allow; an unknown path stays 404', async () => {
    const del = await service.app.inject({ method: 'DELETE', url: '/v1/pools' })
    expect(del.statusCode).toBe(405)
    expect(del.headers.allow).toBe('GET, HEAD')
    expect(del.json().error.code).toBe('METHOD_NOT_ALLOWED')
    const get = await service.app.inject({
      method: 'GET',
      url: url('/v1/swap/simulate', swapQuery()),
    })
    expect(get.statusCode).toBe(405)
    expect(get.headers.allow).toBe('POST')
    const put = await service.app.inject({
      method: 'PUT',
      url: '/v1/pools/EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c',
    })
    expect(put.statusCode).toBe(405)
    expect(put.headers.allow).toBe('GET, HEAD')
    const unknown = await service.app.inject({ method: 'DELETE', url: '/v1/nothing' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('ROUTE_NOT_FOUND')
  })

  test('an empty form-encoded body (curl -d "") is no body; a form body carries parameters', async () => {
    const query = swapQuery()
    const plain = await service.app.inject({ method: 'POST', url: url('/v1/swap/simulate', query) })
    const empty = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', query),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual(plain.json())
    const { units, ...rest } = query
    const form = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', rest),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `units=${units}`,
    })
    expect(form.json()).toEqual(plain.json())
  })

  test('dex_version takes a comma list as well as repeated keys', async () => {
    const repeated = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', swapQuery({ dex_version: ['1', '2'] })),
    })
    const comma = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', swapQuery({ dex_version: '1,2' })),
    })
    expect(repeated.statusCode).toBe(200)
    expect(comma.json()).toEqual(repeated.json())
    const bad = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', swapQuery({ dex_version: '1,3' })),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.field).toBe('dex_version')
  })

  test('a missing parameter is named as missing', async () => {
    const { units: _, ...rest } = swapQuery()
    const response = await service.app.inject({
      method: 'POST',
      url: url('/v1/swap/simulate', rest),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({
      code: 'MISSING_PARAMETER',
      message: 'Missing units: the parameter is required.',
      field: 'units',
    })
  })
})
