import type { Address } from '@ton/core'
import { toNano } from '@ton/core'
import { FIXED_ONE } from '../core/pool/PoolState.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import type { LocalAsset, LocalJetton, LocalPool, LocalRouter } from '../emulator/model.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import { arbitrageTrade } from './arbitrage.js'
import { activityTimes, type ReferencePath, referenceRatio } from './demoHistory.js'
import { jettonDecimals } from './jettonDecimals.js'

/** 1 in 18 decimals (weights, weighted-stableswap amp). */
const E18 = FIXED_ONE

/** The native-TON address the wire uses for proxy-TON (`docs/wire.md` §1). */
export const TON_ADDRESS = NATIVE_ADDRESS

/**
 * The name of the scenario's arbitrage wallet (`dex.wallet(ARBITRAGE_WALLET)`, a sandbox
 * treasury: its address is the same on every chain).
 *
 * @example
 * ```ts
 * const arbitrage = await dex.wallet(ARBITRAGE_WALLET) // the wallet that held the prices
 * ```
 */
export const ARBITRAGE_WALLET = 'arbitrage'

/**
 * How far (basis points) a pool's price may stray from the reference path before the
 * scenario's arbitrage wallet trades it back after a part of swaps: 1 %. After the last part
 * it trades every pool off by more than the pool's own fees, so the history ends within them.
 *
 * @example
 * ```ts
 * arbitrageTrade(state, target, { bandBps: ARBITRAGE_BAND_BPS }) // undefined within 1 %
 * ```
 */
export const ARBITRAGE_BAND_BPS = 100n

/** Options of {@link runScenario}. */
export type ScenarioOptions = {
  /** How many swaps (default 60). */
  readonly swaps?: number | undefined
  /** Seed of the scenario's choices (default 1). */
  readonly seed?: number | undefined
  /**
   * USDT (raw units) of the first provision of both USDT/TON pools, against 100 000 TON
   * (default 3 000 000 USDT, a price of 30 USDT per TON).
   */
  readonly tonPoolUsdt?: bigint | undefined
  /** Called after each step with (done, total). */
  readonly onProgress?: ((done: number, total: number) => void) | undefined
  /**
   * Runs each part of the scenario: the set-up (deployments, mints, pools, provisions), every
   * `chunk` swaps, and the tail (burns, refund, withdrawals). The live chain passes its
   * `execute`, so other work (a dApp's transactions) runs between the parts. Default: runs it.
   */
  readonly run?: (<T>(job: () => Promise<T>) => Promise<T>) | undefined
  /** Swaps per `run` (default: all of them in one). */
  readonly chunk?: number | undefined
  /**
   * Adds the DEX v2 stable and weighted world (default false): jettons XTON and USDC, one router
   * per kind (stableswap, weighted constant product, weighted stableswap) sharing the v2 pTON,
   * and two pools on each, created, provided and traded like the constant-product ones.
   */
  readonly kinds?: boolean | undefined
  /**
   * Runs inside `run` after each part of swaps (and before the tail), with the share of the
   * swaps done so far (0 < progress ≤ 1), at that part's time: the demo's farm and staking
   * life (`demoFarmLife`) goes on beside the trading.
   */
  readonly onPart?: ((world: ScenarioWorld, progress: number) => Promise<void>) | undefined
  /** Called once the set-up ran, before the first swap, outside `run`. */
  readonly afterSetup?: ((world: ScenarioWorld) => Promise<void>) | undefined
  /**
   * Dates the history (default: every step at the sandbox's clock as it is): the set-up runs at
   * `from`, swap `i` at `activityTimes(…)[i]` — spread over `(from, to − 60]` by a daily activity
   * pattern — and the tail at `to`, unix seconds. The sandbox clock only moves forward.
   * `onTime` hears each time before a part runs at it (the live chain's `HistoryClock`
   * follows it, so its blocks carry these times).
   */
  readonly dated?:
    | {
        readonly from: number
        readonly to: number
        readonly onTime?: ((now: number) => void) | undefined
      }
    | undefined
  /**
   * Holds the pools near this USD reference path (default: none): an `arbitrage` wallet, deployed
   * and funded with the first part of swaps, trades every pool whose two assets have a reference back to the path's price
   * after each part of swaps when it is off by more than {@link ARBITRAGE_BAND_BPS}, and after
   * the last part when it is off by more than the pool's fees ({@link arbitrageTrade}). Its
   * swaps are real chain swaps, reported in `arbitrage`; its wallet is the last of `wallets`.
   */
  readonly reference?: ReferencePath | undefined
}

