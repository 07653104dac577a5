/**
 * `ton-dex-lab retrace <tx> --upstream <TON API URL> [--api-key <key>] [--rps <n|unlimited>]
 * [--trace] [--json]`: replays a mainnet transaction exactly and explains it in the exchange's
 * terms (`chain/retrace`, `docs/retrace.md`). Exit status 0 identical, 1 different, 2 bad input
 * or an upstream that cannot answer.
 * @module
 */
import { parseArgs } from 'node:util'
import { RetraceError } from '../chain/retrace/RetraceError.js'
import {
  type RetraceReport,
  type RetraceResult,
  type RetraceUnavailable,
  retraceTransaction,
} from '../chain/retrace/retraceTransaction.js'
import { parseTxRef } from '../chain/retrace/txRef.js'
import { BaseError } from '../core/errors/BaseError.js'
import { isoSeconds } from '../protocol/timeText.js'
import { createTonApiClient } from '../upstream/tonApiClient.js'
import { followOptions } from './serveOptions.js'

/** The usage line of `retrace`. */
export const RETRACE_USAGE =
  'ton-dex-lab retrace <tx hash | address:lt> --upstream <TON API URL> [--api-key <key>] [--rps <n|unlimited>] [--trace] [--json]'

/**
 * Runs `ton-dex-lab retrace`; resolves to the exit status (0 identical, 1 different, 2 bad
 * input or an upstream that cannot answer). Nothing is written but `out` and `err`.
 *
 * @example
 * ```ts
 * await runRetraceCommand(['3b464a32195b556407a922e3bbfea138550b5cc038551adcdc28d4cf73291daf', '--upstream', 'http://127.0.0.1:8081'], { out: console.log, err: console.error, env: {} }) // 0
 * ```
 */
