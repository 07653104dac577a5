import { beginCell, type Cell, CellType, Dictionary } from '@ton/core'

/**
 * The hashes (hex) of the library cells a cell tree references: every exotic cell of type 2
 * (an 8-bit tag, then the 256-bit hash of the code it stands for), found by walking the tree
 * once (a cell met twice is walked once). What a forked account's code and data must have
 * resolved before the emulator runs it (unresolved, TVM exits 9).
 *
 * @example
 * ```ts
 * libraryRefs([routerCode, routerData]) // ['8f3c…', '2b71…'] on a STON.fi v2 router
 * libraryRefs([walletV4Code]) // []
 * ```
 */
export function libraryRefs(roots: readonly (Cell | null | undefined)[]): string[] {
  const found = new Set<string>()
  const seen = new Set<string>()
  const stack = roots.filter((c): c is Cell => c !== null && c !== undefined)
  while (stack.length > 0) {
    const cell = stack.pop() as Cell
    const key = cell.hash().toString('hex')
    if (seen.has(key)) continue
    seen.add(key)
    if (cell.isExotic && cell.type === CellType.Library) {
      const hash = libraryHash(cell)
      if (hash !== undefined) found.add(hash)
      continue
    }
    stack.push(...cell.refs)
  }
  return [...found]
}

/** The hash (hex) a library cell names: bits 8..263 after the tag. */
function libraryHash(cell: Cell): string | undefined {
  const slice = cell.beginParse(true)
  if (slice.remainingBits < 8 + 256) return undefined
  slice.skip(8)
  return slice.loadBuffer(32).toString('hex')
}

/**
 * The sandbox's `libs` cell (a `HashmapE 256 ^Cell`, hash → code) with `added` in it: what
 * `blockchain.libs` is set to. Libraries are content-addressed, so adding one twice changes
 * nothing.
 *
 * @example
 * ```ts
 * blockchain.libs = withLibraries(blockchain.libs, new Map([[code.hash().toString('hex'), code]]))
 * ```
 */
export function withLibraries(
  libs: Cell | undefined,
  added: ReadonlyMap<string, Cell>,
): Cell | undefined {
  if (added.size === 0) return libs
  const dict =
    libs === undefined
      ? Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell())
      : Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs)
  for (const [hash, code] of added) dict.set(Buffer.from(hash, 'hex'), code)
  return beginCell().storeDictDirect(dict).endCell()
}

/**
 * How many libraries a sandbox `libs` cell holds.
 *
 * @example
 * ```ts
 * libraryCount(blockchain.libs) // 5 after a STON.fi v2 router was forked
 * ```
 */
export function libraryCount(libs: Cell | undefined): number {
  if (libs === undefined) return 0
  return Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs).size
}
