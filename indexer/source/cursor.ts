import { StoreError } from '../../store/StoreError.js'

/**
 * Where indexing stands: the last stored transaction and, when the source names blocks, the
 * last block whose transactions are all stored (a batch never ends inside a block). Stored as
 * text under a cursor name in the same store transaction as its batch; only
 * {@link formatCursor} writes that text and only {@link parseCursor} reads it.
 *
 * @example
 * ```ts
 * const cursor: IndexCursor = { seqno: 1531, lt: 46_000_003n, hash: '5f0c…' }
 * ```
 */
export type IndexCursor = {
  /** The last fully stored block; `undefined` for history indexed without blocks. */
  readonly seqno: number | undefined
  /** Logical time of the last stored transaction (0 when none was). */
  readonly lt: bigint
  /** Hash (hex) of the last stored transaction, `''` when none was. */
  readonly hash: string
}

const FORM = /^(\d+):([0-9a-f]*)(?:@(\d+))?$/

/**
 * The stored text of a cursor: `<lt>:<hash>` and, with a block, `@<seqno>`.
 *
 * @example
 * ```ts
 * formatCursor({ seqno: 1531, lt: 46_000_003n, hash: '5f0c' }) // '46000003:5f0c@1531'
 * ```
 */
export function formatCursor(cursor: IndexCursor): string {
  const base = `${cursor.lt}:${cursor.hash}`
  return cursor.seqno === undefined ? base : `${base}@${cursor.seqno}`
}

/**
 * Reads what {@link formatCursor} wrote (and the `<lt>:<hash>` of builds before blocks were
 * kept); `undefined` stays `undefined` (nothing indexed yet).
 *
 * @example
 * ```ts
 * parseCursor('46000003:5f0c@1531') // { seqno: 1531, lt: 46000003n, hash: '5f0c' }
 * parseCursor('46000003:5f0c') // { seqno: undefined, lt: 46000003n, hash: '5f0c' }
 * ```
 * @throws {StoreError} `STORE_CORRUPT` for text no build wrote.
 */
export function parseCursor(text: string | undefined): IndexCursor | undefined {
  if (text === undefined) return undefined
  const match = FORM.exec(text)
  if (match === null) {
    throw new StoreError({ code: 'STORE_CORRUPT', message: `Unreadable index cursor '${text}'.` })
  }
  return {
    lt: BigInt(match[1] as string),
    hash: match[2] as string,
    seqno: match[3] === undefined ? undefined : Number(match[3]),
  }
}