/**
 * What the scenario has set up before its first swap: routers, pools, assets and wallets.
 *
 * @example
 * ```ts
 * const world: ScenarioWorld = { pools, routers, wallets, assets, assetOf }
 * ```
 */
export type ScenarioWorld = Pick<
  ScenarioResult,
  'pools' | 'routers' | 'wallets' | 'assets' | 'assetOf'
>

/** Kind parameters of a stable or weighted demo pool: amp, and the weight of asset A (18 decimals). */
type KindSpec = { readonly amp?: bigint; readonly weightA?: bigint }

/** One swap the scenario made and what the emulator reported. */
export type ScenarioSwap = {
  readonly pool: string
  readonly wallet: string
  readonly referral: string | null
  readonly dex: 'v1' | 'v2'
  readonly ok: boolean
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly referralOut: bigint
  /** Asset of the output (where referral fees accrue). */
  readonly askAsset: string
}

/** What {@link runScenario} did, for assertions and for the indexer's asset resolution. */
export type ScenarioResult = {
  readonly pools: readonly LocalPool[]
  readonly swaps: readonly ScenarioSwap[]
  /** The arbitrage wallet's swaps (empty without a `reference` path), in order. */
  readonly arbitrage: readonly ScenarioSwap[]
  readonly provisions: number
  readonly burns: number
  readonly refunds: number
  readonly withdrawals: readonly { owner: string; asset: string; amount: bigint }[]
  readonly referrers: readonly string[]
  readonly routers: readonly LocalRouter[]
  /** Every wallet that traded, provided or referred: users, referrers, then the arbitrage wallet. */
  readonly wallets: readonly Address[]
  /** The scenario's jettons (USDT, STON) and proxy-TONs (v1, v2). */
  readonly assets: readonly LocalAsset[]
  /** Router token wallet → asset (TON for proxy-TON). */
  readonly assetOf: (routerWallet: string) => string | undefined
}

/**
 * A scripted market history on the emulator: a DEX v1 and a DEX v2 router, three pools (USDT/TON
 * on both, STON/USDT on v2), provisions by several wallets, `swaps` pseudo-random swaps in both
 * directions with and without referral (a few with an unreachable `minOut`, i.e. refunds),
 * burns, an LP-account refund and DEX v2 vault withdrawals. Deterministic for a given seed.
 *
 * @example
 * ```ts
 * const result = await runScenario(await createLocalDex(), { swaps: 100 })
 * result.swaps.filter((s) => s.ok).length // 95
 * ```
 */
