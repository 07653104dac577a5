import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import {
  type ConditionNode,
  evaluateCondition,
  MAX_CONDITION_DEPTH,
  parseCondition,
  printCondition,
} from './condition.js'

const tags = (...names: string[]) => {
  const set = new Set(names)
  return (atom: string) => set.has(atom)
}

describe('parseCondition', () => {
  test('default: the web app condition string parses and evaluates', () => {
    const condition = parseCondition(
      '(((asset:essential | asset:popular) & (pool:liquidity:medium | pool:liquidity:high | pool:liquidity:very_high)) | pool:wallet_has_liquidity) & !(asset:blacklisted | asset:deprecated)',
    )
    expect(evaluateCondition(condition, tags('asset:popular', 'pool:liquidity:high'))).toBe(true)
    expect(evaluateCondition(condition, tags('asset:popular', 'pool:liquidity:low'))).toBe(false)
    expect(
      evaluateCondition(condition, tags('pool:wallet_has_liquidity', 'asset:deprecated')),
    ).toBe(false)
  })

  test('behavior: ! binds tighter than &, which binds tighter than |', () => {
    expect(printCondition(parseCondition('a | b & !c'))).toBe('(a | (b & !c))')
    expect(printCondition(parseCondition('!a&b|c'))).toBe('((!a & b) | c)')
    expect(printCondition(parseCondition('!!(a|b)'))).toBe('!!(a | b)')
    expect(evaluateCondition(parseCondition('a | b & c'), tags('a'))).toBe(true)
  })

  test('behavior: literals, legacy bare tags and free whitespace', () => {
    expect(parseCondition('true')).toEqual({ kind: 'literal', value: true })
    expect(evaluateCondition(parseCondition(' false |\tno_liquidity '), tags('no_liquidity'))).toBe(
      true,
    )
    expect(evaluateCondition(parseCondition('!deprecated&!no_liquidity'), tags())).toBe(true)
  })

  test.each([
    ['', 'unexpected end at position 0'],
    ['asset:popular |', 'unexpected end at position 15'],
    ['(a | b', 'expected ")" to close "(" at position 0 at position 6'],
    ['a b', 'unexpected "b" at position 2'],
    ['a || b', 'unexpected "|" at position 3'],
    ['a & )', 'unexpected ")" at position 4'],
    ['a$', 'unexpected "$" at position 1'],
  ])('behavior: %j is rejected (%s)', (text, reason) => {
    expect(() => parseCondition(text)).toThrowError(
      new InvalidParameterError({ code: 'INVALID_CONDITION', field: 'condition', reason }),
    )
  })

  test('behavior: nesting and length are bounded', () => {
    expect(() =>
      parseCondition(
        `${'('.repeat(MAX_CONDITION_DEPTH + 2)}a${')'.repeat(MAX_CONDITION_DEPTH + 2)}`,
      ),
    ).toThrow(/nests deeper/)
    expect(() => parseCondition('!'.repeat(10_000))).toThrow(/longer than|nests deeper/)
    expect(() => parseCondition('a'.repeat(5000))).toThrow(/longer than 4096/)
  })
})

const atomNames = ['asset:popular', 'asset:essential', 'pool:liquidity:high', 'no_liquidity', 'x']
const conditionArb: fc.Arbitrary<ConditionNode> = fc.letrec<{ node: ConditionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...atomNames).map((name): ConditionNode => ({ kind: 'atom', name })),
    fc.boolean().map((value): ConditionNode => ({ kind: 'literal', value })),
    tie('node').map((operand): ConditionNode => ({ kind: 'not', operand })),
    fc
      .tuple(
        fc.constantFrom<'and' | 'or'>('and', 'or'),
        fc.array(tie('node'), { minLength: 2, maxLength: 4 }),
      )
      .map(([kind, operands]): ConditionNode => ({ kind, operands })),
  ),
})).node

describe('property', () => {
  test('printing then parsing keeps the meaning, for every tag set', () => {
    fc.assert(
      fc.property(conditionArb, fc.subarray(atomNames), (node, present) => {
        const has = tags(...present)
        const reparsed = parseCondition(printCondition(node))
        expect(evaluateCondition(reparsed, has)).toBe(evaluateCondition(node, has))
      }),
      fuzz(),
    )
  })

  test('any text either parses or fails with INVALID_CONDITION, never anything else', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ':', '!', '&', '|', '(', ')', ' ', '$') }),
        (text) => {
          try {
            parseCondition(text)
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidParameterError)
            expect((error as InvalidParameterError).code).toBe('INVALID_CONDITION')
          }
        },
      ),
      fuzz(),
    )
  })
})
