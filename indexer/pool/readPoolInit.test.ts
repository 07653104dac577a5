import { Address, beginCell, type Cell } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createPoolState, type PoolKind } from '../../core/pool/PoolState.js'
import { fuzz } from '../../test/_support/fuzz.js'
import { readPoolInit } from './readPoolInit.js'

const code = beginCell().storeUint(0xc0de, 16).endCell()

type Fields = {
  router: Address
  wallet0: Address
  wallet1: Address
  feeAddress: Address | null
  lpFee: bigint
  protocolFee: bigint
  refFee: bigint
  reserve0: bigint
  reserve1: bigint
  totalSupply: bigint
  collected0: bigint
  collected1: bigint
}

/** DEX v1 pool data (`docs/contracts.md` §1.8), as the fixture's `PoolV1Storage` serializes it. */
function v1Data(f: Fields): Cell {
  const balances = beginCell()
    .storeCoins(f.collected0)
    .storeCoins(f.collected1)
    .storeAddress(f.feeAddress)
    .storeCoins(f.reserve0)
    .storeCoins(f.reserve1)
  return beginCell()
    .storeAddress(f.router)
    .storeUint(f.lpFee, 8)
    .storeUint(f.protocolFee, 8)
    .storeUint(f.refFee, 8)
    .storeAddress(f.wallet0)
    .storeAddress(f.wallet1)
    .storeCoins(f.totalSupply)
    .storeRef(balances)
    .storeRef(code)
    .storeRef(code)
    .endCell()
}

/** A DEX v2 pool's kind parameters; weighted stableswap's rate setter is `setter`. */
type KindFields = { kind: PoolKind; amp: bigint; w0: bigint; rate: bigint; setter: Address | null }

const CONSTANT_PRODUCT: KindFields = {
  kind: 'constant_product',
  amp: 0n,
  w0: 0n,
  rate: 0n,
  setter: null,
}

/** DEX v2 pool data (`docs/contracts.md` §2.14), as the fixture's `PoolStorage` of each kind. */
function v2Data(f: Fields, k: KindFields = CONSTANT_PRODUCT): Cell {
  const statics = beginCell()
    .storeAddress(f.router)
    .storeAddress(f.wallet0)
    .storeAddress(f.wallet1)
    .storeRef(code)
    .storeRef(code)
  const data = beginCell()
    .storeBit(false)
    .storeCoins(f.reserve0)
    .storeCoins(f.reserve1)
    .storeCoins(f.totalSupply)
    .storeCoins(f.collected0)
    .storeCoins(f.collected1)
    .storeAddress(f.feeAddress)
    .storeUint(f.lpFee, 16)
    .storeUint(f.protocolFee, 16)
  if (k.kind === 'stableswap') data.storeUint(k.amp, 32)
  if (k.kind === 'weighted_const_product') data.storeUint(k.w0, 64)
  if (k.kind === 'weighted_stableswap') {
    data.storeRef(
      beginCell()
        .storeUint(k.amp, 128)
        .storeUint(k.rate, 128)
        .storeUint(k.w0, 128)
        .storeAddress(k.setter),
    )
  }
  return data.storeRef(statics).endCell()
}

const address = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((hash) => new Address(0, Buffer.from(hash)))
const coins = fc.bigInt({ min: 0n, max: (1n << 120n) - 1n })
const fee = fc.bigInt({ min: 0n, max: 100n })
const fields = fc.record({
  router: address,
  wallet0: address,
  wallet1: address,
  feeAddress: fc.option(address, { nil: null }),
  lpFee: fee,
  protocolFee: fee,
  refFee: fee,
  reserve0: coins,
  reserve1: coins,
  totalSupply: coins,
  collected0: coins,
  collected1: coins,
})

const sample: Fields = {
  router: Address.parse(`0:${'88'.repeat(32)}`),
  wallet0: Address.parse(`0:${'33'.repeat(32)}`),
  wallet1: Address.parse(`0:${'44'.repeat(32)}`),
  feeAddress: null,
  lpFee: 20n,
  protocolFee: 10n,
  refFee: 10n,
  ...{ reserve0: 0n, reserve1: 0n, totalSupply: 0n, collected0: 0n, collected1: 0n },
}

function expectRead(dex: 'v1' | 'v2', f: Fields, data: Cell, k: KindFields = CONSTANT_PRODUCT) {
  const init = readPoolInit(dex, data)
  expect(init?.dex).toBe(dex)
  expect(init?.router.equals(f.router)).toBe(true)
  expect(init?.wallet0.equals(f.wallet0)).toBe(true)
  expect(init?.wallet1.equals(f.wallet1)).toBe(true)
  expect(init?.state).toEqual(
    createPoolState({
      dex,
      ...{ kind: k.kind, amp: k.amp, w0: k.w0, rate: k.rate },
      ...{ lpFee: f.lpFee, protocolFee: f.protocolFee, refFee: dex === 'v1' ? f.refFee : 0n },
      ...{ reserve0: f.reserve0, reserve1: f.reserve1, totalSupply: f.totalSupply },
      collectedProtocolFee0: f.collected0,
      collectedProtocolFee1: f.collected1,
    }),
  )
}

