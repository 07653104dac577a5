import type { Side } from '../../core/curves/Curve.js'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import { UnreachableOutputError } from '../../core/errors/UnreachableOutputError.js'
import { reverseSwap } from '../../core/ops/reverseSwap.js'
import { type SwapResult, swap } from '../../core/ops/swap.js'
import { createPoolState, type PoolState } from '../../core/pool/PoolState.js'
import { formatRatio } from '../../core/quote/decimal.js'
import { minAskAmount } from '../../core/quote/minAskAmount.js'
import { priceImpact } from '../../core/quote/priceImpact.js'
import { swapRate } from '../../core/quote/swapRate.js'
import type { AssetRow, PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import { resolveJettonWallet } from '../address/jettonWalletAddress.js'
import { UnprocessableError } from '../errors/UnprocessableError.js'
import { admitsRouter, byPopularity, type MarketReader } from '../market/marketReader.js'
import { dexOf, toPoolState } from '../market/poolState.js'
import { toWireRouter } from '../wire/router.js'
import type { WireSwapSimulation } from '../wire/simulation.js'
import { swapGasParams } from './gasParams.js'
import type { SwapRequest } from './swapRequest.js'

/** `forward`: sell exactly `units` (swap); `reverse`: buy exactly `units` (reverse swap). */
export type SwapDirection = 'forward' | 'reverse'

/** DEX v2 referral fee when a referral address is given without a fee (the SDK's default). */
const DEFAULT_V2_REFERRAL_BPS = 10n

type Quote = {
  readonly pool: PoolRow
  readonly router: RouterRow
  readonly state: PoolState
  readonly side: Side
  readonly amountIn: bigint
  readonly result: SwapResult
}

/**
 * Simulates a swap (`/v1/swap/simulate`) or a reverse swap (`/v1/reverse_swap/simulate`) with
 * core's exact math on the stored pool state. Without `pool_address` every non-deprecated pool
 * of the pair admitted by `dex_v2` and `dex_version` is quoted and the best one wins (largest
 * output, or smallest input for a reverse swap; ties go to the more popular pool). Referral:
 * DEX v1 applies the pool's fixed `ref_fee` when `referral_address` is set; DEX v2 applies
 * `referral_fee_bps` (default 10) when it is set.
 *
 * @example
 * ```ts
 * await simulateSwap(market, readSwapRequest(params), 'forward')
 * // { offer_units: '5000000000', ask_units: '15952000735', min_ask_units: '15872240731', … }
 * ```
 * @throws {NotFoundError} for an unknown asset or pool.
 * @throws {UnprocessableError} `NO_POOL_FOR_PAIR`, `POOL_PAIR_MISMATCH`.
 * @throws {PoolMathError | UnreachableOutputError | UnsupportedPoolKindError} when no pool can
 *   serve the request (the most informative failure of the candidates).
 */
export async function simulateSwap(
  market: MarketReader,
  request: SwapRequest,
  direction: SwapDirection,
): Promise<WireSwapSimulation> {
  const offer = await market.asset(request.offerAddress, 'offer_address')
  const ask = await market.asset(request.askAddress, 'ask_address')
  const candidates = await candidatePools(market, request)
  let best: Quote | undefined
  const failures: unknown[] = []
  for (const { pool, router } of candidates) {
    try {
      const quote = quoteSwap(pool, router, offer.address, request, direction)
      if (best === undefined || better(quote, best, direction)) best = quote
    } catch (error) {
      failures.push(error)
    }
  }
  if (best === undefined) throw mostInformative(failures)
  return assemble(market, best, offer, ask, request, direction)
}

/** The pools to quote: the named one, or the admitted pools of the pair, most popular first. */
async function candidatePools(
  market: MarketReader,
  request: SwapRequest,
): Promise<{ pool: PoolRow; router: RouterRow }[]> {
  if (request.poolAddress !== undefined) {
    const pool = await market.pool(request.poolAddress, 'pool_address')
    if (!holdsPair(pool, request)) {
      throw new UnprocessableError({
        code: 'POOL_PAIR_MISMATCH',
        field: 'pool_address',
        message: `Pool ${pool.address} does not trade ${request.offerAddress} for ${request.askAddress}.`,
      })
    }
    return [{ pool, router: await market.router(pool.routerAddress, 'pool_address') }]
  }
  const pools = [...(await market.store.listPoolsByPair(request.offerAddress, request.askAddress))]
  const candidates: { pool: PoolRow; router: RouterRow }[] = []
  for (const pool of pools.sort(byPopularity)) {
    if (pool.deprecated) continue
    const router = await market.store.getRouter(pool.routerAddress)
    if (router === undefined || !admitsRouter(router, request.dexV2)) continue
    const major = dexOf(router) === 'v1' ? 1 : 2
    if (request.dexVersions !== undefined && !request.dexVersions.has(major)) continue
    candidates.push({ pool, router })
  }
  if (candidates.length === 0) {
    throw new UnprocessableError({
      code: 'NO_POOL_FOR_PAIR',
      field: 'ask_address',
      message: `No pool trades ${request.offerAddress} for ${request.askAddress} under the given dex_v2 / dex_version filters.`,
    })
  }
  return candidates
}

function holdsPair(pool: PoolRow, request: SwapRequest): boolean {
  const { offerAddress, askAddress } = request
  return (
    (pool.token0Address === offerAddress && pool.token1Address === askAddress) ||
    (pool.token1Address === offerAddress && pool.token0Address === askAddress)
  )
}

function quoteSwap(
  pool: PoolRow,
  router: RouterRow,
  offerAddress: string,
  request: SwapRequest,
  direction: SwapDirection,
): Quote {
  const state = toPoolState(pool, router)
  const side: Side = pool.token0Address === offerAddress ? 0 : 1
  const referral =
    request.referralAddress === undefined
      ? {}
      : state.dex === 'v1'
        ? { hasReferral: true }
        : { referralBps: request.referralBps ?? DEFAULT_V2_REFERRAL_BPS }
  if (direction === 'forward') {
    const result = swap(state, { side, amountIn: request.units, ...referral })
    return { pool, router, state, side, amountIn: request.units, result }
  }
  const result = reverseSwap(state, { side, amountOut: request.units, ...referral })
  return { pool, router, state, side, amountIn: result.amountIn, result }
}

function better(candidate: Quote, best: Quote, direction: SwapDirection): boolean {
  // Candidates arrive most popular first, so a tie keeps the earlier (more popular) pool.
  return direction === 'forward'
    ? candidate.result.amountOut > best.result.amountOut
    : candidate.amountIn < best.amountIn
}

/** A pool-math or unreachable-output failure says more than an unsupported kind. */
function mostInformative(failures: readonly unknown[]): unknown {
  return (
    failures.find((f) => f instanceof PoolMathError || f instanceof UnreachableOutputError) ??
    failures[0]
  )
}

/**
 * Total fee in ask units: what the same input would buy with no LP, protocol or referral fee,
 * minus what it buys. The LP fee is charged on the input, so it is valued by the output it
 * costs; the other fees come off the output directly.
 */
function feeUnits(quote: Quote): bigint {
  const { result } = quote
  try {
    let feeless = feelessStates.get(quote.state)
    if (feeless === undefined) {
      feeless = createPoolState({ ...quote.state, lpFee: 0n, protocolFee: 0n, refFee: 0n })
      feelessStates.set(quote.state, feeless)
    }
    const gross = swap(feeless, { side: quote.side, amountIn: quote.amountIn }).amountOut
    return gross > result.amountOut ? gross - result.amountOut : 0n
  } catch {
    // The fee-free curve refuses the input (it only happens at a pool's limits): count the
    // output-side fees alone.
    return result.protocolFeeOut + result.referralFeeOut
  }
}

/** The fee-free twin of each (cached, immutable) pool state. */
const feelessStates = new WeakMap<PoolState, PoolState>()

async function assemble(
  market: MarketReader,
  quote: Quote,
  offer: AssetRow,
  ask: AssetRow,
  request: SwapRequest,
  direction: SwapDirection,
): Promise<WireSwapSimulation> {
  const { pool, router, state, side, amountIn } = quote
  const askUnits = direction === 'forward' ? quote.result.amountOut : request.units
  const minAsk = minAskAmount(askUnits, request.slippage)
  const fee = feeUnits(quote)
  return {
    offer_address: offer.address,
    ask_address: ask.address,
    offer_jetton_wallet: await routerWallet(market, router, offer),
    ask_jetton_wallet: await routerWallet(market, router, ask),
    router_address: router.address,
    router: toWireRouter(router),
    pool_address: pool.address,
    offer_units: amountIn.toString(),
    ask_units: askUnits.toString(),
    slippage_tolerance: request.slippage,
    min_ask_units: minAsk.toString(),
    recommended_slippage_tolerance: request.slippage,
    recommended_min_ask_units: minAsk.toString(),
    swap_rate: swapRate({
      amountIn,
      amountOut: askUnits,
      decimalsIn: offer.decimals,
      decimalsOut: ask.decimals,
    }),
    price_impact: priceImpact(state, { side, amountIn }),
    fee_address: ask.address,
    fee_units: fee.toString(),
    fee_percent:
      askUnits + fee === 0n ? '0' : formatRatio({ numerator: fee, denominator: askUnits + fee }),
    gas_params: swapGasParams({
      dex: dexOf(router),
      kind: state.kind,
      offerIsNative: offer.kind === 'Ton',
      askIsNative: ask.kind === 'Ton',
    }),
  }
}

/** The router's own wallet of an asset: its pTON wallet for the native coin. */
async function routerWallet(
  market: MarketReader,
  router: RouterRow,
  asset: AssetRow,
): Promise<string | null> {
  if (asset.kind === 'Ton') return router.ptonWalletAddress
  return (await resolveJettonWallet(market.store, asset, router.address, market.chain)) ?? null
}
