import { InvalidParameterError } from '../errors/InvalidParameterError.js'

/**
 * The condition mini-language of the query endpoints (`docs/wire.md` §3): tag atoms
 * (`asset:popular`, `pool:liquidity:high`, legacy `no_liquidity`), the literals `true` and
 * `false`, prefix `!`, infix `&` and `|`, and parentheses. Precedence `!` > `&` > `|`; both
 * infix operators are associative, so `a | b | c` needs no parentheses. Whitespace is free.
 * @module
 */

/** A parsed condition. */
export type ConditionNode =
  | { readonly kind: 'atom'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: boolean }
  | { readonly kind: 'not'; readonly operand: ConditionNode }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly ConditionNode[] }

/** Longest condition accepted, in characters. */
export const MAX_CONDITION_LENGTH = 4096
/** Deepest nesting of `!` and parentheses accepted. */
export const MAX_CONDITION_DEPTH = 64

const ATOM_CHAR = /[A-Za-z0-9_:.-]/

/**
 * Parses a condition.
 *
 * @example
 * ```ts
 * parseCondition('!asset:blacklisted & (asset:popular | asset:essential)')
 * // { kind: 'and', operands: [{ kind: 'not', … }, { kind: 'or', … }] }
 * parseCondition('asset:popular |') // throws InvalidParameterError { code: 'INVALID_CONDITION' }
 * ```
 * @throws {InvalidParameterError} `INVALID_CONDITION` naming the position of the first error.
 */
export function parseCondition(text: string, field = 'condition'): ConditionNode {
  const fail = (position: number, reason: string): never => {
    throw new InvalidParameterError({
      code: 'INVALID_CONDITION',
      field,
      reason: `${reason} at position ${position}`,
    })
  }
  if (text.length > MAX_CONDITION_LENGTH) {
    fail(MAX_CONDITION_LENGTH, `is longer than ${MAX_CONDITION_LENGTH} characters`)
  }
  let position = 0
  const skipSpace = () => {
    while (position < text.length && /\s/.test(text[position] as string)) position++
  }
  const peek = () => {
    skipSpace()
    return text[position]
  }

  const parseOr = (depth: number): ConditionNode => {
    const operands = [parseAnd(depth)]
    while (peek() === '|') {
      position++
      operands.push(parseAnd(depth))
    }
    return operands.length === 1 ? (operands[0] as ConditionNode) : { kind: 'or', operands }
  }
  const parseAnd = (depth: number): ConditionNode => {
    const operands = [parseUnary(depth)]
    while (peek() === '&') {
      position++
      operands.push(parseUnary(depth))
    }
    return operands.length === 1 ? (operands[0] as ConditionNode) : { kind: 'and', operands }
  }
  const parseUnary = (depth: number): ConditionNode => {
    if (depth > MAX_CONDITION_DEPTH) fail(position, `nests deeper than ${MAX_CONDITION_DEPTH}`)
    const next = peek()
    if (next === '!') {
      position++
      return { kind: 'not', operand: parseUnary(depth + 1) }
    }
    if (next === '(') {
      const open = position++
      const inner = parseOr(depth + 1)
      if (peek() !== ')') fail(position, `expected ")" to close "(" at position ${open}`)
      position++
      return inner
    }
    const start = position
    while (position < text.length && ATOM_CHAR.test(text[position] as string)) position++
    if (position === start) {
      return fail(start, next === undefined ? 'unexpected end' : `unexpected "${next}"`)
    }
    const name = text.slice(start, position)
    if (name === 'true' || name === 'false') return { kind: 'literal', value: name === 'true' }
    return { kind: 'atom', name }
  }

  const node = parseOr(0)
  const rest = peek()
  if (rest !== undefined) fail(position, `unexpected "${rest}"`)
  return node
}

/**
 * Evaluates a condition; `has(atom)` says whether the entity carries a tag atom.
 *
 * @example
 * ```ts
 * const tags = new Set(['asset:popular'])
 * evaluateCondition(parseCondition('asset:popular & !asset:blacklisted'), (a) => tags.has(a)) // true
 * ```
 */
export function evaluateCondition(node: ConditionNode, has: (atom: string) => boolean): boolean {
  switch (node.kind) {
    case 'atom':
      return has(node.name)
    case 'literal':
      return node.value
    case 'not':
      return !evaluateCondition(node.operand, has)
    case 'and':
      return node.operands.every((operand) => evaluateCondition(operand, has))
    case 'or':
      return node.operands.some((operand) => evaluateCondition(operand, has))
  }
}

/**
 * Writes a condition back as text, fully parenthesised, so that parsing the text gives an
 * equivalent condition.
 *
 * @example
 * ```ts
 * printCondition(parseCondition('a | b & !c')) // '(a | (b & !c))'
 * ```
 */
export function printCondition(node: ConditionNode): string {
  switch (node.kind) {
    case 'atom':
      return node.name
    case 'literal':
      return String(node.value)
    case 'not':
      return `!${printCondition(node.operand)}`
    case 'and':
    case 'or':
      return `(${node.operands.map(printCondition).join(node.kind === 'and' ? ' & ' : ' | ')})`
  }
}