describe('readPoolInit', () => {
  test('a new pool’s init data: default fees, zero balances', () => {
    expectRead('v1', sample, v1Data(sample))
    expectRead('v2', sample, v2Data(sample))
    expect(readPoolInit('v2', v2Data(sample))?.state).toMatchObject({
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 0n,
      reserve0: 0n,
      totalSupply: 0n,
    })
  })

  test('property: round-trips the DEX v1 and v2 pool data layouts', () => {
    fc.assert(
      fc.property(fields, (f) => {
        expectRead('v1', f, v1Data(f))
        expectRead('v2', f, v2Data(f))
      }),
      fuzz({ numRuns: 100 }),
    )
  })

  test('a stable or weighted pool’s init data: the kind and its parameters', () => {
    const setter = sample.router
    const kinds: KindFields[] = [
      { kind: 'stableswap', amp: 1n, w0: 0n, rate: 0n, setter: null },
      { kind: 'weighted_const_product', amp: 0n, w0: 8n * 10n ** 17n, rate: 0n, setter: null },
      {
        kind: 'weighted_stableswap',
        amp: 10n ** 20n,
        w0: 5n * 10n ** 17n,
        rate: 10n ** 18n,
        setter,
      },
    ]
    for (const k of kinds) expectRead('v2', sample, v2Data(sample, k), k)
    // The v1 reader never takes a v2 layout, whatever its kind.
    for (const k of kinds) expect(readPoolInit('v1', v2Data(sample, k))).toBeUndefined()
  })

  test('property: round-trips every DEX v2 kind’s layout', () => {
    const uint = (bits: bigint) => fc.bigInt({ min: 0n, max: (1n << bits) - 1n })
    const kindFields: fc.Arbitrary<KindFields> = fc.oneof(
      uint(32n).map((amp) => ({
        kind: 'stableswap' as const,
        amp,
        w0: 0n,
        rate: 0n,
        setter: null,
      })),
      uint(64n).map((w0) => ({
        kind: 'weighted_const_product' as const,
        amp: 0n,
        w0,
        rate: 0n,
        setter: null,
      })),
      fc
        .record({
          amp: uint(128n),
          w0: uint(128n),
          rate: uint(128n),
          setter: fc.option(address, { nil: null }),
        })
        .map((k) => ({ kind: 'weighted_stableswap' as const, ...k })),
    )
    fc.assert(
      fc.property(fields, kindFields, (f, k) => expectRead('v2', f, v2Data(f, k), k)),
      fuzz({ numRuns: 100 }),
    )
  })

  test('property: one version’s data is never read as the other’s', () => {
    fc.assert(
      fc.property(fields, (f) => {
        expect(readPoolInit('v2', v1Data(f))).toBeUndefined()
        expect(readPoolInit('v1', v2Data(f))).toBeUndefined()
      }),
      fuzz({ numRuns: 100 }),
    )
  })

  test('foreign, truncated, extended or out-of-range data is undefined', () => {
    const empty = beginCell().endCell()
    expect(readPoolInit('v1', empty)).toBeUndefined()
    expect(readPoolInit('v2', empty)).toBeUndefined()
    // A jetton / LP wallet's data: balance owner master ^code.
    const wallet = beginCell()
      .storeCoins(1_000n)
      .storeAddress(sample.wallet0)
      .storeAddress(sample.router)
      .storeRef(code)
      .endCell()
    expect(readPoolInit('v1', wallet)).toBeUndefined()
    expect(readPoolInit('v2', wallet)).toBeUndefined()
    // One bit too many, one code reference missing.
    const v1 = v1Data(sample)
    const longer = beginCell().storeSlice(v1.beginParse()).storeBit(0).endCell()
    expect(readPoolInit('v1', longer)).toBeUndefined()
    const v2 = v2Data(sample).beginParse()
    const statics = v2.loadRef().beginParse()
    const noCode = beginCell()
      .storeBits(v2.loadBits(v2.remainingBits))
      .storeRef(
        beginCell()
          .storeAddress(statics.loadAddress())
          .storeAddress(statics.loadAddress())
          .storeAddress(statics.loadAddress())
          .storeRef(code),
      )
      .endCell()
    expect(readPoolInit('v2', noCode)).toBeUndefined()
    // Kind parameters of no kind's length (16 bits), or a weighted-stableswap cell too short.
    const odd = v2Data(sample).beginParse()
    const oddBits = beginCell().storeBits(odd.loadBits(odd.remainingBits)).storeUint(7, 16)
    expect(readPoolInit('v2', oddBits.storeRef(odd.loadRef()).endCell())).toBeUndefined()
    const short = v2Data(sample).beginParse()
    const shortParams = beginCell()
      .storeBits(short.loadBits(short.remainingBits))
      .storeRef(beginCell().storeUint(1n, 128).storeUint(1n, 128))
    expect(readPoolInit('v2', shortParams.storeRef(short.loadRef()).endCell())).toBeUndefined()
    // Fees above 100 bps are not a pool's (the contracts reject them).
    expect(readPoolInit('v1', v1Data({ ...sample, refFee: 101n }))).toBeUndefined()
    expect(readPoolInit('v2', v2Data({ ...sample, lpFee: 5000n }))).toBeUndefined()
  })
})
