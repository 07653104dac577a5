import { Address } from '@ton/core'
import { RetraceError } from './RetraceError.js'

/**
 * A transaction as a user names it: its hash, or its account and logical time.
 *
 * @example
 * ```ts
 * const byHash: TxRef = { hash: Buffer.from('3b464a32195b556407a922e3bbfea138550b5cc038551adcdc28d4cf73291daf', 'hex') }
 * const byLt: TxRef = { account: Address.parse('EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4'), lt: 64954068000009n }
 * ```
 */
export type TxRef =
  | { readonly hash: Buffer; readonly account?: undefined; readonly lt?: undefined }
  | { readonly account: Address; readonly lt: bigint; readonly hash?: Buffer | undefined }

/**
 * Parses a transaction reference: a hash (64 hex digits, or 44 characters of base64 /
 * base64url), or `<address>:<lt>` (any address form; the raw form's own `0:` is kept), or
 * `<address>:<lt>:<hash>`.
 *
 * @example
 * ```ts
 * parseTxRef('3b464a32195b556407a922e3bbfea138550b5cc038551adcdc28d4cf73291daf').hash?.length // 32
 * parseTxRef('EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4:64954068000009').lt // 64954068000009n
 * ```
 * @throws {RetraceError} `RETRACE_BAD_INPUT` naming the field (`tx`, `address`, `lt`, `hash`).
 */
export function parseTxRef(text: string): TxRef {
  const t = text.trim()
  if (!t.includes(':') || /^[0-9a-fA-F]{64}$/.test(t)) return { hash: parseHash(t, 'tx') }
  // A raw address has a colon of its own (`0:abc…`): the lt is what follows the address.
  const parts = t.split(':')
  let addressText: string
  let rest: string[]
  if (/^-?\d+$/.test(parts[0] ?? '') && /^[0-9a-fA-F]{64}$/.test(parts[1] ?? '')) {
    addressText = `${parts[0]}:${parts[1]}`
    rest = parts.slice(2)
  } else {
    addressText = parts[0] ?? ''
    rest = parts.slice(1)
  }
  let account: Address
  try {
    account = Address.parse(addressText)
  } catch {
    throw new RetraceError({
      code: 'RETRACE_BAD_INPUT',
      field: 'address',
      message: `address: '${addressText}' is not a TON address (in '${t}'; expected <address>:<lt> or a transaction hash)`,
    })
  }
  const ltText = rest[0]
  if (ltText === undefined || !/^\d{1,20}$/.test(ltText) || rest.length > 2) {
    throw new RetraceError({
      code: 'RETRACE_BAD_INPUT',
      field: 'lt',
      message: `lt: '${ltText ?? ''}' is not a logical time (in '${t}'; expected <address>:<lt>)`,
    })
  }
  const lt = BigInt(ltText)
  const hashText = rest[1]
  return hashText === undefined
    ? { account, lt }
    : { account, lt, hash: parseHash(hashText, 'hash') }
}

/** A 32-byte hash from 64 hex digits or base64 / base64url. */
export function parseHash(text: string, field: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 32) return bytes
  }
  throw new RetraceError({
    code: 'RETRACE_BAD_INPUT',
    field,
    message: `${field}: '${text}' is not a transaction hash (64 hex digits or 44 characters of base64)`,
  })
}
