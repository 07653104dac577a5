import { crc32 } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { STAKE_OP } from '../stake/messages.js'
import { FARM_V3_OP } from './messages.js'

describe('farm v3 and staking op codes', () => {
  test('every op but TEP-85 destroy is the CRC-32 of its snake_case name', () => {
    for (const [name, op] of [...Object.entries(FARM_V3_OP), ...Object.entries(STAKE_OP)]) {
      if (name === 'destroy') continue // TEP-85's op, from its TL-B schema
      const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
      expect(crc32(snake), name).toBe(op)
    }
  })
})
