/**
 * `npm run bench:core`: core swap throughput against a bare inline x·y = k quote loop measured
 * in the same run (machines here are noisy, so only the ratio is meaningful); core's weighted
 * constant product and stableswap against `@balancer-labs/balancer-maths` (`Weighted.onSwap`,
 * `Stable.onSwap`) on the same pools; and the fixed-point kernel against the previous one
 * (`core/math/fixed/_support/referenceKernel.ts`) on the pow calls one weighted swap makes. Writes
 * `bench/results/core.json`.
 */
import { Stable, SwapKind, Weighted } from '@balancer-labs/balancer-maths'
import {
  complement,
  createPoolState,
  curveOf,
  FIXED_POINT,
  fdiv,
  fdivUp,
  fixedFrom,
  fixedTo,
  fmul,
  type PoolState,
  powDown,
  powUp,
  swap,
} from '../core/index.js'
import { referencePowDown, referencePowUp } from '../core/math/fixed/_support/referenceKernel.js'
import { compare, formatRate, writeResult } from './_support/measure.js'

const ITERATIONS = 200_000
const AMOUNTS: bigint[] = Array.from(
  { length: 1024 },
  (_, i) => 1_000_000_000n + BigInt(i) * 7_919n,
)

const cpPool = createPoolState({
  dex: 'v2',
  kind: 'constant_product',
  reserve0: 1_000_000_000_000n,
  reserve1: 2_000_000_000_000n,
  totalSupply: 1_414_213_562_373n,
})

/** The baseline: the bare constant-product formula with the fee split, inline, no checks. */
function bareLoop(iterations: number): bigint {
  const r0 = cpPool.reserve0
  const r1 = cpPool.reserve1
  let sum = 0n
  for (let i = 0; i < iterations; i++) {
    const a = AMOUNTS[i & 1023] as bigint
    const aif = a * 9_980n
    const gross = (aif * r1) / (r0 * 10_000n + aif)
    const protocol = (gross * 10n + 9_999n) / 10_000n
    sum += gross - protocol
  }
  return sum
}

function coreSwapLoop(iterations: number): bigint {
  let sum = 0n
  for (let i = 0; i < iterations; i++) {
    sum += swap(cpPool, { side: 0, amountIn: AMOUNTS[i & 1023] as bigint }).amountOut
  }
  return sum
}

if (bareLoop(1024) !== coreSwapLoop(1024)) throw new Error('baseline and core disagree')

// DEX v2 stable and weighted kinds: realistic pools (6-decimal stablecoins of a few million
// units; a 80/20 weighted pool; a weighted stable pool with its first-provision rate).
const ONE = FIXED_POINT.ONE_18
const stablePool = createPoolState({
  dex: 'v2',
  kind: 'stableswap',
  amp: 100n,
  reserve0: 5_000_000_000_000n,
  reserve1: 4_800_000_000_000n,
  totalSupply: 9_799_000_000_000n,
})
const weightedPool = createPoolState({
  dex: 'v2',
  kind: 'weighted_const_product',
  w0: 800_000_000_000_000_000n,
  reserve0: 1_000_000_000_000n,
  reserve1: 2_000_000_000_000n,
  totalSupply: 1_148_698_354_997n,
})
/**
 * The same 80/20 pool at a thousand times the size (9-decimal tokens, a million units): B is then
 * too large for the certified bounds to pin (`docs/math-v2-kinds.md`, "Certified estimates"),
 * so every swap runs the exact kernel. Reported against Balancer beside the small pool.
 */
const largeWeightedPool = createPoolState({
  dex: 'v2',
  kind: 'weighted_const_product',
  w0: 800_000_000_000_000_000n,
  reserve0: 1_000_000_000_000_000n,
  reserve1: 2_000_000_000_000_000n,
  totalSupply: 1_148_698_354_997_000n,
})
const weightedStablePool = createPoolState({
  dex: 'v2',
  kind: 'weighted_stableswap',
  amp: 100n * ONE,
  rate: ONE / 2n,
  w0: 800_000_000_000_000_000n,
  reserve0: 1_000_000_000_000n,
  reserve1: 2_000_000_000_000n,
  totalSupply: 2_999_999_999_999n,
})

