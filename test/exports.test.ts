import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

/**
 * The public surface of every entry point of `package.json`'s `exports`, snapshotted so a
 * change to it is reviewed on purpose (and written in `CHANGELOG.md`), and each exported value
 * owned by one entry point: the layer it lives in.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: string }>
}

/** Each subpath with the source of its entry point (`./dist/core/index.js` → `core/index.ts`). */
const entryPoints = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string'
    ? []
    : [
        [
          subpath.slice(2),
          target.import.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'),
        ] as const,
      ],
)

async function surface(source: string): Promise<string[]> {
  return Object.keys(await import(join(root, source))).sort()
}

describe('export snapshots', () => {
  test('every entry point of package.json is covered', () => {
    expect(entryPoints.map(([subpath]) => subpath)).toEqual([
      'core',
      'testing',
      'protocol',
      'emulator',
      'upstream',
      'chain',
      'indexer',
      'store',
      'service',
      'local',
    ])
  })

  test.each(entryPoints)('ton-dex-lab/%s', async (_subpath, source) => {
    expect(await surface(source)).toMatchSnapshot()
  })

  test('each value is exported by one entry point only', async () => {
    const owners = new Map<string, string[]>()
    for (const [subpath, source] of entryPoints) {
      for (const name of await surface(source)) {
        owners.set(name, [...(owners.get(name) ?? []), subpath])
      }
    }
    const shared = [...owners].filter(([, subpaths]) => subpaths.length > 1)
    expect(shared.map(([name, subpaths]) => `${name}: ${subpaths.join(', ')}`)).toEqual([])
  })
})
