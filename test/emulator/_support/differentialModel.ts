import fc from 'fast-check'
import type { PoolKind } from '../../../core/index.js'

/** A swap intent: amounts are parts per million of the offered side's reserve. */
export type SwapOp = {
  readonly kind: 'swap'
  readonly side: 0 | 1
  /** Offered amount in ppm of the input reserve (1 ppm .. 2×), or raw when `raw`. */
  readonly size: bigint
  readonly raw: boolean
  /** v1: a referral address is set. v2: referral bps (above 100 refunds), undefined = none. */
  readonly referral: bigint | undefined
  /** min_out relative to the exact output: none, equal, one above, one below. */
  readonly minOut: 'none' | 'exact' | 'above' | 'below'
}

/** A provision intent: amounts in ppm of each reserve; v2 may be single-sided. */
export type ProvideOp = {
  readonly kind: 'provide'
  readonly size0: bigint
  readonly size1: bigint
  /** Ask for more LP than the provision can mint, so the pool sends it back. */
  readonly greedy: boolean
}

/** A burn intent: part (ppm) of the provider's LP balance. */
export type BurnOp = { readonly kind: 'burn'; readonly share: bigint }

/**
 * A parameter change by the admin (DEX v2 kinds): stableswap `amp`; weighted stableswap a new
 * `rate` of `rateScale` ppm of the current one (and a new `amp`); weighted constant product
 * tries a new `w0`, which the pool ignores (set once).
 */
export type ParamsOp = {
  readonly kind: 'params'
  readonly amp: bigint
  readonly w0: bigint
  readonly rateScale: bigint
}

export type Op = SwapOp | ProvideOp | BurnOp | ParamsOp

/** A pool kind's parameters at creation, in the units of `PoolState` (w0 = token0's weight). */
export type KindParams = { readonly amp?: bigint; readonly w0?: bigint }

/** One differential scenario: a fresh pool, its fees and a sequence of operations. */
export type Scenario = {
  readonly amount0: bigint
  readonly amount1: bigint
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee: bigint
  /** DEX v2 pool kinds: the parameters set before the first provision. */
  readonly params?: KindParams | undefined
  readonly ops: readonly Op[]
}

const reserveAmount = fc
  .tuple(fc.integer({ min: 4, max: 15 }), fc.bigInt({ min: 1n, max: 9n }))
  .map(([exp, mantissa]) => mantissa * 10n ** BigInt(exp))

const ppm = fc.oneof(
  fc.bigInt({ min: 1n, max: 1_000n }),
  fc.bigInt({ min: 1_000n, max: 100_000n }),
  fc.bigInt({ min: 100_000n, max: 2_000_000n }),
)

function swapOp(dex: 'v1' | 'v2'): fc.Arbitrary<SwapOp> {
  const referral: fc.Arbitrary<bigint | undefined> =
    dex === 'v1'
      ? fc.option(fc.constant(1n), { nil: undefined })
      : fc.option(
          fc.oneof(fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 101n, max: 120n })),
          {
            nil: undefined,
            freq: 2,
          },
        )
  return fc.record({
    kind: fc.constant('swap' as const),
    side: fc.constantFrom(0 as const, 1 as const),
    size: ppm,
    raw: fc.oneof(
      { weight: 1, arbitrary: fc.constant(true) },
      { weight: 5, arbitrary: fc.constant(false) },
    ),
    referral,
    minOut: fc.constantFrom(
      'none' as const,
      'none' as const,
      'exact' as const,
      'above' as const,
      'below' as const,
    ),
  })
}

function provideOp(dex: 'v1' | 'v2'): fc.Arbitrary<ProvideOp> {
  const size = fc.oneof(ppm, dex === 'v2' ? fc.constant(0n) : ppm)
  return fc
    .record({
      kind: fc.constant('provide' as const),
      size0: size,
      size1: size,
      greedy: fc.boolean(),
    })
    .filter((op) => op.size0 > 0n || op.size1 > 0n)
    .map((op) => ({ ...op, greedy: op.greedy && op.size0 % 5n === 0n }))
}

const burnOp: fc.Arbitrary<BurnOp> = fc.record({
  kind: fc.constant('burn' as const),
  share: fc.bigInt({ min: 1n, max: 1_000_000n }),
})

