import type { Cell } from '@ton/core'
import { Executor } from '@ton/sandbox'
import { type ReplayInputs, runReplay } from '../../chain/retrace/replay.js'
import { RecordedChain, type TxEmulationVector } from './mainnetData.js'
import { prevBlocksOf } from './prevBlocksTuple.js'

/**
 * Retracing a recorded emulation vector (ston-fi/ton-rs `txemulord_*.json`) through a recorded
 * toncenter: the pieces the retrace tests, the CLI's test and `bench:retrace` share.
 */

/** The masterchain block that commits a vector's transaction in {@link vectorRetraceChain}. */
export const VECTOR_TX_SEQNO = 1000

/**
 * The vector's transaction as a fresh emulator makes it from the recorded inputs (with the
 * prev-blocks tuple when the vector has one). For `hashExact` it is the mainnet transaction.
 *
 * @example
 * ```ts
 * (await emulatedVectorTx(loadTxEmulation('hashExact'))).hash().toString('hex') // '3b464a32…1daf'
 * ```
 */
export async function emulatedVectorTx(v: TxEmulationVector): Promise<Cell> {
  const run = await runReplay(await Executor.create(), vectorReplayInputs(v))
  if (run.transaction === undefined) throw new Error(`${v.file}: ${run.error}`)
  return run.transaction
}

/**
 * The replay inputs a vector records (with the prev-blocks tuple when it has one), `over`
 * replacing some.
 *
 * @example
 * ```ts
 * vectorReplayInputs(loadTxEmulation('hashExact'), { libraries: new Map() }).lt // 64826315000001n
 * ```
 */
export function vectorReplayInputs(
  v: TxEmulationVector,
  over: Partial<ReplayInputs> = {},
): ReplayInputs {
  return {
    shardAccount: v.shardAccount,
    message: v.inMessage,
    config: v.config,
    libraries: v.libraries,
    now: v.now,
    lt: v.lt,
    randomSeed: v.randSeed,
    prevBlocks: prevBlocksOf(v),
    ...over,
  }
}

/**
 * A recorded chain of one vector: its state (or `state`) from 40 masterchain blocks before
 * {@link VECTOR_TX_SEQNO}, its config, its libraries unless `libraries: false`, and `tx`
 * committed at {@link VECTOR_TX_SEQNO} with the vector's seed.
 *
 * @example
 * ```ts
 * const chain = vectorRetraceChain(v, await emulatedVectorTx(v), { libraries: false })
 * chain.head // 1000
 * ```
 */
export function vectorRetraceChain(
  v: TxEmulationVector,
  tx: Cell,
  o: { readonly libraries?: boolean; readonly state?: Cell } = {},
): RecordedChain {
  const chain = new RecordedChain()
  chain.addTransactions([{ cell: tx, mcSeqno: VECTOR_TX_SEQNO, randSeed: v.randSeed }])
  chain.addAccountState(
    v.account,
    { shardAccount: o.state ?? v.shardAccount },
    VECTOR_TX_SEQNO - 40,
  )
  chain.setConfig(v.config)
  if (o.libraries !== false) chain.addLibraries(v.libs)
  return chain
}
