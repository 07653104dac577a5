import { type Address, type Cell, toNano } from '@ton/core'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import type { PoolKind } from '../core/pool/PoolState.js'
import { dexV2SwapPayload } from '../protocol/dex/v2Messages.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import { DEFAULT_DEADLINE_SECONDS, swapReceiptV2, swapRouterTon, swapV2 } from './dexV2Flows.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalAsset, LocalRouter } from './model.js'
import type { SwapReceipt } from './receipts.js'
import { resolvePool, routerWallet } from './routing.js'

/**
 * A multi-hop swap on one DEX v2 router: `path[0]` → `path[1]` → … → `path[n]`.
 *
 * @example
 * ```ts
 * const request: CrossSwapRequest = { from: alice, path: [a, b, ton], amount: 4_000_000_000n }
 * ```
 */
export type CrossSwapRequest = {
  readonly from: Treasury
  /** At least three assets: offer, intermediates, ask. */
  readonly path: readonly LocalAsset[]
  readonly amount: bigint
  /** Slippage limit of the final hop. Default 0. */
  readonly minOut?: bigint | undefined
  readonly receiver?: Address | undefined
  readonly deadline?: number | undefined
  /**
   * TON forwarded to the router with the offer. Default {@link crossSwapRouterTon} of the
   * router's kind and the path's hop count.
   */
  readonly routerTon?: bigint | undefined
}

/**
 * The TON each hop after the first adds to a cross-swap's default forward TON. The router
 * routes every later hop like a new swap, gas check included, against what reached its
 * `pay_to`; one hop spends about 0.039 TON on mainnet (the two-hop floor is 0.2363 TON against
 * 0.1973 for one hop), so 0.05 keeps a margin per hop.
 */
const EXTRA_HOP_TON = toNano('0.05')

/**
 * The TON a cross-swap of `hops` pools forwards to the router by default: the SDK's swap
 * default for the router's kind plus {@link EXTRA_HOP_TON} per later hop, so that every hop
 * still passes the router's gas check on mainnet.
 *
 * @example
 * ```ts
 * crossSwapRouterTon('constant_product', 2) // 290000000n (0.24 + 0.05)
 * ```
 */
export function crossSwapRouterTon(kind: PoolKind, hops: number): bigint {
  return swapRouterTon(kind) + BigInt(Math.max(0, hops - 1)) * EXTRA_HOP_TON
}

/**
 * The receipt of a cross-swap: the final hop's outcome, plus every hop's own receipt.
 *
 * @example
 * ```ts
 * // R(A, B) = (1e12, 2e12), R(B, TON) = (1e12, 100 TON), 4e9 A in:
 * receipt.hops.map((h) => h.amountOut) // [7944302344n, 785818240n]
 * ```
 */
export type CrossSwapReceipt = SwapReceipt & { readonly hops: readonly SwapReceipt[] }

/**
 * Sends a cross-swap: each later hop is a `cross_swap` payload nested in the previous hop's
 * custom payload, which the router routes to the next pool (`docs/contracts.md` §2.11).
 *
 * @example
 * ```ts
 * (await crossSwapV2(world, router, { from: alice, path: [a, b, ton], amount: 4_000_000_000n })).amountOut
 * // 785818240n nanoTON with the pools of CrossSwapReceipt's example
 * ```
 */
export async function crossSwapV2(
  world: DexWorld,
  router: LocalRouter,
  req: CrossSwapRequest,
): Promise<CrossSwapReceipt> {
  if (router.dex !== 'v2' || req.path.length < 3) {
    throw new LocalDexError({
      reason: 'invalid_request',
      message: 'A cross-swap needs a DEX v2 router and a path of at least three assets.',
    })
  }
  const receiver = req.receiver ?? req.from.address
  const deadline = req.deadline ?? world.now() + DEFAULT_DEADLINE_SECONDS
  let custom: Cell | undefined
  for (let i = req.path.length - 1; i >= 2; i--) {
    custom = dexV2SwapPayload({
      op: 'cross_swap',
      askWallet: await routerWallet(world, router, req.path[i] as LocalAsset),
      refundAddress: req.from.address,
      receiver,
      minOut: i === req.path.length - 1 ? (req.minOut ?? 0n) : 0n,
      deadline,
      customPayload: custom,
    })
  }
  const first = await swapV2(world, router, {
    from: req.from,
    offer: req.path[0] as LocalAsset,
    ask: req.path[1] as LocalAsset,
    amount: req.amount,
    receiver,
    deadline,
    customPayload: custom,
    routerTon: req.routerTon ?? crossSwapRouterTon(router.kind, req.path.length - 1),
  })
  const hops: SwapReceipt[] = [first]
  for (let i = 1; i < req.path.length - 1 && hops.at(-1)?.exitCode === EXIT_CODES.swap_ok; i++) {
    const offer = req.path[i] as LocalAsset
    const ask = req.path[i + 1] as LocalAsset
    const pool = await resolvePool(world, router, offer, ask)
    hops.push(await swapReceiptV2(world, first.transactions, router, pool.address, ask, receiver))
  }
  const last = hops.at(-1) as SwapReceipt
  return { ...last, transactions: first.transactions, failures: first.failures, hops }
}
