import type { Cell } from '@ton/core'
import { OP_CODES } from '../opCodes.js'
import { ADMIN_DECODERS } from './adminDecoders.js'
import type { DecodedBody, DecodedBodyType } from './DecodedBody.js'
import type { Decoder } from './Decoder.js'
import { DEX_V1_DECODERS } from './dexV1Decoders.js'
import { DEX_V2_DECODERS } from './dexV2Decoders.js'
import { JETTON_DECODERS } from './jettonDecoders.js'
import { decodeComment, decodeShortBody, TON_DECODERS } from './tonDecoders.js'

/**
 * Decodes a message body of the exchange by its op code: TEP-74 / TEP-89 jetton messages,
 * DEX v1 and DEX v2 pool, LP-account, vault, admin and getter messages, proxy-TON v1 / v2
 * messages (layouts of `docs/contracts.md` §1.7, §2.13, §5), plain TON transfers (empty body or
 * text comment) and bounced bodies. Returns `undefined` for an unknown op or a body that does
 * not parse — a foreign or malformed message is never an exception here.
 *
 * @example
 * ```ts
 * const body = decodeBody(transaction.inMessage.body)
 * body?.type // e.g. 'v2.swap'
 * ```
 */
export function decodeBody(body: Cell | null | undefined): DecodedBody | undefined {
  if (!body) return undefined
  try {
    // The op and query id are read straight from the cell's bytes (they are byte-aligned at
    // the start), which is much cheaper than bit-by-bit slice reads; unknown ops stop here.
    if (body.bits.length < 96) return decodeShortBody(body)
    const head = body.bits.subbuffer(0, 96)
    if (head === null) return undefined
    const op = head.readUInt32BE(0)
    const decode = DECODERS.get(op)
    if (decode === undefined) return op === OP_CODES.comment ? decodeComment(body) : undefined
    const slice = body.beginParse().skip(96)
    return decode(slice, head.readBigUInt64BE(4))
  } catch {
    return undefined
  }
}

/**
 * Decodes a body and keeps it only when it has one of the given types — what a caller that
 * looks for one message (a pool's `pay_to`, a wallet's `internal_transfer`) needs, narrowed.
 *
 * @example
 * ```ts
 * decodeBodyAs(message.body, 'v2.pay_to')?.exitCode // 0xc64370e5 (swap_ok)
 * decodeBodyAs(message.body, 'jetton.internal_transfer')?.amount // 1992015968n
 * ```
 */
export function decodeBodyAs<T extends DecodedBodyType>(
  body: Cell | null | undefined,
  ...types: readonly T[]
): Extract<DecodedBody, { readonly type: T }> | undefined {
  const decoded = decodeBody(body)
  return decoded !== undefined && (types as readonly string[]).includes(decoded.type)
    ? (decoded as Extract<DecodedBody, { readonly type: T }>)
    : undefined
}

/**
 * Reads the op code of a body (its first 32 bits), or `undefined` when it has fewer bits.
 *
 * @example
 * ```ts
 * opOf(beginCell().storeUint(0x657b54f5, 32).endCell()) // 0x657b54f5
 * ```
 */
export function opOf(body: Cell | null | undefined): number | undefined {
  if (!body) return undefined
  const slice = body.beginParse()
  return slice.remainingBits >= 32 ? slice.loadUint(32) : undefined
}

const DECODERS: ReadonlyMap<number, Decoder> = new Map<number, Decoder>([
  ...JETTON_DECODERS,
  ...DEX_V1_DECODERS,
  ...DEX_V2_DECODERS,
  ...ADMIN_DECODERS,
  ...TON_DECODERS,
])
