import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const entries = [
  'core/index.ts',
  'core/testing/index.ts',
  'protocol/index.ts',
  'emulator/index.ts',
  'indexer/index.ts',
  'store/index.ts',
  'local/index.ts',
  'service/index.ts',
]
  .map((entry) => join(root, entry))
  .filter((entry) => existsSync(entry))

/**
 * Every public export carries TSDoc; every exported function, class and constant value also
 * has an `@example` (style.md rule 13). Reads the entry points through the TypeScript checker,
 * so re-exports are followed to their declarations.
 */
test('every public export is documented, values with an example', () => {
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const missing: string[] = []
  for (const entry of entries) {
    const source = program.getSourceFile(entry)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`cannot read ${entry}`)
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const declaration = symbol.declarations?.[0]
      if (!declaration) continue
      const where = `${entry.slice(root.length + 1)}: ${exported.name}`
      const docs = ts.getJSDocCommentsAndTags(declaration)
      const commented =
        docs.length > 0 ||
        ts.getJSDocCommentsAndTags(declaration.parent?.parent ?? declaration).length > 0
      if (!commented) {
        missing.push(`${where} (no TSDoc)`)
        continue
      }
      // Functions, classes and object values need an example; a documented scalar constant
      // (FEE_DIVIDER = 10000n) says everything in its summary.
      const flags = checker.getTypeOfSymbol(symbol).flags
      const scalar =
        (flags & (ts.TypeFlags.BigIntLike | ts.TypeFlags.NumberLike | ts.TypeFlags.StringLike)) !==
        0
      const isValue =
        (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) !== 0 ||
        ((symbol.flags & ts.SymbolFlags.Variable) !== 0 && !scalar)
      const tags = [
        ...ts.getJSDocTags(declaration),
        ...ts.getJSDocTags(declaration.parent?.parent ?? declaration),
      ]
      if (isValue && !tags.some((tag) => tag.tagName.text === 'example')) {
        missing.push(`${where} (no @example)`)
      }
    }
  }
  expect(missing).toEqual([])
})