const swapLoop =
  (pool: PoolState, side: 0 | 1, size = 1n) =>
  (iterations: number): bigint => {
    let sum = 0n
    for (let i = 0; i < iterations; i++) {
      sum += swap(pool, { side, amountIn: (AMOUNTS[i & 1023] as bigint) * size }).amountOut
    }
    return sum
  }

/**
 * The (base, exponent) of every pow one swap makes, replayed below to time the previous kernel
 * against the current one on the same calls. Transcribed from `docs/contracts.md` §2.4 / §2.5 and
 * checked against the real gross output, so the replay cannot drift from what a swap computes.
 * The weighted swap is token1 in: token0 in on an 80/20 pool has exponent 4, which pow computes
 * with two fmuls. The weighted-stableswap replay makes the 8 calls of the previous solver (the
 * contract's own loop makes 12; the current solver 3 on a pool it has quoted before when every
 * step runs exactly, and usually none: its steps are mostly decided from certified bounds).
 */
function weightedPowCalls(pool: PoolState, amountIn: bigint): [bigint, bigint][] {
  const netIn = (amountIn * (10_000n - pool.lpFee)) / 10_000n
  const balanceIn = fixedFrom(pool.reserve1)
  const base = fdivUp(balanceIn, balanceIn + fixedFrom(netIn))
  const exponent = fdiv(complement(pool.w0), pool.w0)
  const gross = fixedTo(fmul(fixedFrom(pool.reserve0), ONE - powUp(base, exponent)))
  if (gross !== curveOf(pool).grossOut(pool, 1, amountIn)) throw new Error('replay drifted')
  return [[base, exponent]]
}

function weightedStablePowCalls(pool: PoolState, amountIn: bigint): [bigint, bigint][] {
  const calls: [bigint, bigint][] = []
  const down = (x: bigint, y: bigint) => {
    calls.push([x, y])
    return powDown(x, y)
  }
  const { amp, rate, w0: p } = pool
  const q = complement(p)
  const netIn = (amountIn * (10_000n - pool.lpFee)) / 10_000n
  const invariant = (x: bigint, y: bigint) => {
    const rated = fmul(rate, fixedFrom(y))
    return fmul(fixedFrom(x) + rated, amp) + fmul(down(fixedFrom(x), p), down(rated, q))
  }
  const k = invariant(pool.reserve0, pool.reserve1)
  const scaledX = fixedFrom(pool.reserve0 + netIn)
  // Hoisted out of the Newton steps, as the previous solver did: X'^p and rate^q.
  const xPowP = down(scaledX, p)
  const ratePowQ = down(rate, q)
  let balance = pool.reserve1
  for (;;) {
    const scaledY = fixedFrom(balance)
    const rated = fmul(rate, scaledY)
    const df = fmul(scaledX + rated, amp) + fmul(xPowP, down(rated, q)) - k
    const yTerm = fmul(q, down(scaledY, q - ONE))
    const derivative = fmul(amp, rate) + fmul(fmul(yTerm, ratePowQ), xPowP)
    balance -= fixedTo(fdiv(df, derivative))
    if (df <= 10n ** 24n && -df <= 10n ** 24n) break
  }
  if (pool.reserve1 - balance !== curveOf(pool).grossOut(pool, 0, amountIn)) {
    throw new Error('replay drifted')
  }
  return calls
}

/**
 * The previous kernel against the current one on the pow calls of the swaps of `swapLoop`, as
 * the contract makes them (`capture`): both return the same values (checked), so the ratio is
 * the kernel's speed-up alone. `up` says whether the swap rounds its powers up (powUp) or down.
 */
function kernelSpeedup(
  name: string,
  pool: PoolState,
  capture: typeof weightedPowCalls,
  up: boolean,
  n: number,
) {
  const replay = AMOUNTS.map((amount) => capture(pool, amount))
  const powLoop =
    (power: (x: bigint, y: bigint) => bigint) =>
    (iterations: number): bigint => {
      let sum = 0n
      for (let i = 0; i < iterations; i++) {
        for (const [x, y] of replay[i & 1023] as [bigint, bigint][]) sum += power(x, y)
      }
      return sum
    }
  const oldLoop = powLoop(up ? referencePowUp : referencePowDown)
  const newLoop = powLoop(up ? powUp : powDown)
  if (oldLoop(1024) !== newLoop(1024)) throw new Error('the kernels disagree')
  const { baseline, cases } = compare(
    { name: `previous kernel, pow calls of one swap, ${name}`, iterations: n, body: oldLoop },
    [{ name: `current kernel, pow calls of one swap, ${name}`, iterations: n, body: newLoop }],
  )
  const perSwap = replay.reduce((total, calls) => total + calls.length, 0) / replay.length
  return {
    name,
    powCallsPerSwap: Number(perSwap.toFixed(2)),
    previousOpsPerSecond: Math.round(baseline.opsPerSecond),
    currentOpsPerSecond: Math.round(cases[0]?.opsPerSecond ?? Number.NaN),
    speedup: Number((cases[0]?.ratio ?? Number.NaN).toFixed(2)),
  }
}

