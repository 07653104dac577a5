import type { BlockchainTransaction } from '@ton/sandbox'
import { expect, test } from 'vitest'
import { FEE_DIVIDER } from '../core/pool/PoolState.js'
import { spotPrice } from '../core/quote/spotPrice.js'
import { createLocalDex } from '../emulator/createLocalDex.js'
import type { LocalAsset } from '../emulator/model.js'
import { TON_POOL_USDT } from './buildEmulatedMarket.js'
import { DAY_SECONDS, demoReferencePath, referenceRatio } from './demoHistory.js'
import { runScenario } from './runScenario.js'

const TO = 1_764_000_000
const FROM = TO - 30 * DAY_SECONDS

/**
 * The dated demo history on the emulator: the scenario's parts at times spread over the 30 days
 * before `to`, and an arbitrage wallet holding every pool of every kind near the reference path.
 */
test('behavior: a dated history spreads the scenario over 30 days and ends with every pool near the reference path', async () => {
  const dex = await createLocalDex({ seed: 'dated history', fastCells: true })
  const txs: BlockchainTransaction[] = []
  const stop = dex.onTransactions((batch) => {
    txs.push(...batch)
  })
  const reference = demoReferencePath({ to: TO, tonPoolUsdt: TON_POOL_USDT })
  const heard: number[] = []
  const result = await runScenario(dex, {
    ...{ swaps: 60, chunk: 10, seed: 1, kinds: true, tonPoolUsdt: TON_POOL_USDT },
    dated: { from: FROM, to: TO, onTime: (now) => heard.push(now) },
    reference,
  })
  stop()
  // Time and logical time only move forward, from the set-up at `from` to the tail at `to`.
  expect(txs[0]?.now).toBe(FROM)
  expect(txs.at(-1)?.now).toBe(TO)
  for (const [i, tx] of txs.entries()) {
    if (i === 0) continue
    expect(tx.now).toBeGreaterThanOrEqual(txs[i - 1]?.now ?? 0)
    expect(tx.lt).toBeGreaterThan(txs[i - 1]?.lt ?? 0n)
  }
  expect(heard).toEqual([...heard].sort((a, b) => a - b))
  // Every day of the 30 has trading, the last one included (the tail at `to` aside).
  const swapTimes = txs.map((t) => t.now ?? 0).filter((now) => now > FROM && now < TO)
  for (let day = 0; day < 30; day += 1) {
    const start = FROM + day * DAY_SECONDS
    expect(swapTimes.some((now) => now >= start && now < start + DAY_SECONDS)).toBe(true)
  }
  // The arbitrage wallet traded (every trade a real, successful chain swap) ...
  expect(result.arbitrage.length).toBeGreaterThan(0)
  expect(result.arbitrage.every((s) => s.ok)).toBe(true)
  expect(result.wallets.map(String)).toContain(result.arbitrage[0]?.wallet)
  // ... and after its last round (at the last swap's time; between parts it waits for 1 %,
  // after the last it trades whatever is off by more than the pool's fees) every pool's
  // marginal price is within the pool's fees of the reference, plus 1 bps for the tail's burns
  // (proportional, floored).
  const lastSwap = Math.max(...swapTimes)
  const asset = (a: LocalAsset) => ({
    symbol: a.kind === 'pton' ? 'TON' : a.symbol,
    decimals: a.kind === 'jetton' && (a.symbol === 'USDT' || a.symbol === 'USDC') ? 6 : 9,
  })
  expect(result.pools).toHaveLength(9)
  for (const pool of result.pools) {
    const state = await dex.poolState(pool)
    const target = referenceRatio(reference, lastSwap, asset(pool.asset0), asset(pool.asset1))
    if (target === undefined) throw new Error(`no reference for pool ${pool.address}`)
    const spot = spotPrice(state, 0)
    const p = spot.numerator * target.denominator
    const t = target.numerator * spot.denominator
    const gap = p > t ? p - t : t - p
    const band = state.lpFee + state.protocolFee + 1n
    expect(gap * FEE_DIVIDER, `${state.kind} ${pool.address}`).toBeLessThanOrEqual(t * band)
  }
})
