import {
  type Address,
  type Builder,
  beginCell,
  type Cell,
  type Slice,
  type TupleReader,
} from '@ton/core'
import { POOL_KINDS, type PoolKind } from '../../core/pool/PoolState.js'
import type { V2KindParams } from '../decode/AdminBody.js'
import { loadAddress } from '../decode/slices.js'

/** A kind's parameters as a pool stores them and serves them (`amp`, `rate`, `w0`). */
export type KindParamName = 'amp' | 'rate' | 'w0'

/** A DEX v2 pool's kind and the parameters its storage tail holds. */
export type KindParams = { kind: PoolKind; amp?: bigint; w0?: bigint; rate?: bigint }

/**
 * What `get_pool_data` of a DEX v2 pool adds after the common fields, by kind.
 *
 * @example
 * ```ts
 * const extra: PoolDataExtra = { amp: 100n } // a stableswap pool
 * ```
 */
export type PoolDataExtra = {
  readonly amp?: bigint
  readonly w0?: bigint
  readonly rate?: bigint
  readonly rateSetter?: Address | null
}

/** The pool an admin `set_params` is for (its router wallets) and where the excess TON goes. */
export type SetParamsTarget<A = Address> = {
  readonly wallet0: A
  readonly wallet1: A
  readonly excesses: A
}

/**
 * A kind's layouts of the DEX v2 router's admin `set_params` and of the `internal_set_params`
 * the router forwards to the pool (`docs/contracts.md` §2.13), after `op query_id`: the body
 * has no kind tag, so each reader answers `undefined` for a body not of its kind's shape. The
 * kinds are tried in `POOL_KINDS` order, so a shape only needs to differ from the earlier ones.
 *
 * @example
 * ```ts
 * POOL_KIND_FACTS.stableswap.setParams.write(head, { kind: 'stableswap', amp: 100n }, target)
 * ```
 */
export type SetParamsLayout<P extends V2KindParams = V2KindParams> = {
  /** Writes the admin's `set_params` tail: the kind's parameters and the pool's wallets. */
  readonly write: (b: Builder, params: P, target: SetParamsTarget) => Builder
  /** Reads what {@link SetParamsLayout.write} wrote, `undefined` for another shape. */
  readonly read: (s: Slice) => ({ params: P } & SetParamsTarget<Address | null>) | undefined
  /** Reads the router's `internal_set_params` tail, `undefined` for another shape. */
  readonly readInternal: (s: Slice) => { params: P; excesses: Address | null } | undefined
}

/**
 * Everything kind-specific about one DEX v2 pool kind (`docs/contracts.md` §2.0, §2.14; the
 * wire's strings: `docs/wire.md` §2.5).
 *
 * @example
 * ```ts
 * POOL_KIND_FACTS.stableswap.routerType // 'StableSwap'
 * ```
 */
export type PoolKindFacts<K extends PoolKind = PoolKind> = {
  /** The router type that makes pools of this kind: the wire's `router_type` and `pool_type`. */
  readonly routerType: string
  /** The type string a v2 router's `get_router_data` answers (the SDK's `DEX_TYPE`): the kind itself. */
  readonly dexType: PoolKind
  /** The kind's parameters, in storage order (what `set_params` sets and the wire serves). */
  readonly params: readonly KindParamName[]
  /**
   * `@ston-fi/sdk` 2.7.0's swap gas on a router of this kind, in nanoTON (`docs/contracts.md`
   * §4): the value sent to the user's jetton wallet, the TON it forwards to the router, and the
   * TON forwarded with a pTON offer's notification (`SDK_SWAP_GAS.v2` derives from it).
   */
  readonly sdkSwapGas: {
    readonly gas: bigint
    readonly forward: bigint
    readonly tonForward: bigint
  }
  /** Reads the kind's fields that follow the common ones in `get_pool_data`. */
  readonly readPoolDataExtra: (r: TupleReader) => PoolDataExtra
  /**
   * Reads the kind's parameters from the pool storage's tail (after `lp_fee protocol_fee`, with
   * `^static` still to come), or `undefined` when the tail is not of this kind's shape.
   */
  readonly readStorageTail: (s: Slice) => Omit<KindParams, 'kind'> | undefined
  /** The kind's `set_params` layouts; `null` for a kind without parameters (no `set_params`). */
  readonly setParams: K extends V2KindParams['kind']
    ? SetParamsLayout<Extract<V2KindParams, { readonly kind: K }>>
    : null
}

/**
 * The one table of DEX v2 pool kinds: from a kind to its router type, `get_router_data` type
 * string, parameters, `get_pool_data` extra fields, storage tail and `set_params` layouts.
 * Every other per-kind table (`ROUTER_TYPE_OF_KIND`, `KIND_OF_ROUTER_TYPE`, `ROUTER_TYPES`, the
 * store's and REST API's kind parameters, the emulator's `set_params` check, the indexer's
 * storage reader, the `set_params` builder and decoders of `./setParams.ts`) derives from it.
 *
 * @example
 * ```ts
 * POOL_KIND_FACTS.weighted_stableswap.params // ['amp', 'rate', 'w0']
 * POOL_KIND_FACTS.weighted_const_product.routerType // 'WeightedConstProduct'
 * ```
 */
