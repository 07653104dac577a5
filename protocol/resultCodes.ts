import { EXIT_CODES, type ExitCodeName, exitCodeName } from '../core/errors/exitCodes.js'

/**
 * Results of an exchange transaction that are not contract exit codes: what the indexer and the
 * action tree (`docs/wire.md` §2.10) report for a step whose contract answers with a message
 * rather than a code — `ok` (a withdrawal, a gas reset, a fee or parameter change, a message a
 * pool merely answers), `bounce` (the step's answer never came: no `pay_to`, no mint),
 * `provide_liquidity_ok` (the pool forwarded `add_liquidity` to the LP account),
 * `add_liquidity_ok` (an LP account sent `cb_add_liquidity` on a direct addition), `mint_lp_ok`
 * (the pool minted LP), `collect_fees_ok` (the pool paid its protocol fees out). The wire also
 * names `collect_fees_ok_with_rewards` (a collection that paid farm rewards too); the fixture
 * pools never report it.
 *
 * @example
 * ```ts
 * OUTCOME_CODES.includes('mint_lp_ok') // true
 * ```
 */
export const OUTCOME_CODES = [
  'ok',
  'bounce',
  'provide_liquidity_ok',
  'add_liquidity_ok',
  'mint_lp_ok',
  'collect_fees_ok',
  'collect_fees_ok_with_rewards',
] as const

/** A result that is not a contract exit code, e.g. `'mint_lp_ok'` (see {@link OUTCOME_CODES}). */
export type OutcomeCode = (typeof OUTCOME_CODES)[number]

/**
 * The result code of an exchange transaction, as the indexer stores it (`resultCode` of an
 * indexed transaction, `exitCode` of an operation) and the REST API serves it (`exit_code`): a
 * contract exit code by its name (`ton-dex-lab/core`'s `EXIT_CODES`: `swap_ok`, `burn_ok`,
 * `swap_refund_slippage`, `max_in_ratio`, …), an {@link OutcomeCode}, or — for a 32-bit code a
 * pool reported that has no name (a raw VM or math error) — the code in decimal (`'12345'`).
 *
 * @example
 * ```ts
 * const code: ResultCode = 'swap_ok'
 * const unnamed: ResultCode = '12345'
 * ```
 */
export type ResultCode = ExitCodeName | OutcomeCode | `${number}`

/**
 * Every named result code: the contract exit-code names (in `EXIT_CODES` order), then the
 * {@link OUTCOME_CODES}. A decimal fallback (`'12345'`) is a {@link ResultCode} too but is not
 * listed.
 *
 * @example
 * ```ts
 * RESULT_CODES.includes('swap_refund_slippage') // true
 * RESULT_CODES.length // 51
 * ```
 */
export const RESULT_CODES: readonly (ExitCodeName | OutcomeCode)[] = [
  ...(Object.keys(EXIT_CODES) as ExitCodeName[]),
  ...OUTCOME_CODES,
]

/**
 * The result codes that mean the step succeeded (`success: true` in an action tree,
 * `docs/wire.md` §2.10): every other code is a refund, a rejection or a bounce.
 *
 * @example
 * ```ts
 * SUCCESS_RESULT_CODES.includes('swap_ok_ref') // true
 * ```
 */
export const SUCCESS_RESULT_CODES = [
  'swap_ok',
  'swap_ok_ref',
  'provide_liquidity_ok',
  'add_liquidity_ok',
  'mint_lp_ok',
  'burn_ok',
  'collect_fees_ok',
  'collect_fees_ok_with_rewards',
  'ok',
  'refund_ok',
] as const satisfies readonly ResultCode[]

const SUCCESS: ReadonlySet<string> = new Set(SUCCESS_RESULT_CODES)

/**
 * Whether a result code means success (one of {@link SUCCESS_RESULT_CODES}). Takes any string,
 * as stored rows hold them.
 *
 * @example
 * ```ts
 * isSuccessResult('burn_ok') // true
 * isSuccessResult('swap_refund_slippage') // false
 * isSuccessResult('bounce') // false
 * ```
 */
export function isSuccessResult(code: string): boolean {
  return SUCCESS.has(code)
}

/**
 * The result code of a 32-bit code a pool reported in `pay_to` (or a router inline in a
 * refund): its exit-code name (`docs/contracts.md` §1.6, §2.12), falling back to the decimal code
 * when it has no name (raw VM / math errors).
 *
 * @example
 * ```ts
 * resultName(0xc64370e5) // 'swap_ok'
 * resultName(0x39603190) // 'swap_refund_slippage'
 * resultName(97) // 'max_in_ratio'
 * resultName(12345) // '12345'
 * ```
 */
export function resultName(code: number): ResultCode {
  return exitCodeName(code) ?? `${code}`
}