/** Scenarios for one DEX version: `opsPerScenario` operations each. */
export function scenario(dex: 'v1' | 'v2', opsPerScenario: number): fc.Arbitrary<Scenario> {
  const op = fc.oneof(
    { weight: 6, arbitrary: swapOp(dex) },
    { weight: 2, arbitrary: provideOp(dex) },
    { weight: 2, arbitrary: burnOp },
  )
  return fc.record({
    amount0: reserveAmount,
    amount1: reserveAmount,
    lpFee: fc.bigInt({ min: 0n, max: 100n }),
    protocolFee: fc.bigInt({ min: 0n, max: 100n }),
    refFee: fc.bigInt({ min: 0n, max: 100n }),
    ops: fc.array(op, { minLength: opsPerScenario, maxLength: opsPerScenario }),
  })
}

const E18 = 10n ** 18n

/** Reserves of a kind's scenarios: weighted stableswap gets large ones (up to 9e27), where its
 * derivative's pow leaves exp's domain (50003), and starts at 1e9 (tinier pools mostly make its
 * Newton solver run past the chain's gas limit). */
function kindReserve(kind: PoolKind): fc.Arbitrary<bigint> {
  const exponent = kind === 'weighted_stableswap' ? { min: 9, max: 27 } : { min: 4, max: 15 }
  return fc
    .tuple(fc.integer(exponent), fc.bigInt({ min: 1n, max: 9n }))
    .map(([exp, mantissa]) => mantissa * 10n ** BigInt(exp))
}

const stableAmp = fc.oneof(fc.bigInt({ min: 1n, max: 10n }), fc.bigInt({ min: 10n, max: 2000n }))
const weight = fc.oneof(
  fc.bigInt({ min: E18 / 100n, max: E18 - E18 / 100n }),
  fc.constantFrom(E18 / 2n, (8n * E18) / 10n, (2n * E18) / 10n),
)
const stableWeight = fc.bigInt({ min: E18 / 20n, max: E18 - E18 / 20n })
/** amp 0 is accepted by the real router (only amp > 2000e18 is refused, 90). */
const weightedStableAmp = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: E18 / 10n, max: 10n * E18 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 10n * E18, max: 2000n * E18 }) },
  { weight: 1, arbitrary: fc.constant(0n) },
)

function kindParams(kind: PoolKind): fc.Arbitrary<KindParams> {
  switch (kind) {
    case 'stableswap':
      return fc.record({ amp: stableAmp })
    case 'weighted_const_product':
      return fc.record({ w0: weight })
    case 'weighted_stableswap':
      return fc.record({ amp: weightedStableAmp, w0: stableWeight })
    default:
      return fc.constant({})
  }
}

const paramsOp: fc.Arbitrary<ParamsOp> = fc.record({
  kind: fc.constant('params' as const),
  amp: fc.bigInt({ min: 1n, max: 2000n }),
  w0: weight,
  rateScale: fc.bigInt({ min: 500_000n, max: 2_000_000n }),
})

/** DEX v2 scenarios of one pool kind: its parameters, and parameter changes among the ops. */
export function kindScenario(kind: PoolKind, opsPerScenario: number): fc.Arbitrary<Scenario> {
  const op = fc.oneof(
    { weight: 6, arbitrary: swapOp('v2') },
    { weight: 2, arbitrary: provideOp('v2') },
    { weight: 2, arbitrary: burnOp },
    { weight: 1, arbitrary: paramsOp },
  )
  return fc
    .record({
      amount0: kindReserve(kind),
      amount1: kindReserve(kind),
      lpFee: fc.bigInt({ min: 0n, max: 100n }),
      protocolFee: fc.bigInt({ min: 0n, max: 100n }),
      refFee: fc.constant(0n),
      params: kindParams(kind),
      ops: fc.array(op, { minLength: opsPerScenario, maxLength: opsPerScenario }),
    })
    .filter((s) => kind !== 'weighted_stableswap' || storableRate(s.amount0, s.amount1))
}

/**
 * Reserves at most 1e4 apart. The first provision's rate a0·1e18 / a1 must fit `rate:uint128`;
 * and with a far larger rate·amp, one unit of the solved balance moves K by more than the
 * solver's 1e24 tolerance, so Newton cycles until the chain's gas runs out (core: 5103).
 */
function storableRate(a: bigint, b: bigint): boolean {
  return a <= b * 10n ** 4n && b <= a * 10n ** 4n
}
