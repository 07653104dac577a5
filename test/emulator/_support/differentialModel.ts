import fc from 'fast-check'

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

export type Op = SwapOp | ProvideOp | BurnOp

/** One differential scenario: a fresh pool, its fees and a sequence of operations. */
export type Scenario = {
  readonly amount0: bigint
  readonly amount1: bigint
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee: bigint
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
