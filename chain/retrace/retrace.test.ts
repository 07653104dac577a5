import { Cell } from '@ton/core'
import { Executor } from '@ton/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTxEmulation, RecordedChain } from '../../test/_support/mainnetData.js'
import { type RecordedToncenter, startRecordedToncenter } from '../../test/_support/recordedToncenter.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { runReplay } from './replay.js'
import { RetraceError } from './RetraceError.js'
import { retraceTransaction } from './retraceTransaction.js'

describe('retraceTransaction against a recorded toncenter', () => {
  let upstream: RecordedToncenter
  let chain: RecordedChain
  let swapHash: string
  beforeAll(async () => {
    const v = loadTxEmulation('stonfiPoolSwap')
    const run = await runReplay(await Executor.create(), {
      shardAccount: v.shardAccount, message: v.inMessage, config: v.config, libraries: v.libraries,
      now: v.now, lt: v.lt, randomSeed: v.randSeed, prevBlocks: undefined,
    })
    const tx = run.transaction as Cell
    swapHash = tx.hash().toString('hex')
    chain = new RecordedChain()
    chain.addTransactions([{ cell: tx, mcSeqno: 100, randSeed: v.randSeed }])
    chain.addAccountState(v.account, { shardAccount: v.shardAccount }, 90)
    chain.setConfig(v.config)
    chain.addLibraries(v.libs)
    upstream = await startRecordedToncenter({ chain, flavour: 'cpp' })
  })
  afterAll(async () => upstream?.close())

  it('replays the STON.fi pool swap and reads it', async () => {
    const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
    const { target } = await retraceTransaction({ client, tx: swapHash })
    console.log(JSON.stringify(target, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 1))
    expect(target.status).toBe('identical')
  })

  it('an unknown hash is a RetraceError naming the field', async () => {
    const client = createTonApiClient({ url: upstream.url, rps: Number.POSITIVE_INFINITY })
    const e = await retraceTransaction({ client, tx: 'ab'.repeat(32) }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(RetraceError)
    console.log((e as Error).message)
  })
})
