import type { Side } from '../../core/curves/Curve.js'
import { InvalidInputError } from '../../core/errors/InvalidInputError.js'
import { ceilDiv } from '../../core/math/mulDiv.js'
import { burn } from '../../core/ops/burn.js'
import { type ProvideResult, provide } from '../../core/ops/provide.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import { minAskAmount } from '../../core/quote/minAskAmount.js'
import type { AssetRow, PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import { resolveJettonWallet, resolvePoolAddress } from '../address/jettonWalletAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import { UnprocessableError } from '../errors/UnprocessableError.js'
import type { MarketReader } from '../market/marketReader.js'
import { toPoolState } from '../market/poolState.js'
import { toWireRouter } from '../wire/router.js'
import type { WireProvisionSimulation } from '../wire/simulation.js'
import { priceMove, wholeSpotRate } from './provisionPrice.js'
import type { ProvisionRequest } from './provisionRequest.js'

/**
 * Simulates a liquidity provision (`/v1/liquidity_provision/simulate`) with core's `provide`
 * on the stored pool. `Initial` needs a deployed pool without liquidity (the named one, or
 * one of the pair, preferring pool-creating DEX v2 routers); `Balanced` computes the missing
 * amount at the pool ratio, rounded up (the pool never receives less than its ratio asks);
 * `Arbitrary` takes both amounts as given (DEX v2 may be single-sided).
 *
 * The token rates are the pool's marginal price after the provision, by core's `spotPrice`
 * for its kind (so a weighted pool's weights count), in whole tokens with 9 digits rounded
 * down; `price_impact` is the relative move of that price (0 for `Initial`).
 *
 * @example
 * ```ts
 * await simulateProvision(market, readProvisionRequest(params))
 * // { estimated_lp_units: '…', min_lp_units: '…', token_b_units: '3200000', … }
 * ```
 * @throws {NotFoundError} for unknown tokens or pool.
 * @throws {UnprocessableError} `POOL_PAIR_MISMATCH`, `POOL_ALREADY_INITIALIZED`,
 *   `POOL_NOT_DEPLOYED`, `POOL_EMPTY`.
 * @throws {InvalidParameterError} `INVALID_AMOUNT` for amounts the pool refuses (e.g. DEX v1
 *   needs more than 1000 units per side).
 * @throws {PoolMathError | UnsupportedPoolKindError} from core.
 */
export async function simulateProvision(
  market: MarketReader,
  request: ProvisionRequest,
): Promise<WireProvisionSimulation> {
  const tokenA = await market.asset(request.tokenA, 'token_a')
  const tokenB = await market.asset(request.tokenB, 'token_b')
  const { pool, router } = await choosePool(market, request)
  const state = toPoolState(pool, router)
  const aIsToken0 = pool.token0Address === tokenA.address
  const reserveA = aIsToken0 ? state.reserve0 : state.reserve1
  const reserveB = aIsToken0 ? state.reserve1 : state.reserve0
  if (
    request.provisionType !== 'Initial' &&
    (state.totalSupply === 0n || reserveA === 0n || reserveB === 0n)
  ) {
    throw new UnprocessableError({
      code: 'POOL_EMPTY',
      field: 'pool_address',
      message: `Pool ${pool.address} has no liquidity yet; simulate an Initial provision.`,
    })
  }
  // Balanced: the counterpart at the pool ratio, ceil so the given side is what binds.
  const unitsA =
    request.tokenAUnits ?? ceilDiv((request.tokenBUnits as bigint) * reserveA, reserveB)
  const unitsB = request.tokenBUnits ?? ceilDiv(unitsA * reserveB, reserveA)
  const fieldOf = (coreField: string) =>
    (coreField === 'amount0') === aIsToken0 ? 'token_a_units' : 'token_b_units'
  let result: ProvideResult
  try {
    result = provide(state, {
      amount0: aIsToken0 ? unitsA : unitsB,
      amount1: aIsToken0 ? unitsB : unitsA,
    })
  } catch (error) {
    if (
      error instanceof InvalidInputError &&
      (error.field === 'amount0' || error.field === 'amount1')
    ) {
      throw new InvalidParameterError({
        code: 'INVALID_AMOUNT',
        field: fieldOf(error.field),
        reason: error.reason,
      })
    }
    throw error
  }
  const after = result.pool
  const [outA, outB] = burnValue(after, result.lpOut, aIsToken0)
  const position =
    request.walletAddress === undefined
      ? undefined
      : await market.store.getLpPosition(request.walletAddress, pool.address)
  const pendingA = aIsToken0 ? position?.token0Balance : position?.token1Balance
  const pendingB = aIsToken0 ? position?.token1Balance : position?.token0Balance
  const sideA: Side = aIsToken0 ? 0 : 1
  const sideB: Side = aIsToken0 ? 1 : 0
  return {
    provision_type: request.provisionType,
    router_address: router.address,
    router: toWireRouter(router),
    pool_address: pool.address,
    token_a: tokenA.address,
    token_b: tokenB.address,
    token_a_units: unitsA.toString(),
    token_b_units: unitsB.toString(),
    lp_account_address: position?.lpAccountAddress ?? null,
    lp_account_token_a_balance: (pendingA ?? 0n).toString(),
    lp_account_token_b_balance: (pendingB ?? 0n).toString(),
    estimated_lp_units: result.lpOut.toString(),
    min_lp_units: minAskAmount(result.lpOut, request.slippage).toString(),
    min_token_a_units: minAskAmount(unitsA, request.slippage).toString(),
    min_token_b_units: minAskAmount(unitsB, request.slippage).toString(),
    estimated_token_a_rate: wholeSpotRate(after, sideA, tokenA.decimals, tokenB.decimals),
    estimated_token_b_rate: wholeSpotRate(after, sideB, tokenB.decimals, tokenA.decimals),
    estimated_token_a_units: outA.toString(),
    estimated_token_b_units: outB.toString(),
    lp_total_supply: state.totalSupply.toString(),
    price_impact: request.provisionType === 'Initial' ? '0' : priceMove(state, after),
  }
}

/** The pool for the provision: named, or (Initial only) a deployed empty pool of the pair. */
async function choosePool(
  market: MarketReader,
  request: ProvisionRequest,
): Promise<{ pool: PoolRow; router: RouterRow }> {
  const holdsPair = (pool: PoolRow) =>
    [pool.token0Address, pool.token1Address].sort().join() ===
    [request.tokenA, request.tokenB].sort().join()
  if (request.poolAddress !== undefined) {
    const pool = await market.pool(request.poolAddress, 'pool_address')
    if (!holdsPair(pool)) {
      throw new UnprocessableError({
        code: 'POOL_PAIR_MISMATCH',
        field: 'pool_address',
        message: `Pool ${pool.address} does not hold token_a and token_b.`,
      })
    }
    if (request.provisionType === 'Initial' && pool.lpTotalSupply > 0n)
      throw alreadyInitialized(pool)
    return { pool, router: await market.router(pool.routerAddress, 'pool_address') }
  }
  const pools = await market.store.listPoolsByPair(request.tokenA, request.tokenB)
  const empty: { pool: PoolRow; router: RouterRow }[] = []
  for (const pool of pools) {
    const router = await market.store.getRouter(pool.routerAddress)
    if (router !== undefined && pool.lpTotalSupply === 0n) empty.push({ pool, router })
  }
  // Prefer routers that create pools, then the newest version.
  empty.sort(
    (x, y) =>
      Number(y.router.poolCreationEnabled) - Number(x.router.poolCreationEnabled) ||
      y.router.majorVersion - x.router.majorVersion ||
      y.router.minorVersion - x.router.minorVersion,
  )
  const chosen = empty[0]
  if (chosen !== undefined) return chosen
  if (pools[0] !== undefined) throw alreadyInitialized(pools[0])
  const undeployed =
    request.provisionType === 'Initial' ? await newPool(market, request) : undefined
  if (undeployed !== undefined) return undeployed
  throw new UnprocessableError({
    code: 'POOL_NOT_DEPLOYED',
    field: 'token_b',
    message:
      'No pool of this pair is deployed, and no pool-creating router can address a new one here: its pool layout is not recorded (the writer records it from its chain) and no chain is asked (--chain-api).',
  })
}

/**
 * A pool no router deployed yet, as the router would deploy it (its address derived from the
 * router's recorded pool layout, else its `get_pool_address` on a chain asked, over the router's
 * wallets of both tokens): on the newest pool-creating
 * constant-product router, empty, with the fees of that router's other pools (an empty pool's
 * first provision does not depend on them).
 */
async function newPool(
  market: MarketReader,
  request: ProvisionRequest,
): Promise<{ pool: PoolRow; router: RouterRow } | undefined> {
  const routers = [...(await market.store.listRouters())]
    .filter((r) => r.poolCreationEnabled && r.routerType === 'ConstantProduct')
    .sort((x, y) => y.majorVersion - x.majorVersion || y.minorVersion - x.minorVersion)
  const tokenA = await market.asset(request.tokenA, 'token_a')
  const tokenB = await market.asset(request.tokenB, 'token_b')
  for (const router of routers) {
    const walletA = await routerWalletOf(market, router, tokenA)
    const walletB = await routerWalletOf(market, router, tokenB)
    if (walletA === undefined || walletB === undefined) continue
    const address = await resolvePoolAddress(
      market.store,
      router.address,
      walletA,
      walletB,
      market.chain,
    )
    if (address === undefined) continue
    const sibling = (await market.store.listPools()).find((p) => p.routerAddress === router.address)
    const pool: PoolRow = {
      address,
      routerAddress: router.address,
      token0Address: tokenA.address,
      token1Address: tokenB.address,
      reserve0: 0n,
      reserve1: 0n,
      lpTotalSupply: 0n,
      lpFee: sibling?.lpFee ?? 0n,
      protocolFee: sibling?.protocolFee ?? 0n,
      refFee: sibling?.refFee ?? 0n,
      protocolFeeAddress: sibling?.protocolFeeAddress ?? router.address,
      collectedToken0ProtocolFee: 0n,
      collectedToken1ProtocolFee: 0n,
      deprecated: false,
      amp: null,
      rate: null,
      w0: null,
      lpTotalSupplyUsd: null,
      lpPriceUsd: null,
      apy1d: null,
      apy7d: null,
      apy30d: null,
      volume24hUsd: null,
      popularityIndex: null,
    }
    return { pool, router }
  }
  return undefined
}

/** The router's own wallet of an asset: its pTON wallet for the native coin. */
async function routerWalletOf(
  market: MarketReader,
  router: RouterRow,
  asset: AssetRow,
): Promise<string | undefined> {
  if (asset.kind === 'Ton') return router.ptonWalletAddress
  return resolveJettonWallet(market.store, asset, router.address, market.chain)
}

function alreadyInitialized(pool: PoolRow): UnprocessableError {
  return new UnprocessableError({
    code: 'POOL_ALREADY_INITIALIZED',
    field: 'provision_type',
    message: `Pool ${pool.address} already has liquidity; simulate a Balanced or Arbitrary provision.`,
  })
}

/** What burning the minted LP right away would return, as [token A, token B]; zeros if nothing. */
function burnValue(pool: PoolState, lp: bigint, aIsToken0: boolean): [bigint, bigint] {
  if (lp <= 0n) return [0n, 0n]
  try {
    const { amount0, amount1 } = burn(pool, { lp })
    return aIsToken0 ? [amount0, amount1] : [amount1, amount0]
  } catch {
    // Too little LP to pay out both sides (exit code 81).
    return [0n, 0n]
  }
}
