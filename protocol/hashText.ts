const HEX_HASH = /^[0-9a-fA-F]{64}$/

/**
 * A 256-bit hash (a transaction's, a message's, a cell's) given as text the way TON APIs and
 * explorers write it — 64 hex digits, or base64, standard or URL-safe — as its 32 bytes; or
 * `undefined` for text that is neither. The one reading of hash text: the TON HTTP API's
 * parameters, the REST API's `ext_msg_hash`, `retrace`'s argument.
 *
 * @example
 * ```ts
 * parseHashText('16befdc4' + '00'.repeat(28))?.length // 32
 * parseHashText('Fr79xAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')?.toString('hex').slice(0, 8) // '16befdc4'
 * parseHashText('not a hash') // undefined
 * ```
 */
export function parseHashText(text: string): Buffer | undefined {
  if (HEX_HASH.test(text)) return Buffer.from(text, 'hex')
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  return bytes.length === 32 ? bytes : undefined
}
