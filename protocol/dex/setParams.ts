import type { Address, Builder, Slice } from '@ton/core'
import { POOL_KINDS } from '../../core/pool/PoolState.js'
import type { V2KindParams } from '../decode/AdminBody.js'
import { POOL_KIND_FACTS, type SetParamsLayout, type SetParamsTarget } from './poolKinds.js'

/**
 * Writes a DEX v2 `set_params` tail (after `op query_id`) in the layout of `params.kind`
 * (`POOL_KIND_FACTS[kind].setParams`).
 *
 * @example
 * ```ts
 * writeSetParams(beginCell(), { kind: 'stableswap', amp: 100n }, { wallet0, wallet1, excesses })
 * ```
 */
export function writeSetParams(b: Builder, params: V2KindParams, to: SetParamsTarget): Builder {
  return setParamsLayout(params.kind).write(b, params, to)
}

/**
 * Reads a DEX v2 admin `set_params` tail (after `op query_id`) by the first kind whose layout
 * it has; throws when it has none.
 *
 * @example
 * ```ts
 * readSetParams(slice).params // { kind: 'stableswap', amp: 100n }
 * ```
 */
export function readSetParams(
  s: Slice,
): { params: V2KindParams } & SetParamsTarget<Address | null> {
  return firstOfKinds((layout) => layout.read(s), 'set_params')
}

/**
 * Reads a DEX v2 router → pool `internal_set_params` tail (after `op query_id`) by the first
 * kind whose layout it has; throws when it has none.
 *
 * @example
 * ```ts
 * readInternalSetParams(slice) // { params: { kind: 'stableswap', amp: 50n }, excesses: null }
 * ```
 */
export function readInternalSetParams(s: Slice): {
  params: V2KindParams
  excesses: Address | null
} {
  return firstOfKinds((layout) => layout.readInternal(s), 'internal_set_params')
}

function setParamsLayout(kind: V2KindParams['kind']): SetParamsLayout {
  // One layout per kind, each typed by its own parameters: the union of them reads any kind's.
  return POOL_KIND_FACTS[kind].setParams as SetParamsLayout
}

function firstOfKinds<T>(read: (layout: SetParamsLayout) => T | undefined, what: string): T {
  for (const kind of POOL_KINDS) {
    const layout = POOL_KIND_FACTS[kind].setParams as SetParamsLayout | null
    const found = layout === null ? undefined : read(layout)
    if (found !== undefined) return found
  }
  throw new Error(`${what}: no pool kind has this layout`)
}
