/**
 * `node --expose-gc --import tsx bench/stateHistory.bench.ts`: what keeping account states for
 * reads at older blocks (`LiveChain.open({ stateHistory })`) costs. DEX v2 swap blocks through
 * `LiveChain.execute` on the same kind of world, in alternating rounds: no history kept
 * (`maxBlocks: 0`, the baseline: the prior states are still noted, then dropped) against the
 * default 1 000 blocks. Reports swap blocks/s (ratio against the baseline of the same round),
 * the heap growth after a forced GC, what the history holds, and get-methods/s at the head
 * (baseline) and at the oldest kept block (a detached copy of the old state each time).
 *
 * Last runs (2 cores shared with six other jobs, Node 20, 300 swaps; four rounds): swap
 * blocks 5.7–6.6/s either way, ratio 0.90–1.14 (noise: nothing measurable); the heap grows by
 * 2 MiB more for 300 kept swap blocks (1.8 MB of state text, about 6 KB a block, so the
 * default 1 000 blocks hold about 6 MB); `get_pool_data` at the oldest kept block (head − 300)
 * runs at 0.84–0.89 of the head's rate (it parses the old state first).
 */
import { MemoryChainJournal } from '../chain/ChainJournal.js'
import { LiveChain } from '../chain/LiveChain.js'
import { buildRouterWorld } from '../test/emulator/_support/localWorld.js'

const SWAPS = Number(process.env.BENCH_HISTORY_SWAPS ?? 300)
const READS = 200
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('Run with node --expose-gc.')

async function run(maxBlocks: number) {
  const w = await buildRouterWorld('v2')
  const chain = await LiveChain.open({
    blockchain: w.dex.blockchain,
    journal: new MemoryChainJournal(),
    stateHistory: { maxBlocks },
  })
  gc!()
  const heapBefore = process.memoryUsage().heapUsed
  const start = process.hrtime.bigint()
  for (let i = 0; i < SWAPS; i++) {
    const [offer, ask] = i % 2 === 0 ? [w.a, w.b] : [w.b, w.a]
    await chain.execute(() => w.dex.swap(w.router, { from: w.bob, offer, ask, amount: 10n ** 9n }))
  }
  const swapSeconds = Number(process.hrtime.bigint() - start) / 1e9
  gc!()
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore
  const kept = (chain as unknown as { history: { size: { blocks: number; bytes: number } } })
    .history.size
  // the oldest block still answered (every swap block changed the pool)
  const seqno = chain.head.seqno - kept.blocks
  const readStart = process.hrtime.bigint()
  for (let i = 0; i < READS; i++) {
    await chain.runGetMethod(w.poolAB.address, 'get_pool_data', [], { seqno })
  }
  const readSeconds = Number(process.hrtime.bigint() - readStart) / 1e9
  await chain.close()
  return {
    swapBlocksPerSecond: SWAPS / swapSeconds,
    heapGrowthMiB: heapGrowth / 2 ** 20,
    kept,
    getMethodsPerSecond: READS / readSeconds,
    readAt: seqno === chain.head.seqno ? 'head' : `head - ${chain.head.seqno - seqno}`,
  }
}

for (let round = 1; round <= 2; round++) {
  const baseline = await run(0)
  const kept = await run(1_000)
  console.log(
    JSON.stringify({
      round,
      baseline,
      kept,
      swapRatio: +(kept.swapBlocksPerSecond / baseline.swapBlocksPerSecond).toFixed(2),
      getMethodRatio: +(kept.getMethodsPerSecond / baseline.getMethodsPerSecond).toFixed(2),
    }),
  )
}
