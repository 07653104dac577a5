import { type Address, loadCommonMessageInfo } from '@ton/core'
import { type TransactionInput, tapExecutor } from '../../emulator/executorTap.js'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { StateHistory } from '../StateHistory.js'
import { isNeverSeenText } from './shardAccounts.js'

/**
 * The state each account had before a block changed it (raw address → the sandbox's base64
 * `ShardAccount`), as the executor received it for the account's first transaction in the block,
 * or as `setBalance` read it before the change.
 *
 * @example
 * ```ts
 * const priors: BlockPriors = new Map([['0:AB…', 'te6cckEBAQEA…']])
 * ```
 */
export type BlockPriors = ReadonlyMap<string, string>

/**
 * Prior-state tracking, a part of the live chain: notes the state each account had before its
 * first transaction of the batch the sandbox runs (through the executor's tap), hands the notes
 * to the batch's block, and keeps them in the {@link StateHistory} when the block is committed,
 * which is what reads at older blocks answer from.
 *
 * @example
 * ```ts
 * const priors = trackPriorStates(blockchain, history)
 * await treasury.send({ to: bob, value: 1n }) // the sandbox publishes a batch
 * priors.take() // Map { '0:TREASURY…' => 'te6cc…', '0:B0B…' => 'te6cc…' }
 * ```
 */
export interface PriorStates {
  /** The states noted since the last call (the batch just published); starts the next batch. */
  take(): BlockPriors
  /** Runs a dry run: the transactions it makes are not the chain's, nothing is noted. */
  aside<T>(run: () => Promise<T>): Promise<T>
  /**
   * Keeps the states the block's accounts (raw addresses the journal recorded) had before it.
   * An account the block changed whose prior state was not seen (a change the executor did not
   * make) cannot be answered before the block: older states are then given up.
   */
  keep(seqno: number, accounts: readonly string[], priors: BlockPriors | undefined): void
  /** Forgets the kept states: reads start at block `seqno` (a revert). */
  reset(seqno: number): void
  /** Stops noting (the chain closed). */
  detach(): void
}

/**
 * Starts {@link PriorStates} on the sandbox's executor ({@link tapExecutor}; the newest chain
 * opened on a sandbox is the one noted for), keeping states in `history`.
 *
 * @example
 * ```ts
 * const priors = trackPriorStates(blockchain, new StateHistory({ floor: 0 }))
 * ```
 */
export function trackPriorStates(blockchain: LocalBlockchain, history: StateHistory): PriorStates {
  let noted = new Map<string, string>()
  let dryRunning = false
  const note = ({ shardAccount, message }: TransactionInput) => {
    if (dryRunning) return
    let dest: Address | undefined
    try {
      const info = loadCommonMessageInfo(message.beginParse())
      dest = info.type === 'external-out' ? undefined : info.dest
    } catch {
      dest = undefined
    }
    if (dest === undefined) return
    const raw = dest.toRawString()
    if (!noted.has(raw)) noted.set(raw, shardAccount)
  }
  const untap = tapExecutor(blockchain.executor, note)
  return {
    take() {
      const batch = noted
      noted = new Map()
      return batch
    },
    async aside(run) {
      dryRunning = true
      try {
        return await run()
      } finally {
        dryRunning = false
      }
    },
    keep(seqno, accounts, priors) {
      const before = new Map<string, string | null>()
      for (const address of accounts) {
        const prior = priors?.get(address)
        if (prior === undefined) {
          history.reset(seqno)
          return
        }
        before.set(address, isNeverSeenText(prior) ? null : prior)
      }
      history.add(seqno, before)
    },
    reset(seqno) {
      history.reset(seqno)
    },
    detach: untap,
  }
}
