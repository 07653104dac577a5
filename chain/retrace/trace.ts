import { Address } from '@ton/core'
import type { RawTransaction } from '../../upstream/tonApiWire.js'
import { checked, type LocatedTransaction, locateTransaction } from './locate.js'
import { RetraceError } from './RetraceError.js'
import type { RetraceReads } from './reads.js'

/** The most transactions a trace walk collects. */
const MAX_TRACE = 256

/**
 * Every transaction of `found`'s trace, in lt order (the root first): v3 `/api/v3/traces` when
 * the upstream has it, else a walk along the messages — up through `tryLocateSourceTx`, down
 * through `tryLocateTx` — each transaction checked against its hash.
 *
 * @example
 * ```ts
 * (await walkTrace(reads, found)).length // 7: a wallet's swap through a router and a pool
 * ```
 */
export async function walkTrace(
  reads: RetraceReads,
  found: LocatedTransaction,
): Promise<LocatedTransaction[]> {
  const v3 = await reads.v3<{
    traces?: { transactions?: Record<string, { account: string; lt: string; hash: string }> }[]
  }>('/api/v3/traces', { tx_hash: found.hash.toString('base64') })
  const listed = v3?.traces?.[0]?.transactions
  if (listed !== undefined && Object.keys(listed).length > 0) {
    const members: LocatedTransaction[] = []
    for (const t of Object.values(listed)) {
      members.push(
        await locateTransaction(reads, {
          account: Address.parse(t.account),
          lt: BigInt(t.lt),
          hash: Buffer.from(t.hash, 'base64'),
        }),
      )
    }
    return members.sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
  }
  // Up to the root.
  let root = found
  for (let i = 0; i < MAX_TRACE; i++) {
    const info = root.tx.inMessage?.info
    if (info?.type !== 'internal') break
    const parent = await located(
      reads,
      'tryLocateSourceTx',
      info.src,
      root.account,
      info.createdLt,
      info.src,
    )
    if (parent === undefined) break
    root = parent
  }
  // Down from it.
  const members = new Map<string, LocatedTransaction>([[root.hash.toString('hex'), root]])
  const queue = [root]
  while (queue.length > 0 && members.size < MAX_TRACE) {
    const t = queue.shift() as LocatedTransaction
    for (const m of t.tx.outMessages.values()) {
      if (m.info.type !== 'internal') continue
      const child = await located(
        reads,
        'tryLocateTx',
        t.account,
        m.info.dest,
        m.info.createdLt,
        m.info.dest,
      )
      if (child === undefined) continue
      const key = child.hash.toString('hex')
      if (members.has(key)) continue
      members.set(key, child)
      queue.push(child)
    }
  }
  return [...members.values()].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
}

/** One `tryLocate*` answer as a located transaction of `account`; `undefined` when the
 * upstream did not find it (a message still in flight, or outside its heuristic's window). */
async function located(
  reads: RetraceReads,
  method: 'tryLocateTx' | 'tryLocateSourceTx',
  source: Address,
  destination: Address,
  createdLt: bigint,
  account: Address,
): Promise<LocatedTransaction | undefined> {
  let raw: RawTransaction
  try {
    raw = await reads.ask<RawTransaction>(method, {
      source: source.toString(),
      destination: destination.toString(),
      created_lt: createdLt.toString(),
    })
  } catch (error) {
    if (error instanceof RetraceError && error.code === 'RETRACE_UPSTREAM_REJECTED')
      return undefined
    throw error
  }
  const { cell, tx } = checked(raw)
  return { account, lt: tx.lt, hash: cell.hash(), cell, tx, v3: undefined }
}
