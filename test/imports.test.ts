import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/**
 * The layers import each other one way, and no module imports itself through others: a cycle
 * (even a type-only one) means two files share a fact that belongs in a third.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const layers = [
  'core',
  'protocol',
  'contracts-fixtures',
  'emulator',
  'upstream',
  'chain',
  'indexer',
  'store',
  'service',
  'local',
]

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) sources(path, out)
    else if (/\.ts$/.test(entry.name) && !/\.(test|bench)\.ts$/.test(entry.name)) out.push(path)
  }
  return out
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
