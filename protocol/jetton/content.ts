import { createHash } from 'node:crypto'
import { type Cell, Dictionary, type Slice } from '@ton/core'

/**
 * A jetton's TEP-64 content, decoded: on-chain attributes by name (`name`, `symbol`,
 * `decimals`, `image`, `description`, `uri`, …; attributes under keys this reader does not
 * name are left out), or the off-chain metadata URI. The shape of toncenter's `jetton_content`.
 *
 * @example
 * ```ts
 * const content: JettonContent = { type: 'onchain', data: { symbol: 'MOON', decimals: '9' } }
 * ```
 */
export type JettonContent =
  | { readonly type: 'onchain'; readonly data: Readonly<Record<string, string>> }
  | { readonly type: 'offchain'; readonly data: string }

/** The attribute names of TEP-64 (and the common `image_data`), by the SHA-256 of the name. */
const ATTRIBUTES = [
  'uri',
  'name',
  'description',
  'image',
  'image_data',
  'symbol',
  'decimals',
  'amount_style',
  'render_type',
]
const BY_KEY = new Map(
  ATTRIBUTES.map((name) => [BigInt(`0x${createHash('sha256').update(name).digest('hex')}`), name]),
)

/**
 * Decodes a jetton minter's content cell (TEP-64): layout byte `0x00` (on-chain: a dictionary
 * from SHA-256 of the attribute name to a snake `0x00` or chunked `0x01` value) or `0x01`
 * (off-chain: the URI as a snake string). `undefined` for any other layout or a malformed cell.
 *
 * @example
 * ```ts
 * readJettonContent(beginCell().storeUint(1, 8).storeStringTail('https://x.org/m.json').endCell())
 * // { type: 'offchain', data: 'https://x.org/m.json' }
 * ```
 */
export function readJettonContent(cell: Cell): JettonContent | undefined {
  try {
    const slice = cell.beginParse()
    const layout = slice.loadUint(8)
    if (layout === 1) return { type: 'offchain', data: slice.loadStringTail() }
    if (layout !== 0) return undefined
    const dict = slice.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell())
    const data: Record<string, string> = {}
    for (const [key, value] of dict) {
      const name = BY_KEY.get(key)
      if (name === undefined) continue
      const text = contentValue(value.beginParse())
      if (text !== undefined) data[name] = text
    }
    return { type: 'onchain', data }
  } catch {
    return undefined
  }
}

/** A TEP-64 value: snake (`0x00` + string tail) or chunked (`0x01` + dict of uint32 → ^snake). */
function contentValue(slice: Slice): string | undefined {
  const layout = slice.loadUint(8)
  if (layout === 0) return slice.loadStringTail()
  if (layout !== 1) return undefined
  const chunks = slice.loadDict(Dictionary.Keys.Uint(32), Dictionary.Values.Cell())
  return [...chunks]
    .sort(([a], [b]) => a - b)
    .map(([, chunk]) => chunk.beginParse().loadStringTail())
    .join('')
}
