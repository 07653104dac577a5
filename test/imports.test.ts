import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/**
 * The layers import each other one way, and no module imports itself through others: a cycle
 * (even a type-only one) means two files share a fact that belongs in a third. The order,
 * bottom to top (`docs/layers.md`): a layer imports itself and the layers before it, never one
 * after it.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const layers = [
  'core',
  'protocol',
  'contracts-fixtures',
  'emulator',
  'upstream',
  'store',
  'chain',
  'indexer',
  'service',
  'demo',
  'local',
]
/** The demo's published data, which the tests of the layers below it may read. */
const DEMO_FIXTURES = join('demo', 'fixtures')

/** Every `.ts` file under `dir`. */
function allFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) allFiles(path, out)
    else if (/\.ts$/.test(entry.name)) out.push(path)
  }
  return out
}

/** A file belongs to a test: a `*.test.ts`, a `*.bench.ts` or a test's `_support/` module. */
function isTest(file: string): boolean {
  return /\.(test|bench)\.ts$/.test(file) || file.split(sep).includes('_support')
}

function sources(dir: string): string[] {
  return allFiles(dir).filter((file) => !isTest(file))
}

/** The layer a repository file belongs to: `local/x.ts` and `test/local/x.ts` are `local`'s. */
function layerOf(file: string): number {
  const [top, next] = relative(root, file).split(sep)
  return layers.indexOf((top === 'test' ? next : top) ?? '')
}

/** The repository files `file` imports (relative specifiers, `.js` written for `.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map(([, specifier]) => resolve(dirname(file), (specifier ?? '').replace(/\.js$/, '.ts')))
    .filter((path) => existsSync(path))
}

/** Every import cycle among `files`, each as the chain of files that closes it. */
function cycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]))
  const state = new Map<string, 'open' | 'done'>()
  const found: string[][] = []
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (state.get(next) === undefined && graph.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of files) if (state.get(file) === undefined) visit(file)
  return found
}

test('no module imports itself through others', () => {
  const files = layers.flatMap((layer) => sources(join(root, layer)))
  expect(
    cycles(files).map((cycle) => cycle.map((file) => relative(root, file)).join(' → ')),
  ).toEqual([])
})

test.each(['tsconfig.json', 'tsconfig.build.json'])(
  '%s includes folders that exist, once each',
  (file) => {
    const { include } = JSON.parse(readFileSync(join(root, file), 'utf8')) as { include: string[] }
    expect(include.filter((path) => !existsSync(join(root, path)))).toEqual([])
    expect(new Set(include).size).toBe(include.length)
  },
)

/** The shared test helpers (`test/_support/`), which belong to no layer. */
const SHARED_SUPPORT = join(root, 'test', '_support') + sep

/**
 * The repository files `file` imports, looking through the shared test helpers: what a helper
 * imports, the test that uses it imports too.
 */
function reachedFrom(file: string): string[] {
  const reached = new Set<string>()
  const seen = new Set<string>()
  const visit = (from: string) => {
    for (const target of importsOf(from)) {
      if (!target.startsWith(SHARED_SUPPORT)) reached.add(target)
      else if (!seen.has(target)) {
        seen.add(target)
        visit(target)
      }
    }
  }
  visit(file)
  return [...reached]
}

/** Every import of `files` that reaches into a layer above the importing file's. */
function upward(
  files: readonly string[],
  allowed: (target: string) => boolean = () => false,
  imports: (file: string) => string[] = importsOf,
) {
  return files.flatMap((file) =>
    imports(file)
      .filter((target) => layerOf(target) > layerOf(file) && !allowed(target))
      .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
  )
}

test('no source file imports a layer above its own', () => {
  const files = layers.flatMap((layer) => sources(join(root, layer)))
  expect(files.length).toBeGreaterThan(400)
  expect(upward(files)).toEqual([])
})

test("a layer's tests import that layer and those below, and the demo's published fixtures", () => {
  const tests = layers.flatMap((layer) => [
    ...allFiles(join(root, layer)).filter(isTest),
    ...allFiles(join(root, 'test', layer)),
  ])
  expect(tests.length).toBeGreaterThan(200)
  const fixture = (target: string) =>
    relative(root, target).startsWith(DEMO_FIXTURES + sep) &&
    layerOf(target) === layers.indexOf('demo')
  expect(upward(tests, fixture, reachedFrom)).toEqual([])
})

test('the demo fixtures are data: they import nothing but types from the layers below', () => {
  const files = allFiles(join(root, DEMO_FIXTURES))
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    expect(text.match(/^import (?!type )/gm) ?? [], relative(root, file)).toEqual([])
  }
})
