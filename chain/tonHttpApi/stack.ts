import type { Cell, TupleItem } from '@ton/core'
import { parseBocParameter } from './params.js'
import { invalidParameter } from './TonHttpApiError.js'

/**
 * A get-method stack entry as toncenter's API v2 writes it: `["num", "0x1f"]`,
 * `["cell", { "bytes": base64 }]`, `["tuple", { "@type": "tvm.tuple", "elements": [...] }]`,
 * `["null"]`.
 *
 * @example
 * ```ts
 * const entry: ToncenterStackEntry = ['num', '0x2a']
 * ```
 */
export type ToncenterStackEntry = readonly [string, ...unknown[]]

/**
 * Reads a `runGetMethod` input stack: `[["num", "42"], ["tvm.Slice", base64], ...]` as
 * `@ton/ton`'s TonClient sends it (also `"cell"`, `"slice"`, `"builder"`, `"tvm.Cell"`,
 * `"tvm.Builder"`, hex numbers, and the whole stack as a JSON string in a query string).
 *
 * @example
 * ```ts
 * decodeStack([['num', '7'], ['tvm.Slice', 'te6cck…']]) // [{ type: 'int', value: 7n }, { type: 'slice', cell }]
 * ```
 */
export function decodeStack(raw: unknown): TupleItem[] {
  let value = raw
  if (value === undefined || value === null || value === '') return []
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      throw invalidParameter('stack', 'not a JSON array')
    }
  }
  if (!Array.isArray(value)) throw invalidParameter('stack', 'not an array')
  return value.map((entry, i) => decodeEntry(entry, i))
}

function decodeEntry(entry: unknown, index: number): TupleItem {
  const name = `stack[${index}]`
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') {
    throw invalidParameter(name, 'not a [type, value] pair')
  }
  const [type, value] = entry as [string, unknown]
  switch (type) {
    case 'num':
    case 'number':
    case 'int':
      return { type: 'int', value: decodeInt(name, value) }
    case 'cell':
    case 'tvm.Cell':
      return { type: 'cell', cell: decodeCell(name, value) }
    case 'slice':
    case 'tvm.Slice':
      return { type: 'slice', cell: decodeCell(name, value) }
    case 'builder':
    case 'tvm.Builder':
      return { type: 'builder', cell: decodeCell(name, value) }
    case 'null':
      return { type: 'null' }
    default:
      throw invalidParameter(name, `unsupported stack entry type ${JSON.stringify(type)}`)
  }
}

function decodeInt(name: string, value: unknown): bigint {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^-?(\d+|0x[0-9a-fA-F]+)$/.test(text.trim())) {
    throw invalidParameter(name, 'not an integer')
  }
  const trimmed = text.trim()
  return trimmed.startsWith('-') ? -BigInt(trimmed.slice(1)) : BigInt(trimmed)
}

function decodeCell(name: string, value: unknown): Cell {
  if (typeof value === 'string') return parseBocParameter(name, value)
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { bytes?: unknown }).bytes === 'string'
  ) {
    return parseBocParameter(name, (value as { bytes: string }).bytes)
  }
  throw invalidParameter(name, 'not a base64 bag of cells')
}

/**
 * Writes a get-method result stack as toncenter does: integers as `["num", "0x…"]` (negative
 * `"-0x…"`), cells, slices and builders as `["cell", { "bytes": base64 }]`, tuples as
 * `["tuple", { "@type": "tvm.tuple", "elements": [tvm.stackEntry…] }]`, null as `["null"]`.
 * This is the shape `@ton/ton`'s TonClient parses.
 *
 * @example
 * ```ts
 * encodeStack([{ type: 'int', value: -5n }]) // [['num', '-0x5']]
 * ```
 */
export function encodeStack(stack: readonly TupleItem[]): ToncenterStackEntry[] {
  return stack.map(encodeEntry)
}

function encodeEntry(item: TupleItem): ToncenterStackEntry {
  switch (item.type) {
    case 'int':
      return ['num', hex(item.value)]
    case 'nan':
      return ['num', 'NaN']
    case 'null':
      return ['null']
    case 'cell':
    case 'slice':
    case 'builder':
      return ['cell', { bytes: boc(item.cell) }]
    case 'tuple':
      return ['tuple', { '@type': 'tvm.tuple', elements: item.items.map(encodeTupleElement) }]
  }
}

function encodeTupleElement(item: TupleItem): Record<string, unknown> {
  switch (item.type) {
    case 'int':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: item.value.toString() },
      }
    case 'nan':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: 'NaN' },
      }
    case 'cell':
    case 'builder':
      return { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: boc(item.cell) } }
    case 'slice':
      return {
        '@type': 'tvm.stackEntrySlice',
        slice: { '@type': 'tvm.slice', bytes: boc(item.cell) },
      }
    case 'tuple':
      return {
        '@type': 'tvm.stackEntryTuple',
        tuple: { '@type': 'tvm.tuple', elements: item.items.map(encodeTupleElement) },
      }
    case 'null':
      return { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: [] } }
  }
}

function hex(value: bigint): string {
  return value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`
}

function boc(cell: Cell): string {
  return cell.toBoc({ idx: false }).toString('base64')
}
