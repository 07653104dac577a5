import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import * as tonCore from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as core from '../index.js'
import * as testing from '../testing/index.js'

/**
 * docs/referral.md is executable: its first ```js block is the setup (imports and the market),
 * every later block runs after it, and each asserts its own numbers. Imports name the published
 * entry points; here they resolve to the sources.
 */
const MODULES: Record<string, Record<string, unknown>> = {
  'ton-dex-lab/core': core,
  'ton-dex-lab/testing': testing,
  'node:assert/strict': { default: assert },
  'fast-check': { default: fc },
  '@ton/core': tonCore,
}

const markdown = readFileSync(new URL('../../docs/referral.md', import.meta.url), 'utf8')
const blocks = [...markdown.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string)
const [setup, ...examples] = blocks

/** Rewrites `import … from '…'` lines into reads of {@link MODULES}. */
function withImports(code: string): string {
  return code.replace(
    /^import\s+(\{[\s\S]*?\}|\w+)\s+from\s+'([^']+)'\s*$/gm,
    (_line, what: string, from: string) => {
      if (!(from in MODULES)) throw new Error(`docs import an unknown module: ${from}`)
      const source = `__modules[${JSON.stringify(from)}]`
      return what.startsWith('{')
        ? `const ${what.replace(/\s+as\s+/g, ': ')} = ${source}`
        : `const ${what} = ${source}.default`
    },
  )
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (modules: typeof MODULES) => Promise<void>

async function run(example: string): Promise<void> {
  await new AsyncFunction('__modules', `${withImports(setup ?? '')}\n{\n${example}\n}`)(MODULES)
}

/** The heading each example sits under, to name its test. */
function headingOf(example: string): string {
  const before = markdown.slice(0, markdown.indexOf(example))
  return [...before.matchAll(/^## (.+)$/gm)].at(-1)?.[1] ?? 'top'
}

describe('docs/referral.md', () => {
  test('has a setup block and an example for every rule', () => {
    expect(setup).toMatch(/from 'ton-dex-lab\/core'/)
    expect(examples.length).toBeGreaterThanOrEqual(12)
    for (const rule of [1, 2, 3, 4, 5])
      expect(markdown).toMatch(new RegExp(`^## Rule ${rule}:`, 'm'))
    // Every example checks something, so none can pass vacuously.
    for (const example of examples) expect(example).toMatch(/assert/)
  })

  test('the setup runs on its own', async () => {
    await run('')
  })

  for (const [index, example] of examples.entries()) {
    test(`example ${index + 1} (${headingOf(example)})`, async () => {
      await run(example)
    })
  }
})