// Balancer v3's maths on the same pools, balances and amounts scaled to 18 decimals (the
// 6-decimal tokens above times 1e12); its onSwap charges no fee, so its outputs are within the
// pools' 0.2 % LP fee (plus the 0.1 % protocol fee) of core's.
const SCALE = 10n ** 12n
const balancerWeighted = new Weighted({ weights: [weightedPool.w0, ONE - weightedPool.w0] })
const balancerStable = new Stable({ amp: stablePool.amp * 1000n }) // amp × AMP_PRECISION 1e3
const weightedBalances = [weightedPool.reserve0 * SCALE, weightedPool.reserve1 * SCALE]
const largeWeightedBalances = [
  largeWeightedPool.reserve0 * 10n ** 9n,
  largeWeightedPool.reserve1 * 10n ** 9n,
]
const stableBalances = [stablePool.reserve0 * SCALE, stablePool.reserve1 * SCALE]

const balancerLoop =
  (balancer: Weighted | Stable, balances: bigint[], indexIn: number, scale = SCALE, size = 1n) =>
  (iterations: number): bigint => {
    let sum = 0n
    for (let i = 0; i < iterations; i++) {
      sum += balancer.onSwap({
        swapKind: SwapKind.GivenIn,
        amountGivenScaled18: (AMOUNTS[i & 1023] as bigint) * size * scale,
        balancesLiveScaled18: balances,
        indexIn,
        indexOut: 1 - indexIn,
      })
    }
    return sum
  }

for (const [balancer, core, scale] of [
  [balancerLoop(balancerWeighted, weightedBalances, 1), swapLoop(weightedPool, 1), SCALE],
  [
    balancerLoop(balancerWeighted, largeWeightedBalances, 1, 10n ** 9n, 1000n),
    swapLoop(largeWeightedPool, 1, 1000n),
    10n ** 9n,
  ],
  [balancerLoop(balancerStable, stableBalances, 0), swapLoop(stablePool, 0), SCALE],
] as const) {
  const theirs = Number((balancer(1024) as bigint) / scale)
  const ours = Number(core(1024) as bigint)
  if (Math.abs(theirs - ours) > theirs * 0.005) throw new Error('Balancer pools are not the same')
}

/** The curve's gross output alone (what Balancer's onSwap computes: no fees, no new state). */
const grossOutLoop =
  (pool: PoolState, side: 0 | 1) =>
  (iterations: number): bigint => {
    const curve = curveOf(pool)
    let sum = 0n
    for (let i = 0; i < iterations; i++) {
      sum += curve.grossOut(pool, side, AMOUNTS[i & 1023] as bigint)
    }
    return sum
  }

/** A weighted-stableswap quote on a pool quoted for the first time (no per-pool constants). */
function firstQuoteLoop(iterations: number): bigint {
  let sum = 0n
  for (let i = 0; i < iterations; i++) {
    const fresh = { ...weightedStablePool } // a new object: the solver's per-pool entry misses
    sum += swap(fresh, { side: 0, amountIn: AMOUNTS[i & 1023] as bigint }).amountOut
  }
  return sum
}

