import { Cell } from '@ton/core'

type ToBoc = Cell['toBoc']

/** Serialized bags of cells per cell, by options (`idx` × `crc32`: four slots). */
const serialized = new WeakMap<Cell, (Buffer | undefined)[]>()
let original: ToBoc | undefined

/**
 * Makes `@ton/core`'s `Cell.prototype.toBoc` remember what it wrote per cell and options, FOR
 * THE WHOLE PROCESS, and answer a copy of it the next time. `Cell`s are immutable, so a cell
 * serializes to the same bytes every time; the copy keeps a caller that writes into its
 * buffer from changing the next answer. The sandbox serializes a contract's code and data on
 * every get-method call (`getMethodArgsToInternalParams`), about half of a `get_pool_data` on
 * the local chain; both cells are the same objects until the account's next transaction.
 * Entries live as long as their cell (a `WeakMap`). Idempotent; {@link uninstallBocCache}
 * undoes it.
 *
 * @example
 * ```ts
 * installBocCache()
 * const code = pool.code
 * code.toBoc() // serialized once…
 * code.toBoc() // …then copied: the same bytes
 * ```
 */
export function installBocCache(): void {
  if (original !== undefined) return
  const write = Cell.prototype.toBoc
  original = write
  Cell.prototype.toBoc = function toBocCached(this: Cell, opts) {
    const idx = opts?.idx ?? false
    const crc32 = opts?.crc32 ?? true
    const slot = (idx ? 1 : 0) + (crc32 ? 2 : 0)
    let slots = serialized.get(this)
    const hit = slots?.[slot]
    if (hit !== undefined) return Buffer.from(hit)
    const boc = write.call(this, { idx, crc32 })
    if (slots === undefined) {
      slots = []
      serialized.set(this, slots)
    }
    slots[slot] = Buffer.from(boc)
    return boc
  }
}

/**
 * Puts `@ton/core`'s own `Cell.prototype.toBoc` back (what was remembered is dropped with its
 * cells). Does nothing when the cache is not installed.
 *
 * @example
 * ```ts
 * uninstallBocCache()
 * ```
 */
export function uninstallBocCache(): void {
  if (original === undefined) return
  Cell.prototype.toBoc = original
  original = undefined
}
