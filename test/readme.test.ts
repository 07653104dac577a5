import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { createPoolState, minAskAmount, reverseSwap, swap } from '../core/index.js'

const readme = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md'),
  'utf8',
)

test('the README example prints what it says', () => {
  const pool = createPoolState({
    dex: 'v2',
    kind: 'constant_product',
    reserve0: 1_000_000_000_000_000n,
    reserve1: 2_000_000_000_000_000n,
    totalSupply: 1_414_213_562_373_095n,
  })
  const quote = swap(pool, { side: 0, amountIn: 1_000_000_000n, referralBps: 10 })
  const shown = [
    ['quote.amountOut', quote.amountOut],
    ['quote.protocolFeeOut', quote.protocolFeeOut],
    ['quote.referralFeeOut', quote.referralFeeOut],
    ["minAskAmount(quote.amountOut, '0.005')", minAskAmount(quote.amountOut, '0.005')],
    [
      'reverseSwap(pool, { side: 0, amountOut: 1_000_000_000n }).amountIn',
      reverseSwap(pool, { side: 0, amountOut: 1_000_000_000n }).amountIn,
    ],
  ] as const
  for (const [expression, value] of shown) expect(readme).toContain(`${expression} // ${value}n`)
})
