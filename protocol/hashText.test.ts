import { describe, expect, test } from 'vitest'
import { parseHashText } from './hashText.js'

describe('parseHashText', () => {
  const hex = '16befdc4a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c71cc7'
  const bytes = Buffer.from(hex, 'hex')

  test('reads hex, base64 and base64url alike', () => {
    expect(parseHashText(hex)).toEqual(bytes)
    expect(parseHashText(hex.toUpperCase())).toEqual(bytes)
    expect(parseHashText(bytes.toString('base64'))).toEqual(bytes)
    expect(parseHashText(bytes.toString('base64url'))).toEqual(bytes)
    expect(parseHashText(bytes.toString('base64').replace(/=$/, ''))).toEqual(bytes)
  })

  test('refuses text that is not 32 bytes', () => {
    expect(parseHashText(hex.slice(2))).toBeUndefined()
    expect(parseHashText(`${hex}00`)).toBeUndefined()
    expect(parseHashText(Buffer.alloc(31).toString('base64'))).toBeUndefined()
    expect(parseHashText('not a hash')).toBeUndefined()
    expect(parseHashText('')).toBeUndefined()
  })
})
