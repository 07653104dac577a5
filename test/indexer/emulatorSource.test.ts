import { toNano } from '@ton/core'
import { describe, expect, it } from 'vitest'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { emulatorSource } from '../../indexer/ingest/emulatorSource.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

describe('emulatorSource', () => {
  it('indexes the live emulator stream while the exchange runs', async () => {
    const dex = await createLocalDex({ seed: 'live' })
    const alice = await dex.wallet('alice')
    const usdt = await dex.deployJetton('USDT')
    const ton = await dex.deployPton('v2')
    const router = await dex.deployRouter('v2', { pton: ton })
    await dex.mint(usdt, alice.address, 10n ** 12n)
    const store = createSqliteStore({ path: ':memory:' })
    const source = emulatorSource(dex)
    const run = createIndexer({ store, source, batchSize: 5 }).run()
    const { pool } = await dex.createPool(router, {
      ...{ from: alice, assetA: usdt, amountA: 10n ** 11n },
      ...{ assetB: ton, amountB: toNano('1000') },
    })
    const r = await dex.swap(router, { from: alice, offer: ton, ask: usdt, amount: toNano('10') })
    source.close()
    const stats = await run
    expect(stats.operations).toBe(4) // two provide_lp, one mint, one swap
    const [swap] = await store.listOperations({ operationTypes: ['Swap'] })
    expect(swap?.asset0Amount === r.amountOut || swap?.asset1Amount === r.amountOut).toBe(true)
    const [tracked] = await store.listIndexedPools()
    const onChain = await dex.poolState(pool)
    expect([tracked?.reserve0, tracked?.reserve1]).toEqual([onChain.reserve0, onChain.reserve1])
    await store.close()
  })
})
