import type { Address, Slice, TupleReader } from '@ton/core'
import { POOL_KINDS, type PoolKind } from '../../core/pool/PoolState.js'

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

/**
 * Everything kind-specific about one DEX v2 pool kind (`docs/contracts.md` §2.0, §2.14; the
 * wire's strings: `docs/wire.md` §2.5).
 *
 * @example
 * ```ts
 * POOL_KIND_FACTS.stableswap.routerType // 'StableSwap'
 * ```
 */
export type PoolKindFacts = {
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
}

/**
 * The one table of DEX v2 pool kinds: from a kind to its router type, `get_router_data` type
 * string, parameters, `get_pool_data` extra fields and storage tail. Every other per-kind table
 * (`ROUTER_TYPE_OF_KIND`, `KIND_OF_ROUTER_TYPE`, `ROUTER_TYPES`, the store's and REST API's kind
 * parameters, the emulator's `set_params` check, the indexer's storage reader) derives from it.
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
  },
  stableswap: {
    routerType: 'StableSwap',
    dexType: 'stableswap',
    sdkSwapGas: { gas: 329_000_000n, forward: 269_000_000n, tonForward: 329_000_000n },
    params: ['amp'],
    readPoolDataExtra: (r) => ({ amp: r.readBigNumber() }),
    readStorageTail: (s) =>
      s.remainingRefs === 1 && s.remainingBits === 32 ? { amp: BigInt(s.loadUint(32)) } : undefined,
  },
  weighted_const_product: {
    routerType: 'WeightedConstProduct',
    dexType: 'weighted_const_product',
    sdkSwapGas: { gas: 319_000_000n, forward: 259_000_000n, tonForward: 319_000_000n },
    params: ['w0'],
    readPoolDataExtra: (r) => ({ w0: r.readBigNumber() }),
    readStorageTail: (s) =>
      s.remainingRefs === 1 && s.remainingBits === 64 ? { w0: s.loadUintBig(64) } : undefined,
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
  },
} as const satisfies Record<PoolKind, PoolKindFacts>

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
