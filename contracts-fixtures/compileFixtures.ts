import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Cell } from '@ton/core'
import { runTolkCompiler } from '@ton/tolk-js'
import { FixtureCompileError } from './FixtureCompileError.js'
import {
  FIXTURE_NAMES,
  FIXTURE_POOL_KIND_MODULES,
  FIXTURE_SOURCES,
  type FixtureName,
  POOL_KIND_IMPORT,
} from './fixtureSources.js'

/**
 * One compiled fixture: its code cell and the compiler's hash of it.
 *
 * @example
 * ```ts
 * const { dexV2Vault } = await compileFixtures(['dexV2Vault'])
 * dexV2Vault.codeHashHex.length // 64
 * ```
 */
export type CompiledFixture = {
  readonly code: Cell
  /** Upper-case hex hash of `code`, as `@ton/tolk-js` reports it. */
  readonly codeHashHex: string
}

const SOURCES_DIR = fileURLToPath(new URL('./sources/', import.meta.url))

/**
 * Compiles fixture contracts from their Tolk sources in-process with `@ton/tolk-js` (no network,
 * no external binaries). This is the build step behind `contracts-fixtures/compiledFixtures.ts`
 * and the check that the committed artifact equals a fresh compile.
 *
 * @example
 * ```ts
 * const { dexV2Pool } = await compileFixtures(['dexV2Pool'])
 * dexV2Pool.code.hash().toString('hex') // the pool's code hash
 * ```
 * @throws {FixtureCompileError} naming the first fixture that does not compile.
 */
export async function compileFixtures(
  names: readonly FixtureName[] = FIXTURE_NAMES,
): Promise<Record<FixtureName, CompiledFixture>> {
  const compiled: Partial<Record<FixtureName, CompiledFixture>> = {}
  for (const name of names) {
    const result = await runTolkCompiler({
      entrypointFileName: FIXTURE_SOURCES[name],
      fsReadCallback: (path) => readFileSync(`${SOURCES_DIR}${kindModuleOf(name, path)}`, 'utf8'),
    })
    if (result.status !== 'ok')
      throw new FixtureCompileError({ fixture: name, message: result.message })
    compiled[name] = {
      code: Cell.fromBase64(result.codeBoc64),
      codeHashHex: result.codeHashHex.toUpperCase(),
    }
  }
  return compiled as Record<FixtureName, CompiledFixture>
}

/** The file behind an import: `pool-kind.tolk` is the fixture's pool-kind module. */
function kindModuleOf(name: FixtureName, path: string): string {
  if (path !== POOL_KIND_IMPORT) return path
  const module = FIXTURE_POOL_KIND_MODULES[name]
  if (module === undefined) {
    throw new FixtureCompileError({ fixture: name, message: `${path} has no pool-kind module` })
  }
  return module
}