export const POOL_KIND_FACTS = {
  constant_product: {
    routerType: 'ConstantProduct',
    dexType: 'constant_product',
    sdkSwapGas: { gas: 300_000_000n, forward: 240_000_000n, tonForward: 300_000_000n },
    params: [],
    readPoolDataExtra: () => ({}),
    readStorageTail: (s) => (s.remainingRefs === 1 && s.remainingBits === 0 ? {} : undefined),
    setParams: null,
  },
  stableswap: {
    routerType: 'StableSwap',
    dexType: 'stableswap',
    sdkSwapGas: { gas: 329_000_000n, forward: 269_000_000n, tonForward: 329_000_000n },
    params: ['amp'],
    readPoolDataExtra: (r) => ({ amp: r.readBigNumber() }),
    readStorageTail: (s) =>
      s.remainingRefs === 1 && s.remainingBits === 32 ? { amp: BigInt(s.loadUint(32)) } : undefined,
    setParams: {
      // `amp:uint32 wallet0 wallet1 excesses`; the router forwards `amp:uint32 excesses`.
      write: (b, p, to) => storeTarget(b.storeUint(p.amp, 32), to),
      read: (s) => {
        if (s.remainingRefs !== 0) return undefined
        const params = { kind: 'stableswap', amp: BigInt(s.loadUint(32)) } as const
        return { params, ...readTarget(s) }
      },
      readInternal: (s) => {
        if (s.remainingRefs === 1 || s.remainingBits > 32 + 267) return undefined
        const params = { kind: 'stableswap', amp: BigInt(s.loadUint(32)) } as const
        return { params, excesses: loadAddress(s) }
      },
    },
  },
  weighted_const_product: {
    routerType: 'WeightedConstProduct',
    dexType: 'weighted_const_product',
    sdkSwapGas: { gas: 319_000_000n, forward: 259_000_000n, tonForward: 319_000_000n },
    params: ['w0'],
    readPoolDataExtra: (r) => ({ w0: r.readBigNumber() }),
    readStorageTail: (s) =>
      s.remainingRefs === 1 && s.remainingBits === 64 ? { w0: s.loadUintBig(64) } : undefined,
    setParams: {
      // `w:uint128 side ^[wallet0 wallet1 excesses]`; the router forwards `w side excesses`.
      write: (b, p, to) => b.storeUint(p.weight, 128).storeAddress(p.side).storeRef(targetCell(to)),
      read: (s) => {
        if (s.remainingRefs === 0 || s.remainingBits !== 128 + 267) return undefined
        const params = { kind: 'weighted_const_product', weight: s.loadUintBig(128) } as const
        return {
          params: { ...params, side: loadAddress(s) },
          ...readTarget(s.loadRef().beginParse()),
        }
      },
      readInternal: (s) => {
        // Longer than stableswap's (tried first), and without weighted stableswap's ref.
        if (s.remainingRefs === 1) return undefined
        const params = { kind: 'weighted_const_product', weight: s.loadUintBig(128) } as const
        return { params: { ...params, side: loadAddress(s) }, excesses: loadAddress(s) }
      },
    },
  },
  weighted_stableswap: {
    routerType: 'WeightedStableSwap',
    dexType: 'weighted_stableswap',
    sdkSwapGas: { gas: 479_000_000n, forward: 419_000_000n, tonForward: 479_000_000n },
    params: ['amp', 'rate', 'w0'],
    readPoolDataExtra: (r) => {
      const amp = r.readBigNumber()
      const rate = r.readBigNumber()
      const w0 = r.readBigNumber()
      return { amp, rate, w0, rateSetter: r.readAddressOpt() }
    },
    readStorageTail: (s) => {
      if (s.remainingRefs !== 2 || s.remainingBits !== 0) return undefined
      const p = s.loadRef().beginParse()
      const amp = p.loadUintBig(128)
      const rate = p.loadUintBig(128)
      const w0 = p.loadUintBig(128)
      p.loadMaybeAddress() // rate_setter
      p.endParse()
      return { amp, rate, w0 }
    },
    setParams: {
      // `amp:uint128 rate:uint128 w:uint128 side setter ^[wallet0 wallet1 excesses]`; the router
      // forwards `amp rate w ^[side setter excesses]`.
      write: (b, p, to) =>
        b
          .storeUint(p.amp, 128)
          .storeUint(p.rate, 128)
          .storeUint(p.weight, 128)
          .storeAddress(p.side)
          .storeAddress(p.rateSetter)
          .storeRef(targetCell(to)),
      read: (s) => {
        // With a ref and not weighted constant product's 128 + 267 bits (tried first).
        if (s.remainingRefs === 0) return undefined
        const [amp, rate, weight] = [s.loadUintBig(128), s.loadUintBig(128), s.loadUintBig(128)]
        const [side, rateSetter] = [loadAddress(s), loadAddress(s)]
        const params = { kind: 'weighted_stableswap', amp, rate, weight, side, rateSetter } as const
        return { params, ...readTarget(s.loadRef().beginParse()) }
      },
      readInternal: (s) => {
        if (s.remainingRefs !== 1) return undefined
        const [amp, rate, weight] = [s.loadUintBig(128), s.loadUintBig(128), s.loadUintBig(128)]
        const tail = s.loadRef().beginParse()
        const [side, rateSetter] = [loadAddress(tail), loadAddress(tail)]
        const params = { kind: 'weighted_stableswap', amp, rate, weight, side, rateSetter } as const
        return { params, excesses: loadAddress(tail) }
      },
    },
  },
} as const satisfies { readonly [K in PoolKind]: PoolKindFacts<K> }

