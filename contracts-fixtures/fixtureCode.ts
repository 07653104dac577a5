import { Cell } from '@ton/core'
import { COMPILED_FIXTURES } from './compiledFixtures.js'
import type { FixtureName } from './fixtureSources.js'

const cache = new Map<FixtureName, Cell>()

/**
 * The compiled code cell of a fixture contract, from the build artifact
 * `compiledFixtures.ts` (cached; no compiler needed at run time).
 *
 * @example
 * ```ts
 * fixtureCode('jettonWallet').hash().length // 32
 * ```
 */
export function fixtureCode(name: FixtureName): Cell {
  let code = cache.get(name)
  if (code === undefined) {
    code = Cell.fromBase64(COMPILED_FIXTURES[name])
    cache.set(name, code)
  }
  return code
}
