import type { Cell } from '@ton/core'
import {
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton'

/**
 * A standard wallet recognised by its code, named as toncenter's `getWalletInformation`
 * names it, with what its data holds.
 *
 * @example
 * ```ts
 * readWallet(code, data) // { type: 'wallet v4 r2', seqno: 3, walletId: 698983191 }
 * ```
 */
export type WalletState = {
  readonly type: 'wallet v3 r1' | 'wallet v3 r2' | 'wallet v4 r2' | 'wallet v5 r1'
  readonly seqno: number
  readonly walletId: number
}

const noKey = Buffer.alloc(32)
let codes: Map<string, WalletState['type']> | undefined

function knownCodes(): Map<string, WalletState['type']> {
  codes ??= new Map([
    [
      WalletContractV3R1.create({ workchain: 0, publicKey: noKey })
        .init.code.hash()
        .toString('hex'),
      'wallet v3 r1',
    ],
    [
      WalletContractV3R2.create({ workchain: 0, publicKey: noKey })
        .init.code.hash()
        .toString('hex'),
      'wallet v3 r2',
    ],
    [
      WalletContractV4.create({ workchain: 0, publicKey: noKey }).init.code.hash().toString('hex'),
      'wallet v4 r2',
    ],
    [
      WalletContractV5R1.create({ workchain: 0, publicKey: noKey })
        .init.code.hash()
        .toString('hex'),
      'wallet v5 r1',
    ],
  ])
  return codes
}

/**
 * Recognises a v3r1, v3r2, v4r2 or v5r1 wallet by its code hash (the codes `@ton/ton` deploys)
 * and reads seqno and wallet id from its data: v3/v4 data starts `seqno:uint32
 * subwallet_id:uint32`, v5r1 data `is_signature_allowed:bit seqno:uint32 wallet_id:int32`.
 * Anything else is `undefined`.
 *
 * @example
 * ```ts
 * readWallet(info.code, info.data)?.seqno // 3
 * ```
 */
export function readWallet(
  code: Cell | undefined,
  data: Cell | undefined,
): WalletState | undefined {
  if (!code || !data) return undefined
  const type = knownCodes().get(code.hash().toString('hex'))
  if (!type) return undefined
  try {
    const slice = data.beginParse()
    if (type === 'wallet v5 r1') {
      slice.loadBit()
      return { type, seqno: slice.loadUint(32), walletId: slice.loadInt(32) }
    }
    return { type, seqno: slice.loadUint(32), walletId: slice.loadUint(32) }
  } catch {
    return undefined
  }
}
