import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { demoMarket } from '../demo/demoMarket.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string | { types: string; import: string }>
  devDependencies: Record<string, string>
}
/** Subpaths with built code (`./package.json` is the manifest itself). */
const subpaths = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [{ subpath, target }],
)

let scratch: string | undefined
afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
})

describe('the published package', () => {
  // `npm test` builds before running the tests; these check what users install and import.
  test('every subpath export is built, code and types', () => {
    expect(subpaths.map((s) => s.subpath)).toEqual([
      './core',
      './testing',
      './protocol',
      './emulator',
      './upstream',
      './chain',
      './indexer',
      './store',
      './service',
      './local',
    ])
    for (const { target } of subpaths) {
      expect(existsSync(join(root, target.import)), target.import).toBe(true)
      expect(existsSync(join(root, target.types)), target.types).toBe(true)
    }
  })

  test('ton-dex-lab/service imports neither @ton/sandbox nor the emulator, indexer or local layer', () => {
    // Walks the built import graph from the service's entry point.
    const seen = new Set<string>()
    const bare = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const code = readFileSync(file, 'utf8')
      for (const [, specifier] of code.matchAll(
        /(?:^|\n)(?:import|export)[^'"]*?from '([^']+)'/g,
      )) {
        if (specifier === undefined) continue
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
        else bare.add(specifier)
      }
    }
    visit(join(root, 'dist/service/index.js'))
    const layers = new Set(
      [...seen].map((f) => f.slice(join(root, 'dist').length + 1).split('/')[0]),
    )
    // `protocol` for the vocabularies the REST API shares with the indexer (result codes,
    // transaction kinds); it depends on `@ton/core` and `core` only.
    expect([...layers].sort()).toEqual(['core', 'protocol', 'service', 'store'])
    expect([...bare].filter((s) => s.startsWith('@ton/sandbox'))).toEqual([])
  })

  test('packed, installed with production dependencies only, every subpath imports and runs', () => {
    scratch = mkdtempSync(join(tmpdir(), 'ton-dex-lab-pack-'))
    const dir = scratch
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { filename: string; files: { path: string }[] }[]
    const tarball = join(dir, packed[0]?.filename ?? '')
    const files = packed[0]?.files.map((f) => f.path) ?? []
    // Sources and tests stay out of the package; the built layers and the command are in.
    expect(files).toContain('bin/ton-dex-lab.js')
    expect(files).toContain('dist/local/cli.js')
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([])
    expect(files.filter((f) => /\.test\.|bench/.test(f))).toEqual([])

    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'pack-check', private: true, type: 'module' }),
    )
    // Production dependencies only, plus fast-check: the optional peer that `ton-dex-lab/testing`
    // asks its users for. Install scripts are skipped, so better-sqlite3's native addon (rebuilt
    // from source here, a minute on two cores) is copied from this checkout's install of the very
    // same version instead.
    execFileSync(
      'npm',
      [
        'install',
        '--omit=dev',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        '--no-package-lock',
        tarball,
        `fast-check@${pkg.devDependencies['fast-check']}`,
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const installed = join(dir, 'node_modules')
    expect(existsSync(join(installed, 'vitest'))).toBe(false)
    expect(existsSync(join(installed, 'tsx'))).toBe(false)
    const sqliteVersion = (at: string) =>
      (
        JSON.parse(readFileSync(join(at, 'better-sqlite3/package.json'), 'utf8')) as {
          version: string
        }
      ).version
    expect(sqliteVersion(installed)).toBe(sqliteVersion(join(root, 'node_modules')))
    const addon = 'better-sqlite3/build/Release/better_sqlite3.node'
    execFileSync('mkdir', ['-p', dirname(join(installed, addon))])
    copyFileSync(join(root, 'node_modules', addon), join(installed, addon))

    const script = `
      const counts = {}
      for (const subpath of ${JSON.stringify(subpaths.map((s) => s.subpath))}) {
        counts[subpath] = Object.keys(await import('${pkg.name}' + subpath.slice(1))).length
      }
      const { createService } = await import('${pkg.name}/service')
      const { createSqliteStore } = await import('${pkg.name}/store')
      const { seedReferenceMarket } = await import('${pkg.name}/local')
      const store = createSqliteStore({ path: ':memory:' })
      await seedReferenceMarket(store)
      const app = await createService({ store })
      const routers = (await app.inject('/v1/routers')).json().router_list.length
      await app.close()
      await store.close()
      console.log(JSON.stringify({ counts, routers }))
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
    })
    const { counts, routers } = JSON.parse(out) as {
      counts: Record<string, number>
      routers: number
    }
    for (const { subpath } of subpaths) expect(counts[subpath], subpath).toBeGreaterThan(0)
    // The reference market's routers, the demo farms' one among them (demoFarmFixture).
    expect(routers).toBe(demoMarket().routers.length)

    const help = execFileSync(process.execPath, [join(installed, '.bin/ton-dex-lab'), 'help'], {
      cwd: dir,
      encoding: 'utf8',
    })
    expect(help).toContain('ton-dex-lab serve')
  })

  test('ton-dex-lab/core resolves through the exports map and computes a swap', () => {
    const script = `
      import { createPoolState, swap } from 'ton-dex-lab/core'
      const pool = createPoolState({ dex: 'v2', kind: 'constant_product',
        reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, totalSupply: 1_414_213_562_373n })
      console.log(swap(pool, { side: 0, amountIn: 10n ** 9n }).amountOut.toString())
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(out.trim()).toBe('1992015968')
  })

  test('ton-dex-lab/protocol resolves through the exports map and builds a swap payload', () => {
    const script = `
      import { DEX_V2_OP, OP_CODES } from 'ton-dex-lab/protocol'
      console.log(DEX_V2_OP.swap === OP_CODES.v2Swap, DEX_V2_OP.swap.toString(16))
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(out.trim()).toBe('true 6664de2a')
  })
})
