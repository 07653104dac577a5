import type { Cell } from '@ton/core'
import { OP_CODES } from '../opCodes.js'
import { type DecoderEntry, onlyQueryId } from './Decoder.js'
import { loadAddress, loadCoins, loadEitherPayload } from './slices.js'
import type { TonBody } from './TonBody.js'

/**
 * Decoders of the proxy-TON messages that are not TEP-74 ones (`docs/contracts.md` §5.1, §5.2) and
 * of bounced bodies. pTON v1's `reset_gas` and pTON v2's share the DEX `reset_gas` ops and
 * layouts (`v1.reset_gas`, `v2.reset_gas`).
 *
 * @example
 * ```ts
 * new Map(TON_DECODERS).get(OP_CODES.ptonV2TonTransfer)?.(slice, 0n)?.type // 'pton_v2.ton_transfer'
 * ```
 */
export const TON_DECODERS: readonly DecoderEntry[] = [
  [
    OP_CODES.ptonV1DeployWallet,
    (s, queryId) => ({ type: 'pton_v1.deploy_wallet', queryId, owner: loadAddress(s) }),
  ],
  [
    OP_CODES.ptonV2TonTransfer,
    (s, queryId) => ({
      type: 'pton_v2.ton_transfer',
      queryId,
      tonAmount: loadCoins(s),
      refundAddress: loadAddress(s),
      forwardPayload: loadEitherPayload(s),
    }),
  ],
  [
    OP_CODES.ptonV2DeployWallet,
    (s, queryId) => ({
      type: 'pton_v2.deploy_wallet',
      queryId,
      owner: loadAddress(s),
      excesses: loadAddress(s),
    }),
  ],
  [
    OP_CODES.ptonV2InternalDeploy,
    (s, queryId) => ({ type: 'pton_v2.internal_deploy', queryId, excesses: loadAddress(s) }),
  ],
  [OP_CODES.ptonV2TonRefund, onlyQueryId('pton_v2.ton_refund')],
  [
    OP_CODES.bounced,
    // After the 0xffffffff prefix: the bounced body's op and query id (the first 256 bits of
    // it are kept). The 64 bits read as "query id" are the op and the query id's high half.
    (s, head) => ({
      type: 'ton.bounced',
      op: Number(head >> 32n),
      queryId: s.remainingBits >= 32 ? ((head & 0xffff_ffffn) << 32n) | s.loadUintBig(32) : null,
    }),
  ],
]

/**
 * Decodes a body too short for `op:uint32 query_id:uint64`: an empty body (a plain transfer or
 * a deployment), a short text comment, or a bounce of a short body. Anything else is
 * `undefined`.
 *
 * @example
 * ```ts
 * decodeShortBody(beginCell().endCell()) // { type: 'ton.transfer', queryId: null, comment: null }
 * ```
 */
export function decodeShortBody(body: Cell): TonBody | undefined {
  const bits = body.bits.length
  if (bits === 0) return body.refs.length === 0 ? EMPTY_TRANSFER : undefined
  if (bits < 32) return undefined
  const slice = body.beginParse()
  const op = slice.loadUint(32)
  if (op === OP_CODES.comment) return decodeComment(body)
  if (op !== OP_CODES.bounced) return undefined
  return { type: 'ton.bounced', op: bits >= 64 ? slice.loadUint(32) : null, queryId: null }
}

/**
 * Decodes a text comment: op 0 followed by UTF-8 text, continued in references ("snake").
 *
 * @example
 * ```ts
 * decodeComment(comment('thanks')) // { type: 'ton.transfer', queryId: null, comment: 'thanks' }
 * ```
 */
export function decodeComment(body: Cell): TonBody {
  const slice = body.beginParse().skip(32)
  return { type: 'ton.transfer', queryId: null, comment: slice.loadStringTail() }
}

const EMPTY_TRANSFER: TonBody = { type: 'ton.transfer', queryId: null, comment: null }