/**
 * Curve family of a router, as the wire's `router_type` names it (`docs/wire.md` §2.5): one per
 * pool kind, and the unreleased `ConstantSum`, which no router we model serves.
 *
 * @example
 * ```ts
 * const type: RouterType = 'StableSwap'
 * ```
 */
export type RouterType =
  | (typeof POOL_KIND_FACTS)[PoolKind]['routerType']
  | (typeof UNMODELLED_ROUTER_TYPES)[number]

/**
 * Router types of the wire without a pool kind of ours: V2's unreleased constant-sum template.
 *
 * @example
 * ```ts
 * UNMODELLED_ROUTER_TYPES // ['ConstantSum']
 * ```
 */
export const UNMODELLED_ROUTER_TYPES = ['ConstantSum'] as const

/**
 * Every router type, in the wire's order (the kinds' in `POOL_KINDS` order, then `ConstantSum`).
 *
 * @example
 * ```ts
 * ROUTER_TYPES.includes('StableSwap') // true
 * ```
 */
export const ROUTER_TYPES: readonly RouterType[] = [
  ...POOL_KINDS.map((kind) => POOL_KIND_FACTS[kind].routerType),
  ...UNMODELLED_ROUTER_TYPES,
]

/**
 * The router type that makes pools of each kind (the wire's `router_type`, and the pool's
 * `pool_type`); DEX v1 routers make constant-product pools.
 *
 * @example
 * ```ts
 * ROUTER_TYPE_OF_KIND.weighted_stableswap // 'WeightedStableSwap'
 * ```
 */
export const ROUTER_TYPE_OF_KIND: Readonly<Record<PoolKind, RouterType>> = Object.fromEntries(
  POOL_KINDS.map((kind) => [kind, POOL_KIND_FACTS[kind].routerType]),
) as Record<PoolKind, RouterType>

/**
 * The pool kind a router type makes, `undefined` for one we do not model (`ConstantSum`).
 *
 * @example
 * ```ts
 * KIND_OF_ROUTER_TYPE.StableSwap // 'stableswap'
 * KIND_OF_ROUTER_TYPE.ConstantSum // undefined
 * ```
 */
export const KIND_OF_ROUTER_TYPE: Readonly<Record<RouterType, PoolKind | undefined>> = {
  ...(Object.fromEntries(UNMODELLED_ROUTER_TYPES.map((t) => [t, undefined])) as Record<
    RouterType,
    undefined
  >),
  ...(Object.fromEntries(
    POOL_KINDS.map((kind) => [POOL_KIND_FACTS[kind].routerType, kind]),
  ) as Record<RouterType, PoolKind>),
}

/**
 * Whether a pool of `kind` has the parameter `name` (stableswap: `amp`; weighted constant
 * product: `w0`; weighted stableswap: all three).
 *
 * @example
 * ```ts
 * kindHasParam('weighted_const_product', 'w0') // true
 * kindHasParam('constant_product', 'amp') // false
 * ```
 */
export function kindHasParam(kind: PoolKind, name: KindParamName): boolean {
  return (POOL_KIND_FACTS[kind].params as readonly KindParamName[]).includes(name)
}

/**
 * A DEX v2 pool's kind and parameters from its storage's tail (what follows
 * `lp_fee protocol_fee`), by the shape each kind leaves there; `undefined` when none matches.
 *
 * @example
 * ```ts
 * readKindStorageTail(beginCell().storeUint(100, 32).storeRef(statics).endCell().beginParse())
 * // { kind: 'stableswap', amp: 100n }
 * ```
 */
export function readKindStorageTail(s: Slice): KindParams | undefined {
  for (const kind of POOL_KINDS) {
    const params = POOL_KIND_FACTS[kind].readStorageTail(s)
    if (params !== undefined) return { kind, ...params }
  }
  return undefined
}

function storeTarget(b: Builder, to: SetParamsTarget): Builder {
  return b.storeAddress(to.wallet0).storeAddress(to.wallet1).storeAddress(to.excesses)
}

function targetCell(to: SetParamsTarget): Cell {
  return storeTarget(beginCell(), to).endCell()
}

function readTarget(s: Slice): SetParamsTarget<Address | null> {
  return { wallet0: loadAddress(s), wallet1: loadAddress(s), excesses: loadAddress(s) }
}
