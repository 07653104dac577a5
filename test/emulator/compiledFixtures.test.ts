import { Cell } from '@ton/core'
import { describe, expect, it } from 'vitest'
import { COMPILED_FIXTURES } from '../../contracts-fixtures/compiledFixtures.js'
import { compileFixtures } from '../../contracts-fixtures/compileFixtures.js'
import { FixtureCompileError } from '../../contracts-fixtures/FixtureCompileError.js'
import { FIXTURE_NAMES } from '../../contracts-fixtures/fixtureSources.js'

describe('compiled fixture artifact', () => {
  it('lists every fixture and nothing else', () => {
    expect(Object.keys(COMPILED_FIXTURES).sort()).toEqual([...FIXTURE_NAMES].sort())
  })

  it('equals a fresh compile of the Tolk sources', async () => {
    const fresh = await compileFixtures()
    for (const name of FIXTURE_NAMES) {
      const committed = Cell.fromBase64(COMPILED_FIXTURES[name])
      expect(committed.hash().toString('hex').toUpperCase(), name).toBe(fresh[name].codeHashHex)
      expect(committed.equals(fresh[name].code), name).toBe(true)
    }
  })

  it('reports a fixture whose source cannot be compiled', async () => {
    await expect(compileFixtures(['noSuchFixture' as never])).rejects.toBeInstanceOf(
      FixtureCompileError,
    )
  })
})
