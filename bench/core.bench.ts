/**
 * `npm run bench:core`: core swap throughput against a bare inline x·y = k quote loop measured
 * in the same run (machines here are noisy, so only the ratio is meaningful). Writes
 * `bench/results/core.json`.
 */
import { createPoolState, swap } from '../core/index.js'
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

const result = compare(
  { name: 'bare x*y=k quote loop (baseline)', iterations: ITERATIONS, body: bareLoop },
  [{ name: 'swap, v2 constant product', iterations: ITERATIONS, body: coreSwapLoop }],
)

console.log(`${result.baseline.name}: ${formatRate(result.baseline.opsPerSecond)}`)
for (const c of result.cases) {
  console.log(`${c.name}: ${formatRate(c.opsPerSecond)}  ratio ${c.ratio.toFixed(2)}x baseline`)
}
const path = writeResult('core.json', {
  date: new Date().toISOString(),
  node: process.version,
  baseline: { name: result.baseline.name, opsPerSecond: Math.round(result.baseline.opsPerSecond) },
  cases: result.cases.map((c) => ({
    name: c.name,
    opsPerSecond: Math.round(c.opsPerSecond),
    ratio: Number(c.ratio.toFixed(3)),
  })),
})
console.log(`written ${path}`)