export async function runRetraceCommand(
  args: readonly string[],
  io: {
    readonly out: (line: string) => void
    readonly err: (line: string) => void
    readonly env: Readonly<Record<string, string | undefined>>
  },
): Promise<number> {
  let report: RetraceReport
  let json: boolean
  try {
    const parsed = parseArgs({
      args: [...args],
      options: {
        upstream: { type: 'string' },
        'api-key': { type: 'string' },
        rps: { type: 'string' },
        trace: { type: 'boolean' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    })
    json = parsed.values.json === true
    if (parsed.positionals.length !== 1) {
      throw new RetraceError({
        code: 'RETRACE_BAD_INPUT',
        field: 'tx',
        message: 'tx: name exactly one transaction',
      })
    }
    if (parsed.values.upstream === undefined) {
      throw new RetraceError({
        code: 'RETRACE_BAD_INPUT',
        field: 'upstream',
        message: 'upstream: --upstream <TON API URL> is required',
      })
    }
    const tx = parseTxRef(parsed.positionals[0] as string)
    const { url, apiKey, rps } = followOptions(
      {
        follow: parsed.values.upstream,
        'api-key': parsed.values['api-key'],
        rps: parsed.values.rps,
      },
      io.env,
      'upstream',
    )
    const client = createTonApiClient({ url, apiKey, rps })
    report = await retraceTransaction({ client, tx, trace: parsed.values.trace === true })
  } catch (error) {
    if (error instanceof BaseError || (error instanceof TypeError && 'code' in error)) {
      const message = error instanceof BaseError ? error.shortMessage : error.message
      io.err(`retrace: ${message.split('\n')[0]}`)
      io.err(`Usage: ${RETRACE_USAGE}`)
      return 2
    }
    throw error
  }
  const results = report.trace ?? [report.target]
  if (json) io.out(JSON.stringify(report, jsonValue, 2))
  else {
    for (const r of results) {
      for (const line of r.status === 'unavailable' ? unavailableLines(r) : retraceLines(r)) {
        io.out(line)
      }
    }
    if (report.trace !== undefined) io.out(traceSummary(report.trace))
  }
  // Members the upstream lacks inputs for are listed, not counted against the replay.
  return results.every((r) => r.status === 'identical' || r.status === 'unavailable') ? 0 : 1
}

function unavailableLines(r: RetraceUnavailable): string[] {
  return [
    `transaction ${r.hash}  ${r.account}:${r.lt}  now ${r.now} (${isoSeconds(r.now)})`,
    `replay: UNAVAILABLE (${r.code})`,
    ...r.causes.map((c) => `  cause: ${c}`),
  ]
}

function traceSummary(trace: readonly (RetraceResult | RetraceUnavailable)[]): string {
  const n = (s: string) => trace.filter((r) => r.status === s).length
  return `trace: ${trace.length} transaction(s): ${n('identical')} identical, ${n('different')} different, ${n('not-reproducible')} not reproducible, ${n('unavailable')} unavailable (inputs the upstream lacks)`
}

/** JSON of a report: bigints as decimal strings. */
function jsonValue(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/**
 * A retrace result as text lines: the verdict, the first differing field and its causes, the
 * inputs, and the exchange's reading.
 *
 * @example
 * ```ts
 * retraceLines(result)[1] // 'replay: identical (hash 3b464a32…1daf)'
 * ```
 */
export function retraceLines(r: RetraceResult): string[] {
  const lines = [`transaction ${r.hash}  ${r.account}:${r.lt}  now ${r.now} (${isoSeconds(r.now)})`]
  if (r.status === 'identical') lines.push(`replay: identical (hash ${r.replayedHash})`)
  else {
    const d = r.difference
    lines.push(
      `replay: ${r.status === 'different' ? 'DIFFERENT' : 'NOT REPRODUCIBLE'}${d === undefined ? '' : ` at ${d.field}: chain ${d.expected}, replay ${d.actual}`}`,
    )
  }
  for (const c of r.causes) lines.push(`  cause: ${c}`)
  const i = r.inputs
  lines.push(
    `inputs: block ${i.block}${i.masterRef === undefined ? '' : ` (master_ref ${i.masterRef})`}; state at masterchain ${i.stateSeqno} (${i.exactState ? 'getShardAccountCell, exact' : 'getAddressInformation, approximate'}) + ${i.earlierTransactions} earlier transaction(s) replayed`,
    `        config ${i.configMethod} (global version ${i.globalVersion}); libraries ${i.libraries.length === 0 ? 'none' : i.libraries.map(short).join(', ')}${i.absentLibraries.length === 0 ? '' : `; ABSENT ${i.absentLibraries.map(short).join(', ')}`}; random seed ${i.randomSeed === 'block' ? "the block's" : 'unknown'}; previous blocks ${i.prevBlocks ? 'yes' : 'no'}`,
  )
  for (const n of i.notes) lines.push(`  note: ${n}`)
  const x = r.exchange
  if (x === undefined) return lines
  lines.push(
    `exchange: ${x.contract}, ${x.operation} (in: ${x.inMessage}; out: ${x.outMessages.map((o) => o.type).join(', ') || 'none'})`,
  )
  if (x.offer !== undefined) {
    lines.push(
      `  offer ${x.offer.amount}${x.offer.side === undefined ? '' : ` of token${x.offer.side}`}${x.offer.wallet === undefined ? '' : ` (${x.offer.wallet})`}${x.minOut === undefined ? '' : `, min_out ${x.minOut}`}${x.deadline === undefined ? '' : `, deadline ${x.deadline} (${x.deadlinePassed ? 'passed' : 'not passed'})`}${x.referral === undefined ? '' : `, referral ${x.referral.address} ${x.referral.bps} bps`}`,
    )
  }
  const p = x.poolBefore
  if (p !== undefined) {
    lines.push(
      `  pool before: ${p.dex} ${p.kind}, reserves ${p.reserve0} / ${p.reserve1}, LP supply ${p.totalSupply}, fees LP ${p.lpFee} protocol ${p.protocolFee} bps`,
    )
  }
  if (x.quote !== undefined) {
    lines.push(
      `  core quote: ${x.quote.result}, out ${x.quote.amountOut}, protocol fee ${x.quote.protocolFeeOut}, referral ${x.quote.referralFeeOut}`,
    )
  }
  if (x.paid !== undefined) {
    lines.push(
      `  mainnet paid: ${x.paid.result}, out ${x.paid.amountOut}, referral ${x.paid.referralFeeOut}${x.paidAsQuoted === undefined ? '' : x.paidAsQuoted ? ' — exactly the quote' : ' — NOT the quote'}`,
    )
  }
  if (x.result !== undefined)
    lines.push(`  result code: ${x.result.name} (0x${x.result.code.toString(16)})`)
  if (x.computeExitCode !== undefined && x.computeExitCode !== 0 && x.computeExitCode !== 1) {
    lines.push(`  compute exit code: ${x.computeExitCode}`)
  }
  return lines
}

function short(hash: string): string {
  return `${hash.slice(0, 8)}…`
}
