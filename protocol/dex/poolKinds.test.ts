import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { POOL_KINDS } from '../../core/pool/PoolState.js'
import type { V2KindParams } from '../decode/AdminBody.js'
import { JETTON_WALLET_ADDRESS } from '../jetton/getMethods.js'
import { SDK_SWAP_GAS } from '../sdkGas.js'
import { dexV2PoolData } from './getMethods.js'
import {
  KIND_OF_ROUTER_TYPE,
  kindHasParam,
  POOL_KIND_FACTS,
  ROUTER_TYPE_OF_KIND,
  ROUTER_TYPES,
  readKindStorageTail,
} from './poolKinds.js'
import { readSetParams, writeSetParams } from './setParams.js'

const statics = beginCell().storeUint(7, 8).endCell()
/** A value with its addresses as text, to compare what a reader builds with what was written. */
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, v) =>
      v instanceof Address ? v.toRawString() : typeof v === 'bigint' ? `${v}n` : v,
    ),
  )
const someone = new Address(0, Buffer.alloc(32, 0x11))

describe('POOL_KIND_FACTS', () => {
  test('the router types are the wire strings, in the wire order, and map both ways', () => {
    expect(ROUTER_TYPES).toEqual([
      'ConstantProduct',
      'StableSwap',
      'WeightedConstProduct',
      'WeightedStableSwap',
      'ConstantSum',
    ])
    for (const kind of POOL_KINDS) {
      expect(KIND_OF_ROUTER_TYPE[ROUTER_TYPE_OF_KIND[kind]]).toBe(kind)
      expect(POOL_KIND_FACTS[kind].dexType).toBe(kind)
    }
    expect(KIND_OF_ROUTER_TYPE.ConstantSum).toBeUndefined()
  })

  test('parameters by kind', () => {
    expect(POOL_KINDS.map((k) => POOL_KIND_FACTS[k].params)).toEqual([
      [],
      ['amp'],
      ['w0'],
      ['amp', 'rate', 'w0'],
    ])
    expect(kindHasParam('weighted_const_product', 'amp')).toBe(false)
    expect(kindHasParam('weighted_stableswap', 'rate')).toBe(true)
  })

  test('the SDK swap gas of each kind (docs/contracts.md §4)', () => {
    expect(SDK_SWAP_GAS.v2.constant_product).toEqual({
      jetton: { gas: 300_000_000n, forward: 240_000_000n },
      tonForward: 300_000_000n,
    })
    expect(SDK_SWAP_GAS.v2.weighted_stableswap.jetton.forward).toBe(419_000_000n)
  })

  test('each storage tail reads as its own kind and no other', () => {
    const tails = {
      constant_product: beginCell().storeRef(statics),
      stableswap: beginCell().storeUint(100, 32).storeRef(statics),
      weighted_const_product: beginCell()
        .storeUint(5n * 10n ** 17n, 64)
        .storeRef(statics),
      weighted_stableswap: beginCell()
        .storeRef(
          beginCell()
            .storeUint(10n ** 20n, 128)
            .storeUint(10n ** 18n, 128)
            .storeUint(3n * 10n ** 17n, 128)
            .storeAddress(null)
            .endCell(),
        )
        .storeRef(statics),
    }
    const read = (kind: keyof typeof tails) =>
      readKindStorageTail(tails[kind].endCell().beginParse())
    expect(read('constant_product')).toEqual({ kind: 'constant_product' })
    expect(read('stableswap')).toEqual({ kind: 'stableswap', amp: 100n })
    expect(read('weighted_const_product')).toEqual({
      kind: 'weighted_const_product',
      w0: 5n * 10n ** 17n,
    })
    expect(read('weighted_stableswap')).toEqual({
      kind: 'weighted_stableswap',
      amp: 10n ** 20n,
      rate: 10n ** 18n,
      w0: 3n * 10n ** 17n,
    })
    expect(
      readKindStorageTail(beginCell().storeUint(1, 16).storeRef(statics).endCell().beginParse()),
    ).toBeUndefined()
  })

  test('each kind writes set_params in its own layout and reads it back as itself', () => {
    const E18 = 10n ** 18n
    const [wallet0, wallet1, excesses] = [0x33, 0x44, 0xaa].map(
      (b) => new Address(0, Buffer.alloc(32, b)),
    ) as [Address, Address, Address]
    const target = { wallet0, wallet1, excesses }
    const params: V2KindParams[] = [
      { kind: 'stableswap', amp: 200n },
      { kind: 'weighted_const_product', weight: E18 / 5n, side: wallet1 },
      {
        kind: 'weighted_stableswap',
        amp: 100n * E18,
        rate: 2n * E18,
        weight: E18 / 2n,
        side: wallet0,
        rateSetter: null,
      },
    ]
    for (const p of params) {
      const body = writeSetParams(beginCell(), p, target).endCell()
      expect(plain(readSetParams(body.beginParse()))).toEqual(plain({ params: p, ...target }))
    }
    expect(POOL_KIND_FACTS.constant_product.setParams).toBeNull()
    // A ref and too few bits for weighted stableswap's three uint128 (the kind that claims any
    // body with a ref, as the decoder always did): it throws, and `decodeBody` answers undefined.
    const bad = beginCell().storeUint(1, 100).storeRef(statics).endCell().beginParse()
    expect(() => readSetParams(bad)).toThrow()
  })

  test("get_pool_data's extra fields follow the common twelve", () => {
    const int = (value: bigint): TupleItem => ({ type: 'int', value })
    const common: TupleItem[] = [
      int(0n),
      { type: 'slice', cell: beginCell().storeAddress(someone).endCell() },
      ...[2000n, 1000n, 1000n].map(int),
      { type: 'slice', cell: beginCell().storeAddress(someone).endCell() },
      { type: 'slice', cell: beginCell().storeAddress(someone).endCell() },
      ...[20n, 10n].map(int),
      { type: 'slice', cell: beginCell().storeAddress(null).endCell() },
      ...[0n, 0n].map(int),
    ]
    const stack = (...extra: bigint[]) => new TupleReader([...common, ...extra.map(int)])
    expect(dexV2PoolData('stableswap').read(stack(100n)).amp).toBe(100n)
    expect(dexV2PoolData('weighted_const_product').read(stack(7n)).w0).toBe(7n)
    const cpi = dexV2PoolData('constant_product').read(stack())
    expect(cpi.totalSupply).toBe(2000n)
    expect('amp' in cpi).toBe(false)
  })

  test('a descriptor builds its argument stack and reads its answer', () => {
    const [arg] = JETTON_WALLET_ADDRESS.args(someone)
    expect(arg?.type === 'slice' && arg.cell.beginParse().loadAddress().equals(someone)).toBe(true)
    const answer = new TupleReader([
      { type: 'slice', cell: beginCell().storeAddress(someone).endCell() },
    ])
    expect(JETTON_WALLET_ADDRESS.read(answer).equals(someone)).toBe(true)
    expect(JETTON_WALLET_ADDRESS.name).toBe('get_wallet_address')
  })
})
