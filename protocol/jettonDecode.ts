import type { Address, Cell } from '@ton/core'
import { JETTON_OP } from './opCodes.js'

/**
 * A decoded TEP-74 `transfer` with its forward payload split into inline bits or a reference.
 *
 * @example
 * ```ts
 * decodeJettonTransfer(body) // { amount: 1000000n, inlineExitCode: 0x0f5681d3, forwardPayload: null, … }
 * ```
 */
export type DecodedJettonTransfer = {
  readonly queryId: bigint
  readonly amount: bigint
  readonly destination: Address
  readonly response: Address | null
  readonly forwardTonAmount: bigint
  /** The 32-bit code after the Either bit 0, when the payload is inline and has one. */
  readonly inlineExitCode: number | undefined
  /** The referenced forward payload, when the Either bit is 1. */
  readonly forwardPayload: Cell | null
}

/**
 * Decodes a TEP-74 `transfer` body (router → its jetton wallet), or returns `undefined` for any
 * other op. Router refunds carry their exit code inline (`contracts.md` §1.7, §2.13).
 *
 * @example
 * ```ts
 * decodeJettonTransfer(body)?.inlineExitCode // 0x0f5681d3 (transfer_bounce_tx_expired)
 * ```
 */
export function decodeJettonTransfer(body: Cell): DecodedJettonTransfer | undefined {
  const s = body.beginParse()
  if (s.remainingBits < 32 || s.loadUint(32) !== JETTON_OP.transfer) return undefined
  const queryId = s.loadUintBig(64)
  const amount = s.loadCoins()
  const destination = s.loadAddress()
  const response = s.loadMaybeAddress()
  s.loadMaybeRef()
  const forwardTonAmount = s.loadCoins()
  let inlineExitCode: number | undefined
  let forwardPayload: Cell | null = null
  if (s.remainingBits >= 1) {
    if (s.loadBit()) forwardPayload = s.loadRef()
    else if (s.remainingBits >= 32) inlineExitCode = s.loadUint(32)
  }
  return {
    queryId,
    amount,
    destination,
    response,
    forwardTonAmount,
    inlineExitCode,
    forwardPayload,
  }
}

/**
 * The amount of an `internal_transfer` body (the jettons a wallet is credited with), or
 * `undefined` for any other op.
 *
 * @example
 * ```ts
 * internalTransferAmount(message.body) // 1992015968n
 * ```
 */
export function internalTransferAmount(body: Cell): bigint | undefined {
  const s = body.beginParse()
  if (s.remainingBits < 32 || s.loadUint(32) !== JETTON_OP.internalTransfer) return undefined
  s.loadUintBig(64)
  return s.loadCoins()
}
