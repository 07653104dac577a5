import type { Address } from '@ton/core'
import { snapshotFromSerializable, snapshotToSerializable } from '@ton/sandbox'
import type { ChainJournal } from '../ChainJournal.js'
import { LiveChainError } from '../LiveChainError.js'
import type { ChainBlock, ChainHead, ChainSavepoint, TimeMove } from '../liveChainTypes.js'
import type { ChainSequencer } from './ChainSequencer.js'
import type { PriorStates } from './PriorStates.js'
import { shardAccountText } from './shardAccounts.js'

/**
 * Chain control, a part of the live chain: what local tooling does to the chain besides sending
 * messages — time travel, blocks without transactions, balances set without a transaction, and
 * savepoints to revert to. Every change but `setTime` runs in the chain's queue and is a block
 * (or, for a revert, forgets blocks) like any other.
 *
 * @example
 * ```ts
 * const control = chainControl(sequencer, journal, priors)
 * control.setTime({ increase: 3_600 }) // 1_764_003_600
 * await control.mine(2) // two blocks without transactions
 * ```
 */
export interface ChainControl {
  /** How many times the chain was reverted. */
  readonly revision: number
  /** @throws {LiveChainError} `LIVE_CHAIN_TIME_BACKWARDS` (nothing changes). */
  setTime(move: TimeMove): number
  mine(count: number): Promise<readonly ChainBlock[]>
  /** Changes a balance in one queued step: `next` gets the balance read in that step. */
  changeBalance(address: Address, next: (current: bigint) => bigint): Promise<ChainBlock>
  savepoint(): Promise<ChainSavepoint>
  /**
   * @throws {LiveChainError} `LIVE_CHAIN_REVERT_UNSUPPORTED`, `LIVE_CHAIN_UNKNOWN_SAVEPOINT`,
   *   `LIVE_CHAIN_JOURNAL_FAILED` (the chain stops).
   */
  revert(savepoint: ChainSavepoint): Promise<void>
  onRevert(listener: (head: ChainHead) => void): () => void
}

/**
 * The {@link ChainControl} of a sequencer, its journal (whose `discardAfter` a revert needs) and
 * its prior-state tracking (a revert forgets the states kept before the blocks it removes).
 *
 * @example
 * ```ts
 * const control = chainControl(sequencer, journal, priors)
 * const point = await control.savepoint()
 * await control.revert(point)
 * ```
 */
export function chainControl(
  chain: ChainSequencer,
  journal: ChainJournal,
  priors: PriorStates,
): ChainControl {
  const revertListeners = new Set<(head: ChainHead) => void>()
  let reverts = 0
  return {
    get revision() {
      return reverts
    },

    setTime(move) {
      chain.throwIfStopped()
      const now = chain.time
      const target = 'set' in move ? move.set : now + move.increase
      if (!Number.isSafeInteger(target) || target < now) {
        throw new LiveChainError({
          reason: 'time_backwards',
          message: `The chain's time is ${now}; it cannot go back to ${target}.`,
        })
      }
      chain.clock.aim(target)
      return target
    },

    mine(count) {
      return chain.enqueue(async () => {
        chain.tick()
        for (let i = 0; i < count; i++) chain.addEmptyBlock()
        return chain.commit()
      })
    },

    changeBalance(address, next) {
      return chain.enqueue(async () => {
        chain.tick()
        const before = await chain.guardLoad(() => shardAccountText(chain.blockchain, address))
        const contract = await chain.blockchain.getContract(address)
        contract.balance = next(contract.balance)
        chain.addEmptyBlock({
          touched: [address],
          priors: new Map([[address.toRawString(), before]]),
        })
        const [block] = await chain.commit()
        return block!
      })
    },

    savepoint() {
      return chain.enqueue(async () => {
        await chain.flush()
        return {
          head: chain.head,
          time: chain.floor,
          offset: chain.clock.offset,
          state: JSON.stringify(snapshotToSerializable(chain.blockchain.snapshot())),
        }
      })
    },

    async revert(savepoint) {
      await chain.enqueue(async () => {
        await chain.flush()
        const discard = journal.discardAfter?.bind(journal)
        if (discard === undefined) {
          throw new LiveChainError({
            reason: 'revert_unsupported',
            message: 'The chain journal cannot forget blocks, so the chain cannot revert.',
          })
        }
        const { head } = savepoint
        if (head.seqno > chain.head.seqno) {
          throw new LiveChainError({
            reason: 'unknown_savepoint',
            message: `Block ${head.seqno} of the savepoint is not on the chain (head ${chain.head.seqno}).`,
          })
        }
        try {
          await discard(head.seqno)
        } catch (error) {
          throw chain.stop(
            new LiveChainError({
              reason: 'journal_failed',
              message: `The journal could not go back to block ${head.seqno}; the chain stopped.`,
              details: error instanceof Error ? error.message : String(error),
              cause: error,
            }),
          )
        }
        await chain.blockchain.loadFrom(snapshotFromSerializable(JSON.parse(savepoint.state)))
        chain.rewindHead(head, savepoint.time)
        // the states kept were those before blocks now gone; older reads start at the savepoint
        priors.reset(head.seqno)
        chain.clock.restore(savepoint.offset)
        await chain.saveSnapshot()
        reverts++
      })
      for (const listener of revertListeners) {
        try {
          listener(chain.head)
        } catch (error) {
          chain.onListenerError(error)
        }
      }
    },

    onRevert(listener) {
      revertListeners.add(listener)
      return () => {
        revertListeners.delete(listener)
      }
    },
  }
}
