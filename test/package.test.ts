import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>
}

describe('the published package', () => {
  // `npm test` builds before running the tests; this checks what users import.
  test('every subpath export points at built files', () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue
      const built = existsSync(join(root, target.import)) && existsSync(join(root, target.types))
      if (subpath === './core') expect(built).toBe(true)
      // Layers still under construction may not be built yet; the ones that exist must be whole.
      if (existsSync(join(root, target.import)))
        expect(existsSync(join(root, target.types))).toBe(true)
    }
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