export async function runScenario(
  dex: LocalDex,
  options: ScenarioOptions = {},
): Promise<ScenarioResult> {
  const total = options.swaps ?? 60
  let seed = options.seed ?? 1
  // xorshift32: deterministic choices.
  const next = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 2 ** 32
  }
  const assetName = (a: LocalAsset) => (a.kind === 'pton' ? TON_ADDRESS : a.minter.toString())
  const run = options.run ?? (<T>(job: () => Promise<T>) => job())
  const { dated, reference } = options
  const times = dated === undefined ? [] : activityTimes({ ...dated, count: total, seed })
  /** Announces a part's time, before it runs (outside `run`). */
  const announce = (now: number | undefined) => {
    if (now !== undefined) dated?.onTime?.(now)
  }
  /** Moves the sandbox clock forward to `now` (inside `run`). */
  const at = (now: number | undefined) => {
    if (now === undefined) return
    dated?.onTime?.(now)
    dex.blockchain.now = Math.max(dex.blockchain.now ?? 0, now)
  }
  /** A hundred million of every scenario jetton to `owner` (set once the jettons exist). */
  let fund: (owner: Address) => Promise<void> = async () => undefined
  announce(dated?.from)
  const setup = await run(async () => {
    at(dated?.from)
    const users = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => dex.wallet(n)))
    const referrers = await Promise.all(['ref-one', 'ref-two'].map((n) => dex.wallet(n)))
    const usdt = await dex.deployJetton('USDT')
    const ston = await dex.deployJetton('STON')
    const ton2 = await dex.deployPton('v2')
    const ton1 = await dex.deployPton('v1')
    const v2 = await dex.deployRouter('v2', { pton: ton2 })
    const v1 = await dex.deployRouter('v1', { pton: ton1 })
    const extra: LocalJetton[] = []
    const kindRouters: LocalRouter[] = []
    if (options.kinds === true) {
      extra.push(await dex.deployJetton('XTON'), await dex.deployJetton('USDC'))
      for (const kind of ['stableswap', 'weighted_const_product', 'weighted_stableswap'] as const)
        kindRouters.push(await dex.deployRouter('v2', { pton: ton2, kind }))
    }
    const [xton, usdc] = extra
    fund = async (owner) => {
      await dex.mint(usdt, owner, 100_000_000n * 10n ** 6n)
      await dex.mint(ston, owner, 100_000_000n * 10n ** 9n)
      if (xton !== undefined) await dex.mint(xton, owner, 100_000_000n * 10n ** 9n)
      if (usdc !== undefined) await dex.mint(usdc, owner, 100_000_000n * 10n ** 6n)
    }
    const [alice, bob] = users as [(typeof users)[0], (typeof users)[0]]
    // The set-up funds the pools' creator only; the other users are funded with the first part
    // of swaps (see `funding` below), so the market the listing waits for is built sooner.
    await fund(alice.address)
    const pools: LocalPool[] = []
    const tonPoolUsdt = options.tonPoolUsdt ?? 3_000_000n * 10n ** 6n
    /** Router, asset A and amount, asset B and amount, kind parameters (weight of A). */
    type Spec = [LocalRouter, LocalAsset, bigint, LocalAsset, bigint, KindSpec?]
    const specs: Spec[] = [
      [v2, usdt, tonPoolUsdt, ton2, toNano('100000')],
      [v2, ston, 5_000_000n * 10n ** 9n, usdt, 1_000_000n * 10n ** 6n],
      [v1, usdt, tonPoolUsdt, ton1, toNano('100000')],
    ]
    const [stable, weighted, wstable] = kindRouters
    if (xton !== undefined && usdc !== undefined && stable && weighted && wstable) {
      // Reserves at the reference prices: XTON = TON, USDC = USDT, STON = USDT / 5; the weighted
      // pools hold value in proportion to their weights (STON 80 %, TON 20 %).
      // Divisions below floor: every operand is positive.
      const tonUsdt = tonPoolUsdt / 100_000n // USDT units per whole TON
      const tonStonWhole = (tonUsdt * 5n * 4n * 10n ** 9n) / 10n ** 6n // STON units per TON, ×4
      specs.push(
        [stable, ton2, toNano('100000'), xton, toNano('100000'), { amp: 200n }],
        [stable, usdt, 1_000_000n * 10n ** 6n, usdc, 1_000_000n * 10n ** 6n, { amp: 100n }],
        [
          weighted,
          ston,
          10_000n * tonStonWhole,
          ton2,
          toNano('10000'),
          { weightA: (8n * E18) / 10n },
        ],
        [weighted, usdc, 10_000n * tonUsdt, ton2, toNano('10000'), { weightA: E18 / 2n }],
        [
          wstable,
          ton2,
          toNano('60000'),
          xton,
          toNano('60000'),
          { weightA: E18 / 2n, amp: 100n * E18 },
        ],
        [
          wstable,
          usdt,
          500_000n * 10n ** 6n,
          usdc,
          500_000n * 10n ** 6n,
          { weightA: E18 / 2n, amp: 100n * E18 },
        ],
      )
    }
    let provisions = 0
    for (const [router, a, amountA, b, amountB, kind] of specs) {
      if (kind !== undefined) {
        // The admin sets the kind's parameters before the first provision (token0's weight).
        const empty = await dex.pool(router, a, b)
        const aFirst = assetName(empty.asset0) === assetName(a)
        await dex.setPoolParams(empty, {
          ...(kind.amp !== undefined ? { amp: kind.amp } : {}),
          ...(kind.weightA !== undefined ? { w0: aFirst ? kind.weightA : E18 - kind.weightA } : {}),
        })
      }
      const { pool } = await dex.createPool(router, {
        from: alice,
        assetA: a,
        amountA,
        assetB: b,
        amountB,
      })
      provisions += 2 // two sides of the first provision
      pools.push(pool)
    }
    const seconds = specs.map(([router, a, amountA, b, amountB]) => ({
      router,
      a,
      amountA,
      b,
      amountB,
    }))
    const walletMap = new Map<string, string>()
    for (const p of pools) {
      walletMap.set(p.wallet0.toString(), assetName(p.asset0))
      walletMap.set(p.wallet1.toString(), assetName(p.asset1))
    }
    return {
      users,
      referrers,
      usdt,
      ston,
      ton1,
      ton2,
      v1,
      v2,
      pools,
      provisions,
      walletMap,
      alice,
      bob,
      extra,
      kindRouters,
      seconds,
    }
  })
  const {
    users,
    referrers,
    usdt,
    ston,
    ton1,
    ton2,
    v1,
    v2,
    pools,
    walletMap,
    alice,
    bob,
    extra,
    kindRouters,
    seconds,
  } = setup
  let provisions = setup.provisions
  const assetOf = (wallet: string) => walletMap.get(wallet)
  const assets = [usdt, ston, ton1, ton2, ...extra]
  const wallets = [...users, ...referrers].map((w) => w.address)
  const decimalsOf = (a: LocalAsset) => (a.kind === 'jetton' ? jettonDecimals(a.symbol) : 9)
  const referenceAsset = (a: LocalAsset) => ({
    symbol: a.kind === 'pton' ? 'TON' : a.symbol,
    decimals: decimalsOf(a),
  })
  const arbitrage: ScenarioSwap[] = []
  /**
   * The arbitrage wallet, deployed and funded in the first part (inside `run`, before its first
   * trade), not in the set-up the listing waits for: 1 000 000 TON from the sandbox and a
   * billion of each jetton, to meet the net flow of every user's swaps. Local demo funds.
   */
  let arbitrageur: Awaited<ReturnType<LocalDex['wallet']>> | undefined
  const trader = async () => {
    if (arbitrageur !== undefined) return arbitrageur
    const wallet = await dex.wallet(ARBITRAGE_WALLET)
    for (const jetton of assets.filter((a) => a.kind === 'jetton')) {
      const decimals = BigInt(decimalsOf(jetton))
      await dex.mint(jetton, wallet.address, 1_000_000_000n * 10n ** decimals)
    }
    arbitrageur = wallet
    return wallet
  }
  /** The arbitrage wallet trades every pool back to the reference path at `now` (inside `run`). */
  const rebalance = async (now: number, bandBps: bigint | undefined) => {
    if (reference === undefined) return
    const wallet = await trader()
    for (const pool of pools) {
      const target = referenceRatio(
        reference,
        now,
        referenceAsset(pool.asset0),
        referenceAsset(pool.asset1),
      )
      if (target === undefined) continue
      const trade = arbitrageTrade(await dex.poolState(pool), target, { bandBps })
      if (trade === undefined) continue
      const offer = trade.side === 0 ? pool.asset0 : pool.asset1
      const ask = trade.side === 0 ? pool.asset1 : pool.asset0
      const r = await dex.swap(pool.router, {
        from: wallet,
        offer,
        ask,
        amount: trade.amountIn,
      })
      arbitrage.push({
        pool: pool.address.toString(),
        wallet: wallet.address.toString(),
        referral: null,
        dex: pool.router.dex,
        ok: r.status === 'ok',
        amountIn: trade.amountIn,
        amountOut: r.amountOut,
        referralOut: r.referralOut,
        askAsset: assetName(ask),
      })
    }
  }
  const routers = [v1, v2, ...kindRouters]
  await options.afterSetup?.({ pools, routers, wallets, assets, assetOf })

  // Before the first swap, at its time, one job each (so requests are served between them):
  // the other users' jettons, and bob's second provision of a tenth of the first to every pool
  // (floor: positive amounts).
  announce(times[0])
  for (const user of users.slice(1)) {
    await run(async () => {
      at(times[0])
      await fund(user.address)
    })
  }
  for (const { router, a, amountA, b, amountB } of seconds) {
    await run(async () => {
      at(times[0])
      await dex.provide(router, {
        from: bob,
        assetA: a,
        amountA: amountA / 10n,
        assetB: b,
        amountB: amountB / 10n,
      })
    })
    provisions += 2
  }
  const swaps: ScenarioSwap[] = []
  const chunk = Math.max(1, options.chunk ?? total)
  for (let from = 0; from < total; from += chunk) {
    announce(times[from])
    await run(async () => {
      for (let i = from; i < Math.min(total, from + chunk); i += 1) {
        at(times[i])
        const pool = pools[Math.floor(next() * pools.length)] as LocalPool
        const user = users[Math.floor(next() * users.length)] as (typeof users)[0]
        const forward = next() < 0.5
        const offer = forward ? pool.asset0 : pool.asset1
        const ask = forward ? pool.asset1 : pool.asset0
        const scale = 10n ** BigInt(decimalsOf(offer))
        const amount = BigInt(1 + Math.floor(next() * 5000)) * scale
        const referral =
          next() < 0.5
            ? (referrers[Math.floor(next() * referrers.length)]?.address as Address)
            : undefined
        const refund = i % 25 === 7
        const r = await dex.swap(pool.router, {
          from: user,
          offer,
          ask,
          amount,
          ...(referral !== undefined ? { referral } : {}),
          ...(referral !== undefined && pool.router.dex === 'v2'
            ? { referralBps: BigInt(1 + Math.floor(next() * 100)) }
            : {}),
          ...(refund ? { minOut: 10n ** 30n } : {}),
        })
        swaps.push({
          pool: pool.address.toString(),
          wallet: user.address.toString(),
          referral: referral?.toString() ?? null,
          dex: pool.router.dex,
          ok: r.status === 'ok',
          amountIn: amount,
          amountOut: r.amountOut,
          referralOut: r.referralOut,
          askAsset: assetName(ask),
        })
        options.onProgress?.(i + 1, total)
      }
      // After the part, at its last swap's time: the pools back to the reference path — those
      // off by more than ARBITRAGE_BAND_BPS, and after the last part every one off by more
      // than its fees.
      const last = from + chunk >= total
      await rebalance(dex.blockchain.now ?? 0, last ? undefined : ARBITRAGE_BAND_BPS)
      await options.onPart?.(
        { pools, routers, wallets, assets, assetOf },
        Math.min(total, from + chunk) / total,
      )
    })
  }

  announce(dated?.to)
  return run(async () => {
    at(dated?.to)
    let burns = 0
    for (const pool of pools) {
      const lp = await dex.lpBalance(pool, bob.address)
      if (lp > 0n) {
        await dex.burn(pool, { from: bob, lp: lp / 2n }) // half, floor: lp > 0
        burns += 1
      }
    }
    // A one-sided DEX v2 provision waits in the LP account; the owner takes it back.
    const [v2pool] = pools as [LocalPool]
    await dex.provide(v2, {
      from: alice,
      assetA: v2pool.asset0,
      amountA: 1_000_000n,
      assetB: v2pool.asset1,
      amountB: 0n,
      minLpOut: 10n ** 30n,
    })
    await dex.refundLiquidity(v2pool, { from: alice })
    const withdrawals: { owner: string; asset: string; amount: bigint }[] = []
    for (const ref of referrers.slice(0, 1)) {
      for (const asset of [usdt, ton2, ston, ...extra]) {
        const balance = await dex.vaultBalance(v2, ref.address, asset)
        if (balance === 0n) continue
        await dex.withdrawReferralFees(v2, { owner: ref.address, asset })
        withdrawals.push({
          owner: ref.address.toString(),
          asset: assetName(asset),
          amount: balance,
        })
      }
    }
    return {
      pools,
      swaps,
      arbitrage,
      provisions,
      burns,
      refunds: 1,
      withdrawals,
      referrers: referrers.map((r) => r.address.toString()),
      routers,
      // The arbitrage wallet last: its rows are derived and checked with the others'.
      wallets: arbitrageur === undefined ? wallets : [...wallets, arbitrageur.address],
      assets,
      assetOf,
    }
  })
}
