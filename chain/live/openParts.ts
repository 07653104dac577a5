import { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import { ChainClock } from '../ChainClock.js'
import { MemoryChainJournal } from '../ChainJournal.js'
import type { LiveChainOptions } from '../liveChainTypes.js'
import { type ChainControl, chainControl } from './ChainControl.js'
import { ChainSequencer } from './ChainSequencer.js'
import { type ExternalGate, externalGate } from './ExternalGate.js'
import { journalWriter } from './JournalWriter.js'
import { genesis, restoreJournal } from './journalRestore.js'
import { trackPriorStates } from './PriorStates.js'
import { type StateAtBlock, statesAtBlock } from './StateAtBlock.js'

/**
 * The parts a `LiveChain` is the facade of, wired together: the sequencer (queue, capture,
 * commit, with the journal writer and prior-state tracking), the states at a block, the external
 * gate and chain control.
 *
 * @example
 * ```ts
 * const { blockchain, parts } = await openParts({ journal })
 * await parts.sequencer.enqueue(() => parts.states.account(wallet, undefined)) // { status: 'active', … }
 * ```
 */
export type LiveChainParts = {
  readonly sequencer: ChainSequencer
  readonly states: StateAtBlock
  readonly gate: ExternalGate
  readonly control: ChainControl
}

/**
 * Opens the parts of a live chain over a journal: resumes the journaled chain when there is one
 * (the journal restore, nothing re-executed), otherwise takes the sandbox's current state as the
 * genesis state and stores it as snapshot 0.
 *
 * @example
 * ```ts
 * const { blockchain, parts } = await openParts({ journal: sqliteJournal })
 * parts.sequencer.head.seqno // 1 524 after a restart of the demo chain
 * ```
 */
export async function openParts(
  options: LiveChainOptions,
): Promise<{ blockchain: LocalBlockchain; parts: LiveChainParts }> {
  const journal = options.journal ?? new MemoryChainJournal()
  const blockchain = options.blockchain ?? (await LocalBlockchain.createLocal())
  const clock = new ChainClock(options.clock ?? (() => Date.now() / 1000))
  const restored = await restoreJournal(journal, blockchain, options)
  const start = restored ?? genesis(blockchain, Math.max(blockchain.now ?? 0, clock.now()), options)
  const priors = trackPriorStates(blockchain, start.history)
  const writer = journalWriter(blockchain, journal, {
    snapshotSeqno: start.snapshotSeqno,
    snapshotEvery: options.snapshotEvery ?? 200,
  })
  const sequencer = new ChainSequencer(blockchain, writer, start, priors, {
    clock,
    onListenerError: options.onListenerError ?? ((error) => console.error(error)),
  })
  const parts: LiveChainParts = {
    sequencer,
    states: statesAtBlock(start.history, sequencer),
    gate: externalGate(sequencer, priors),
    control: chainControl(sequencer, journal, priors),
  }
  if (restored === undefined) await sequencer.enqueue(() => sequencer.saveSnapshot())
  return { blockchain, parts }
}
