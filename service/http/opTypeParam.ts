import type { OperationType } from '../../store/rows/historyRows.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

/**
 * Every spelling of an operation type the `op_type` filter takes, by its normalised form (lower
 * case, no `_`): the PascalCase enum the official TypeScript client sends (`SendLiquidity`),
 * the live wire's snake_case (`send_liquidity`) and the spec's own words (`provide_liquidity`
 * is a `SendLiquidity`; `docs/wire.md` §2.8).
 */
const BY_NORMALISED: ReadonlyMap<string, OperationType> = new Map([
  ['swap', 'Swap'],
  ['sendliquidity', 'SendLiquidity'],
  ['provideliquidity', 'SendLiquidity'],
  ['refundliquidity', 'RefundLiquidity'],
  ['addliquidity', 'AddLiquidity'],
  ['withdrawliquidity', 'WithdrawLiquidity'],
  ['setfees', 'SetFees'],
  ['collectfees', 'CollectFees'],
  ['resetgas', 'ResetGas'],
])

/** The accepted `op_type` words, for messages and the OpenAPI document. */
export const OP_TYPE_WORDS = [
  'Swap',
  'SendLiquidity',
  'RefundLiquidity',
  'AddLiquidity',
  'WithdrawLiquidity',
  'SetFees',
  'CollectFees',
  'ResetGas',
  'swap',
  'send_liquidity',
  'provide_liquidity',
  'refund_liquidity',
  'add_liquidity',
  'withdraw_liquidity',
  'set_fees',
  'collect_fees',
  'reset_gas',
] as const

/**
 * The `op_type` filter: one value, repeated keys, bracketed keys or a comma list, each in any
 * accepted spelling; `undefined` when absent (no filter).
 *
 * @example
 * ```ts
 * opTypeParam('provide_liquidity') // ['SendLiquidity']
 * opTypeParam(['Swap', 'withdraw_liquidity']) // ['Swap', 'WithdrawLiquidity']
 * opTypeParam('swap,AddLiquidity') // ['Swap', 'AddLiquidity']
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER` naming `op_type` for an unknown word.
 */
export function opTypeParam(value: unknown): OperationType[] | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const words = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((w) => w.trim())
    .filter((w) => w !== '')
  if (words.length === 0) return undefined
  const out: OperationType[] = []
  for (const word of words) {
    const type = BY_NORMALISED.get(word.toLowerCase().replaceAll('_', ''))
    if (type === undefined) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'op_type',
        reason: `unknown operation type ${JSON.stringify(word)} (one of ${OP_TYPE_WORDS.join(', ')})`,
      })
    }
    if (!out.includes(type)) out.push(type)
  }
  return out
}
