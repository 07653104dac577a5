import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { parseQueryString } from './parseQueryString.js'

describe('parseQueryString', () => {
  test('default: single keys are strings, repeated keys arrays', () => {
    expect({ ...parseQueryString('units=5&dex_version=1&dex_version=2') }).toEqual({
      units: '5',
      dex_version: ['1', '2'],
    })
  })

  test('behavior: bracketed keys fold into arrays in index order', () => {
    expect({
      ...parseQueryString('op_type[1]=B&op_type[0]=A&search_term[]=x&search_term[]=y'),
    }).toEqual({ op_type: ['A', 'B'], search_term: ['x', 'y'] })
    expect({ ...parseQueryString('a=1&a[0]=2') }).toEqual({ a: ['1', '2'] })
  })

  test('behavior: __proto__ is plain data and percent-decoding applies', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y&q=%2B1%20')
    expect(Object.getPrototypeOf(parsed)).toBe(null)
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toBe('x')
    expect(parsed.q).toBe('+1 ')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('parseQueryString edge cases', () => {
  test.each([
    ['', {}],
    ['a', { a: '' }],
    ['a=', { a: '' }],
    ['=x', { '': 'x' }],
    ['a=1&&b=2&', { a: '1', b: '2' }],
    ['a=%zz&b=%41+%42', { a: '%zz', b: 'A B' }],
    ['a=1=2', { a: '1=2' }],
    ['x[]=1&x[]=2&x=0', { x: ['0', '1', '2'] }],
  ])('%j', (query, expected) => {
    expect({ ...parseQueryString(query) }).toEqual(expected)
  })
})

describe('property', () => {
  test('encoded pairs are recovered, repeated keys in order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.string({ maxLength: 8 }).filter((k) => !k.includes('[')),
            fc.string({ maxLength: 12 }),
          ),
          {
            maxLength: 8,
          },
        ),
        (pairs) => {
          const query = pairs
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&')
          const expected: Record<string, string | string[]> = Object.create(null)
          for (const [k, v] of pairs) {
            const existing = expected[k]
            expected[k] =
              existing === undefined ? v : [...(Array.isArray(existing) ? existing : [existing]), v]
          }
          expect({ ...parseQueryString(query) }).toEqual({ ...expected })
        },
      ),
      fuzz(),
    )
  })
})
