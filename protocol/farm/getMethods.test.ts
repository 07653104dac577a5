import { Cell, TupleBuilder, TupleReader } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { readFarmV3ItemData, readFarmV3MinterData } from './getMethods.js'

// The mainnet snapshots of ston-fi/sdk `packages/sdk/src/contracts/farm/v3/FarmNftItemV3.test.ts`
// (`getFarmingData`) and `FarmNftMinterV3.test.ts` (`getFarmingMinterData`), as stacks.
describe('farm v3 getter readers on mainnet stacks', () => {
  test('get_farming_data of item #284', () => {
    const b = new TupleBuilder()
    b.writeNumber(1)
    b.writeNumber(0)
    b.writeNumber(57_093)
    b.writeNumber(1_712_000_198)
    b.writeCell(
      Cell.fromBase64(
        'te6ccsEBBQEASgAABQofNAIBzQEEAgEgAgMAJgAAAAAAAAAAAAAAAAAAB+tvFgsAJgAAAAAAAAAAAAAAAAAABhzWPD8AJ0AAAAAAAAAAAAAAAAAAACce9JsgTlOb7Q==',
      ),
    )
    b.writeSlice(
      Cell.fromBase64('te6ccsEBAQEAJAAAAEOAAhPiXVKvsD1hxGhnnmesB49ksyqyDn0xoH/5PQAiWc0QY+4g6g=='),
    )
    const item = readFarmV3ItemData(new TupleReader(b.build()))
    expect(item.stakedTokens).toBe(57_093n)
    expect([...item.claimedPerUnit]).toEqual([
      [0, 34_014_696_971n],
      [1, 26_253_605_951n],
      [2, 2_625_360_492n],
    ])
    expect(item.owner?.toString()).toBe('EQAQnxLqlX2B6w4jQzzzPWA8eyWZVZBz6Y0D_8noARLOaB3i')
  })

  test('get_farming_minter_data: positions 3 and 6 read as stakers total and admin fee', () => {
    const b = new TupleBuilder()
    for (const n of [2259, 1, 3, 248_359_521_312, 103_037_229, 864_000]) b.writeNumber(n)
    b.writeSlice(
      Cell.fromBase64('te6ccsEBAQEAJAAAAEOAB6QiQ0T/22/J+dCm9MMTbVU4qD4ojxQrph7+3gjW7q+QCf49AQ=='),
    )
    b.writeSlice(
      Cell.fromBase64('te6ccsEBAQEAJAAAAEOAE1XEnRcjRVi9UD7WrYvKkVyYXqugt8gbjnnHwqvEhL6wioVD+g=='),
    )
    b.writeNumber(-1)
    b.writeNumber(-1)
    b.writeCell(
      Cell.fromBase64(
        'te6ccsECCAEAAYcAAAAABQAKAA4AiQCNAQgBDAIBzQEGAgEgAgQBASADAPEAAAAAAAAAAAA23yPjcpaKGoAAAAAAAAAAAAAAAAAAAAPuFyutcAAAAAAAAAAAAqExE+k7MX4/iMAAAAAAAAAAAAe2FsLOQZKqRAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAZik3ToAQEgBQDxAAAAAAAAAAAAKloFj8KV7QAAAAAAAAAAAAAAAAAAAAADCIg3IIAAAAAAAAAAAAIHlyQrccQTlPJAAAAAAAAAAAAF86nbNP1sAeYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGYpN06AEBSAcA8QAAAAAAAAAAAAh4Z4NLTALKgAAAAAAAAAAAAAAAAAAAAHePkTPAAAAAAAAAAAAAV/Q9o73v1EmfwAAAAAAAAAAAAODc/cNWk3SaAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABmKTdOh6Xm5I',
      ),
    )
    b.writeCell(
      Cell.fromBase64(
        'te6ccsEBCAEAxAAABQoOSEyGigIBzQEGAgEgAgQBASADAG8AAAAAAAAAAAAAAAHUPO36EjkQkAMAOevgarWLP/P2hL1ntIUBWX6WSBO92ecxt2sYIVc5dj5gIgEBIAUAbwAAAAAAAAAAAAAAAWlmldvRLTiQAwAcvewmHxjAY9t6LA5qs8aaoI2mVS+xBDKNyAvJWZOSGiAiAQFIBwBvAAAAAAAAAAAAAAAAbMlsqFVJlJADAAifWbxZ3ejqWZqGvBoCj7QafH5DzTJGXkbhA09Ad3ViICJCsQ3c',
      ),
    )
    const data = readFarmV3MinterData(new TupleReader(b.build()))
    expect(data.poolCount).toBe(3)
    expect(data.canSendRawMsg).toBe(true)
    const pool0 = data.pools.get(0)
    expect(pool0?.accrued.accrued).toBe(49_672_780_752_717_547_634_211n)
    expect(pool0?.accrued.accruedFee).toBe(0n)
    expect(pool0?.accrued.lastUpdateTime).toBe(1_713_977_166n)
    expect(pool0?.parameters.nanorewardsPer24h).toBe(2_159_366_666_666_000_000_000n)
    expect(data.pools.get(2)?.parameters.status).toBe(1)
  })
})