const result = compare(
  { name: 'bare x*y=k quote loop (baseline)', iterations: ITERATIONS, body: bareLoop },
  [
    { name: 'swap, v2 constant product', iterations: ITERATIONS, body: coreSwapLoop },
    { name: 'swap, v2 stableswap', iterations: ITERATIONS / 10, body: swapLoop(stablePool, 0) },
    {
      name: 'swap, v2 weighted constant product (80/20, token1 in)',
      iterations: ITERATIONS / 10,
      body: swapLoop(weightedPool, 1),
    },
    {
      name: 'swap, v2 weighted stableswap',
      iterations: ITERATIONS / 20,
      body: swapLoop(weightedStablePool, 0),
    },
    {
      name: 'swap, v2 weighted stableswap, first quote of the pool',
      iterations: ITERATIONS / 50,
      body: firstQuoteLoop,
    },
  ],
)
// Rounds of 15 (not 9): the two sides run different code, so the load swings more between them.
const BALANCER_ROUNDS = { rounds: 15 }
const againstBalancer = [
  compare(
    {
      name: 'Balancer v3 Weighted.onSwap (80/20, token1 in)',
      iterations: ITERATIONS / 10,
      body: balancerLoop(balancerWeighted, weightedBalances, 1),
    },
    [
      {
        name: 'core swap, v2 weighted constant product (80/20, token1 in)',
        iterations: ITERATIONS / 10,
        body: swapLoop(weightedPool, 1),
      },
      {
        // Like for like: the output alone, as onSwap (no fees, no new pool state).
        name: 'core gross output alone, v2 weighted constant product (80/20, token1 in)',
        iterations: ITERATIONS / 10,
        body: grossOutLoop(weightedPool, 1),
      },
    ],
    BALANCER_ROUNDS,
  ),
  compare(
    {
      name: 'Balancer v3 Weighted.onSwap (80/20, token1 in, 1000x larger pool)',
      iterations: ITERATIONS / 10,
      body: balancerLoop(balancerWeighted, largeWeightedBalances, 1, 10n ** 9n, 1000n),
    },
    [
      {
        name: 'core swap, v2 weighted constant product (80/20, token1 in, 1000x larger pool, exact kernel)',
        iterations: ITERATIONS / 10,
        body: swapLoop(largeWeightedPool, 1, 1000n),
      },
    ],
    BALANCER_ROUNDS,
  ),
  compare(
    {
      name: 'Balancer v3 Stable.onSwap',
      iterations: ITERATIONS / 10,
      body: balancerLoop(balancerStable, stableBalances, 0),
    },
    [
      {
        name: 'core swap, v2 stableswap',
        iterations: ITERATIONS / 10,
        body: swapLoop(stablePool, 0),
      },
    ],
    BALANCER_ROUNDS,
  ),
]
const kernel = [
  kernelSpeedup(
    'v2 weighted constant product',
    weightedPool,
    weightedPowCalls,
    true,
    ITERATIONS / 10,
  ),
  kernelSpeedup(
    'v2 weighted stableswap',
    weightedStablePool,
    weightedStablePowCalls,
    false,
    ITERATIONS / 50,
  ),
]

console.log(`${result.baseline.name}: ${formatRate(result.baseline.opsPerSecond)}`)
for (const c of result.cases) {
  const ratio = c.ratio < 0.1 ? c.ratio.toPrecision(2) : c.ratio.toFixed(2)
  console.log(`${c.name}: ${formatRate(c.opsPerSecond)}  ratio ${ratio}x baseline`)
}
for (const { baseline, cases } of againstBalancer) {
  for (const c of cases) {
    console.log(
      `${c.name}: ${formatRate(c.opsPerSecond)} vs ${baseline.name}: ` +
        `${formatRate(baseline.opsPerSecond)}  ratio ${c.ratio.toFixed(2)}x`,
    )
  }
}
for (const k of kernel) {
  console.log(
    `kernel, ${k.name} (${k.powCallsPerSwap} pow calls per swap, previous solver): previous ` +
      `${formatRate(k.previousOpsPerSecond)}, current ${formatRate(k.currentOpsPerSecond)}  ` +
      `speed-up ${k.speedup}x`,
  )
}
const path = writeResult('core.json', {
  date: new Date().toISOString(),
  node: process.version,
  baseline: { name: result.baseline.name, opsPerSecond: Math.round(result.baseline.opsPerSecond) },
  cases: result.cases.map((c) => ({
    name: c.name,
    opsPerSecond: Math.round(c.opsPerSecond),
    ratio: Number(c.ratio.toPrecision(3)),
  })),
  againstBalancer: againstBalancer.flatMap(({ baseline, cases }) =>
    cases.map((c) => ({
      name: c.name,
      opsPerSecond: Math.round(c.opsPerSecond),
      balancer: baseline.name,
      balancerOpsPerSecond: Math.round(baseline.opsPerSecond),
      ratio: Number(c.ratio.toPrecision(3)),
    })),
  ),
  kernel,
})
console.log(`written ${path}`)
