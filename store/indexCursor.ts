import { StoreError } from './StoreError.js'

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
  /** That block's time (unix seconds), where the source said it. */
  readonly now?: number | undefined
  /** Logical time of the last stored transaction (0 when none was). */
  readonly lt: bigint
  /** Hash (hex) of the last stored transaction, `''` when none was. */
  readonly hash: string
}

const FORM = /^(\d+):([0-9a-f]*)(?:@(\d+)(?:@(\d+))?)?$/

/**
 * The cursor of the follower and of the local exchange's indexer, unless they are told another.
 *
 * @example
 * ```ts
 * await store.getCursor(INDEX_CURSOR) // '46000003:5f0c@1531@1764064807'
 * ```
 */
export const INDEX_CURSOR = 'indexer'

/**
 * The stored text of a cursor: `<lt>:<hash>` and, with a block, `@<seqno>` and `@<time>`.
 *
 * @example
 * ```ts
 * formatCursor({ seqno: 1531, now: 1_764_064_807, lt: 46_000_003n, hash: '5f0c' }) // '46000003:5f0c@1531@1764064807'
 * formatCursor({ seqno: 1531, lt: 46_000_003n, hash: '5f0c' }) // '46000003:5f0c@1531'
 * ```
 */
export function formatCursor(cursor: IndexCursor): string {
  const base = `${cursor.lt}:${cursor.hash}`
  if (cursor.seqno === undefined) return base
  return cursor.now === undefined
    ? `${base}@${cursor.seqno}`
    : `${base}@${cursor.seqno}@${cursor.now}`
}

/**
 * Reads what {@link formatCursor} wrote (and the `<lt>:<hash>` of builds before blocks were
 * kept); `undefined` stays `undefined` (nothing indexed yet).
 *
 * @example
 * ```ts
 * parseCursor('46000003:5f0c@1531@1764064807') // { seqno: 1531, now: 1764064807, lt: 46000003n, hash: '5f0c' }
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
    ...(match[4] === undefined ? {} : { now: Number(match[4]) }),
  }
}
