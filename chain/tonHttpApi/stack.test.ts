import { beginCell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { decodeStack, encodeStack } from './stack.js'
import { TonHttpApiError } from './TonHttpApiError.js'

const cell = beginCell().storeUint(42, 8).endCell()
const b64 = cell.toBoc().toString('base64')

describe('runGetMethod stack codec', () => {
  test('decodes what TonClient and toncenter users send', () => {
    const comparable = (items: ReturnType<typeof decodeStack>) =>
      items.map((item) =>
        'cell' in item ? { ...item, cell: item.cell.hash().toString('hex') } : item,
      )
    expect(
      comparable(
        decodeStack([
          ['num', '12'],
          ['num', '-0x1f'],
          ['number', 7],
          ['tvm.Slice', b64],
          ['tvm.Cell', b64],
          ['builder', { bytes: b64 }],
          ['null'],
        ]),
      ),
    ).toEqual(
      comparable([
        { type: 'int', value: 12n },
        { type: 'int', value: -31n },
        { type: 'int', value: 7n },
        { type: 'slice', cell },
        { type: 'cell', cell },
        { type: 'builder', cell },
        { type: 'null' },
      ]),
    )
    expect(decodeStack(JSON.stringify([['num', '0x10']]))).toEqual([{ type: 'int', value: 16n }])
    expect(decodeStack(undefined)).toEqual([])
  })

  test('names the bad entry', () => {
    for (const [stack, message] of [
      [[['num', '1.5']], 'Invalid stack[0]: not an integer.'],
      [
        [
          ['num', '1'],
          ['tvm.Cell', 'nope'],
        ],
        'Invalid stack[1]: not a base64 bag of cells.',
      ],
      [[['tvm.Tuple', []]], 'Invalid stack[0]: unsupported stack entry type "tvm.Tuple".'],
      ['[', 'Invalid stack: not a JSON array.'],
      [{ a: 1 }, 'Invalid stack: not an array.'],
    ] as const) {
      expect(() => decodeStack(stack)).toThrow(TonHttpApiError)
      expect(() => decodeStack(stack)).toThrow(message)
    }
  })

  test('encodes results as toncenter does', () => {
    expect(
      encodeStack([
        { type: 'int', value: 255n },
        { type: 'int', value: -16n },
        { type: 'null' },
        { type: 'slice', cell },
        {
          type: 'tuple',
          items: [
            { type: 'int', value: -3n },
            { type: 'cell', cell },
          ],
        },
      ]),
    ).toEqual([
      ['num', '0xff'],
      ['num', '-0x10'],
      ['null'],
      ['cell', { bytes: cell.toBoc({ idx: false }).toString('base64') }],
      [
        'tuple',
        {
          '@type': 'tvm.tuple',
          elements: [
            {
              '@type': 'tvm.stackEntryNumber',
              number: { '@type': 'tvm.numberDecimal', number: '-3' },
            },
            {
              '@type': 'tvm.stackEntryCell',
              cell: { '@type': 'tvm.cell', bytes: cell.toBoc({ idx: false }).toString('base64') },
            },
          ],
        },
      ],
    ])
  })
})
