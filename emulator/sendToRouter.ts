import { type Cell, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { jettonTransferBody } from '../protocol/jetton/messages.js'
import { ptonV2TonTransferBody } from '../protocol/jetton/ptonMessages.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import type { LocalAsset, LocalRouter } from './model.js'
import { assertTradable, routerWallet } from './routing.js'

/** pTON v2.1's own fee on top of the TON amount and forward gas (`PtonV2_1` in the SDK). */
const PTON_V2_TON_TRANSFER = toNano('0.01')

/**
 * The TON a flow attaches, as the SDK's gas constants of one operation (`docs/contracts.md` §4).
 *
 * @example
 * ```ts
 * const gas: RouterGas = { jetton: { gas: toNano('0.3'), forward: toNano('0.24') },
 *   tonForward: toNano('0.3') } // DEX v2 swap
 * ```
 */
export type RouterGas = {
  /** A jetton offer: the value sent to the user's jetton wallet and the TON it forwards. */
  readonly jetton: { readonly gas: bigint; readonly forward: bigint }
  /** A TON offer: the TON forwarded to the router with the pTON notification. */
  readonly tonForward: bigint
}

/**
 * Sends `amount` of `asset` from `from` to the router with `payload` as its forward payload,
 * as a wallet (or `@ston-fi/sdk`) does: a TEP-74 transfer from the user's jetton wallet; for TON,
 * a TEP-74 transfer to the router's pTON v1 wallet (value = amount + forward) or a pTON v2.1
 * `ton_transfer` (value = amount + forward + 0.01 TON).
 *
 * @example
 * ```ts
 * await sendToRouter(world, router, alice, ton, toNano('2'), swapPayload, gas) // the flow's transactions
 * ```
 * @throws {LocalDexError} `invalid_request` when a pTON does not fit the router.
 */
export async function sendToRouter(
  world: DexWorld,
  router: LocalRouter,
  from: Treasury,
  asset: LocalAsset,
  amount: bigint,
  payload: Cell,
  gas: RouterGas,
): Promise<readonly BlockchainTransaction[]> {
  assertTradable(router, asset)
  if (asset.kind === 'pton') {
    const wallet = await routerWallet(world, router, asset)
    if (asset.version === 'v1') {
      const body = jettonTransferBody({
        amount,
        destination: router.address,
        response: null,
        forwardTonAmount: gas.tonForward,
        forwardPayload: payload,
      })
      return world.send(from, { to: wallet, value: amount + gas.tonForward, body })
    }
    const body = ptonV2TonTransferBody({
      tonAmount: amount,
      refund: from.address,
      forwardPayload: payload,
    })
    const value = amount + gas.tonForward + PTON_V2_TON_TRANSFER
    return world.send(from, { to: wallet, value, body })
  }
  const wallet = await world.walletAddress(asset.minter, from.address)
  const body = jettonTransferBody({
    amount,
    destination: router.address,
    response: from.address,
    forwardTonAmount: gas.jetton.forward,
    forwardPayload: payload,
  })
  return world.send(from, { to: wallet, value: gas.jetton.gas, body })
}
