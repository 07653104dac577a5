import { Cell, type TupleItem, TupleReader } from '@ton/core'
import type { GetMethod } from '../protocol/getMethod.js'
import { FatalSourceError } from './errors.js'
import type { TonApiClient } from './tonApiClient.js'
import { callWithRetries } from './withRetries.js'

/**
 * Runs a get-method without arguments through the upstream at block `seqno` (toncenter's
 * `runGetMethod` with `seqno`), retrying retryable failures (each counted on the client): its
 * stack to read, or `undefined` for a non-zero exit code (no such account then, or not that
 * kind of contract).
 *
 * @example
 * ```ts
 * (await runGetMethodAt(client, pool, 'get_jetton_data', 3020))?.readBigNumber() // 1414213562373n
 * ```
 */
export async function runGetMethodAt(
  client: TonApiClient,
  address: string,
  method: string,
  seqno: number,
  args: readonly TupleItem[] = [],
): Promise<TupleReader | undefined> {
  const stack = toToncenterStack(args)
  const answer = await callWithRetries<{ exit_code: number; stack: readonly unknown[] }>(
    client,
    'runGetMethod',
    { ...{ address, method, stack }, seqno },
    {},
  )
  return answer.exit_code === 0 ? new TupleReader(parseToncenterStack(answer.stack)) : undefined
}

/**
 * Runs a get-method descriptor of `ton-dex-lab/protocol` through the upstream at block `seqno`
 * (the remote TON API's runner adapter, over {@link runGetMethodAt}): its typed answer, or
 * `undefined` for a non-zero exit code.
 *
 * @example
 * ```ts
 * await runGetterAt(client, pool, JETTON_SUPPLY, 3020) // 1414213562373n
 * await runGetterAt(client, usdtMaster, JETTON_WALLET_ADDRESS, 3020, router) // the router's USD₮ wallet
 * ```
 */
export async function runGetterAt<Args extends readonly unknown[], Answer>(
  client: TonApiClient,
  address: string,
  method: GetMethod<Args, Answer>,
  seqno: number,
  ...args: Args
): Promise<Answer | undefined> {
  const reader = await runGetMethodAt(client, address, method.name, seqno, method.args(...args))
  return reader === undefined ? undefined : method.read(reader)
}

/**
 * A get-method's argument stack in toncenter v2's `runGetMethod` wire: an integer as
 * `["num", "<decimal>"]`, a slice or cell as `["tvm.Slice" | "tvm.Cell", "<base64 BoC>"]`.
 *
 * @example
 * ```ts
 * toToncenterStack([{ type: 'int', value: 42n }]) // [['num', '42']]
 * ```
 * @throws {TypeError} for an argument of another type (a tuple, a builder, null).
 */
export function toToncenterStack(items: readonly TupleItem[]): [string, string][] {
  return items.map((item): [string, string] => {
    if (item.type === 'int') return ['num', item.value.toString()]
    if (item.type === 'slice') return ['tvm.Slice', item.cell.toBoc().toString('base64')]
    if (item.type === 'cell') return ['tvm.Cell', item.cell.toBoc().toString('base64')]
    throw new TypeError(`A ${item.type} get-method argument has no toncenter form.`)
  })
}

/**
 * A `runGetMethod` answer's stack in toncenter v2's wire (`["num", "0x2a"]`, `["cell", { bytes }]`,
 * `["slice", { bytes }]`, `["null"]`, `["tuple", { elements }]`) as `@ton/core` tuple items, so
 * `TupleReader` and the protocol's get-method readers take it.
 *
 * @example
 * ```ts
 * new TupleReader(parseToncenterStack([['num', '0x2a'], ['null']])).readBigNumber() // 42n
 * ```
 * @throws {FatalSourceError} `SOURCE_INVALID_DATA` for an entry of no known shape.
 */
export function parseToncenterStack(stack: readonly unknown[]): TupleItem[] {
  return stack.map(parseEntry)
}

function parseEntry(entry: unknown): TupleItem {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return invalid(entry)
  const [type, value] = entry as [string, unknown]
  switch (type) {
    case 'num': {
      if (typeof value !== 'string' || !/^-?(0x[0-9a-fA-F]+|\d+)$/.test(value))
        return invalid(entry)
      const negative = value.startsWith('-')
      const magnitude = BigInt(negative ? value.slice(1) : value)
      return { type: 'int', value: negative ? -magnitude : magnitude }
    }
    case 'cell':
    case 'slice':
    case 'builder': {
      const bytes = (value as { bytes?: unknown } | undefined)?.bytes
      if (typeof bytes !== 'string') return invalid(entry)
      const cell = Cell.fromBoc(Buffer.from(bytes, 'base64'))[0]
      if (cell === undefined) return invalid(entry)
      return { type: type === 'cell' ? 'cell' : 'slice', cell }
    }
    case 'null':
      return { type: 'null' }
    case 'tuple':
    case 'list': {
      const elements = (value as { elements?: unknown } | undefined)?.elements
      if (!Array.isArray(elements)) return invalid(entry)
      return { type: 'tuple', items: elements.map(parseElement) }
    }
    default:
      return invalid(entry)
  }
}

/** A tuple element: toncenter writes these as `tvm.stackEntry*` objects. */
function parseElement(element: unknown): TupleItem {
  const e = element as { '@type'?: string; number?: { number?: string }; cell?: { bytes?: string } }
  if (e['@type'] === 'tvm.stackEntryNumber' && typeof e.number?.number === 'string') {
    return { type: 'int', value: BigInt(e.number.number) }
  }
  if (e['@type'] === 'tvm.stackEntryCell' || e['@type'] === 'tvm.stackEntrySlice') {
    const cell = Cell.fromBoc(Buffer.from(e.cell?.bytes ?? '', 'base64'))[0]
    if (cell !== undefined)
      return { type: e['@type'] === 'tvm.stackEntryCell' ? 'cell' : 'slice', cell }
  }
  if (Array.isArray(element)) return parseEntry(element)
  return invalid(element)
}

function invalid(entry: unknown): never {
  throw new FatalSourceError({
    code: 'SOURCE_INVALID_DATA',
    message: `A get-method answer holds a stack entry of no known shape: ${JSON.stringify(entry).slice(0, 120)}`,
  })
}
