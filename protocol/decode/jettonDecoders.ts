import { OP_CODES } from '../opCodes.js'
import { type DecoderEntry, onlyQueryId } from './Decoder.js'
import { loadAddress, loadCoins, loadEitherPayload, preloadInlineUint32 } from './slices.js'

/**
 * Decoders of the TEP-74 jetton messages (transfer, notification, internal transfer, excesses,
 * burn), the test minter's `mint` and the TEP-89 wallet discovery pair. The TEP-74
 * `burn_notification` shares DEX v1's op and layout and is decoded with DEX v1's table.
 *
 * @example
 * ```ts
 * new Map(JETTON_DECODERS).get(OP_CODES.jettonExcesses)?.(slice, 7n) // { type: 'jetton.excesses', queryId: 7n }
 * ```
 */
export const JETTON_DECODERS: readonly DecoderEntry[] = [
  [
    OP_CODES.jettonTransfer,
    (s, queryId) => {
      const amount = loadCoins(s)
      const destination = loadAddress(s)
      const responseDestination = loadAddress(s)
      s.loadMaybeRef() // custom payload
      const forwardTonAmount = loadCoins(s)
      // A router's exit code: the first 32 bits of an inline payload (Either bit 0).
      const inlineExitCode = preloadInlineUint32(s)
      return {
        type: 'jetton.transfer',
        queryId,
        amount,
        destination,
        responseDestination,
        forwardTonAmount,
        forwardPayload: loadEitherPayload(s),
        inlineExitCode,
      }
    },
  ],
  [
    OP_CODES.jettonTransferNotification,
    (s, queryId) => ({
      type: 'jetton.transfer_notification',
      queryId,
      amount: loadCoins(s),
      sender: loadAddress(s),
      forwardPayload: loadEitherPayload(s),
    }),
  ],
  [
    OP_CODES.jettonInternalTransfer,
    (s, queryId) => ({
      type: 'jetton.internal_transfer',
      queryId,
      amount: loadCoins(s),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
      forwardTonAmount: loadCoins(s),
    }),
  ],
  [OP_CODES.jettonExcesses, onlyQueryId('jetton.excesses')],
  [
    OP_CODES.jettonBurn,
    (s, queryId) => ({
      type: 'jetton.burn',
      queryId,
      amount: loadCoins(s),
      responseDestination: loadAddress(s),
    }),
  ],
  [
    OP_CODES.jettonMint,
    (s, queryId) => {
      const to = loadAddress(s)
      const tonAmount = loadCoins(s)
      const inner = s.loadRef().beginParse()
      if (inner.loadUint(32) !== OP_CODES.jettonInternalTransfer) {
        throw new Error('mint without an internal_transfer')
      }
      inner.skip(64)
      return { type: 'jetton.mint', queryId, to, tonAmount, amount: loadCoins(inner) }
    },
  ],
  [
    OP_CODES.jettonProvideWalletAddress,
    (s, queryId) => ({
      type: 'jetton.provide_wallet_address',
      queryId,
      owner: loadAddress(s),
      includeAddress: s.loadBit(),
    }),
  ],
  [
    OP_CODES.jettonTakeWalletAddress,
    (s, queryId) => {
      const wallet = loadAddress(s)
      const owner = s.loadMaybeRef()
      return {
        type: 'jetton.take_wallet_address',
        queryId,
        wallet,
        owner: owner === null ? null : loadAddress(owner.beginParse()),
      }
    },
  ],
]
