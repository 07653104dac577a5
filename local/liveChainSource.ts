import { Cell, loadTransaction, type Transaction } from '@ton/core'
import type { ChainBlock, LiveChain } from '../chain/LiveChain.js'
import type { ChainSource, SourceBlock } from '../indexer/source/ChainSource.js'

/** Parsed blocks kept for the follower after the chain published them. */
const RECENT_BLOCKS = 4096

/**
 * The local live chain as the follower's {@link ChainSource}: its committed blocks are final at
 * once (the head is the newest block), and a new block wakes the follower. Blocks published
 * while the source is open are handed over as the chain parsed them; older ones (a restart's
 * backlog) are read from the chain's transaction log and parsed once.
 *
 * @example
 * ```ts
 * const follower = createFollower({ store, source: liveChainSource(chain), assetOf })
 * const block = await chain.sendExternal(boc)
 * await follower.indexed(block.seqno)
 * ```
 */
export function liveChainSource(chain: LiveChain): ChainSource {
  const recent = new Map<number, SourceBlock>()
  const wakers = new Set<() => void>()
  const stop = chain.onBlock((block: ChainBlock) => {
    recent.set(block.seqno, {
      seqno: block.seqno,
      now: block.now,
      transactions: block.transactions,
    })
    if (recent.size > RECENT_BLOCKS) recent.delete(recent.keys().next().value as number)
    for (const wake of wakers) wake()
  })
  const stored = (seqno: number): SourceBlock => {
    const logged = chain.blockTransactions(seqno)
    return {
      seqno,
      now: logged[0]?.now ?? chain.blockTime(seqno) ?? chain.head.now,
      transactions: logged.map((t) => parse(t.boc)),
    }
  }
  return {
    description: 'local chain',
    async head() {
      const { seqno, now } = chain.head
      return { seqno, now }
    },
    async blocks(after, until) {
      const blocks: SourceBlock[] = []
      for (let seqno = after + 1; seqno <= until; seqno++) {
        blocks.push(recent.get(seqno) ?? stored(seqno))
        // Handed over: the follower does not ask for a block twice while it runs.
        recent.delete(seqno)
      }
      return blocks
    },
    waitForBlock(seqno, timeoutMs) {
      if (chain.head.seqno > seqno) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs)
        function done() {
          clearTimeout(timer)
          wakers.delete(done)
          resolve()
        }
        wakers.add(done)
      })
    },
    close() {
      stop()
      for (const wake of wakers) wake()
      recent.clear()
    },
  }
}

function parse(boc: Uint8Array): Transaction {
  return loadTransaction(Cell.fromBoc(Buffer.from(boc))[0]!.beginParse())
}
