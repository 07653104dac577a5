import { Address, Cell } from '@ton/core'
import { parseHashText } from '../../protocol/hashText.js'
import { invalidParameter } from './TonHttpApiError.js'

/** The parameters of one API call: query string, form or JSON body, or JSON-RPC `params`. */
export type RawParams = Readonly<Record<string, unknown>>

/** Reads and validates named parameters; every failure is a 400 naming the parameter. */
export class Params {
  constructor(private readonly raw: RawParams) {}

  has(name: string): boolean {
    const value = this.raw[name]
    return value !== undefined && value !== null && value !== ''
  }

  string(name: string): string {
    const value = this.raw[name]
    if (typeof value === 'string' && value !== '') return value
    if (typeof value === 'number' || typeof value === 'bigint') return String(value)
    if (value === undefined || value === null || value === '') {
      throw invalidParameter(name, 'missing')
    }
    throw invalidParameter(name, 'must be a string')
  }

  address(name = 'address'): Address {
    const text = this.string(name)
    try {
      return Address.parse(text)
    } catch {
      throw invalidParameter(name, `not a TON address: ${JSON.stringify(text.slice(0, 80))}`)
    }
  }

  /** A decimal (or `0x` hex) integer. */
  bigint(name: string): bigint {
    const text = this.string(name).trim()
    if (!/^-?(\d+|0x[0-9a-fA-F]+)$/.test(text)) throw invalidParameter(name, 'not an integer')
    return text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text)
  }

  optionalBigint(name: string): bigint | undefined {
    return this.has(name) ? this.bigint(name) : undefined
  }

  /** An integer from `min` to `max`; `fallback` when absent. */
  int(
    name: string,
    { min, max, fallback }: { min: number; max: number; fallback: number },
  ): number {
    if (!this.has(name)) return fallback
    const value = this.bigint(name)
    if (value < BigInt(min) || value > BigInt(max)) {
      throw invalidParameter(name, `must be from ${min} to ${max}`)
    }
    return Number(value)
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw[name]
    if (value === undefined || value === null || value === '') return fallback
    if (value === true || value === 'true' || value === '1' || value === 1) return true
    if (value === false || value === 'false' || value === '0' || value === 0) return false
    throw invalidParameter(name, 'must be true or false')
  }

  /** 32 bytes given as 64 hex digits or base64 (standard or url-safe). */
  hash(name: string): Buffer {
    const bytes = parseHashText(this.string(name))
    if (bytes === undefined) throw invalidParameter(name, 'not a 32-byte hash in hex or base64')
    return bytes
  }

  /** A base64 bag of cells with one root. */
  cell(name: string): Cell {
    return parseBocParameter(name, this.string(name))
  }

  optionalCell(name: string): Cell | undefined {
    return this.has(name) ? this.cell(name) : undefined
  }

  /** The raw value, for structured parameters (a get-method stack). */
  value(name: string): unknown {
    return this.raw[name]
  }
}

/** Parses a base64 BoC with exactly one root cell. */
export function parseBocParameter(name: string, base64: string): Cell {
  let roots: Cell[]
  try {
    // a '+' that arrived unencoded in a query string reads as a space
    roots = Cell.fromBoc(Buffer.from(base64.replace(/ /g, '+'), 'base64'))
  } catch {
    throw invalidParameter(name, 'not a base64 bag of cells')
  }
  if (roots.length !== 1) throw invalidParameter(name, 'the bag of cells must have one root')
  return roots[0]!
}
