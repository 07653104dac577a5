import { Address } from '@ton/core'

/** `value` with every `Address` replaced by its raw string, for deep equality in tests. */
export function plain(value: unknown): unknown {
  if (Address.isAddress(value)) return value.toRawString()
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  }
  return value
}
