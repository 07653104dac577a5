import {
  Address,
  beginCell,
  type Cell,
  Dictionary,
  loadShardAccount,
  storeShardAccount,
} from '@ton/core'
import { Executor } from '@ton/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HASH_EXACT_TX,
  loadConfig46991999,
  loadMevRouterHistory,
  loadPoolAfterSwap,
  loadRecordedBlock,
  loadTxEmulation,
  RecordedChain,
  type TxEmulationVector,
} from '../../test/_support/mainnetData.js'
import { type RecordedToncenter, serveRecorded } from '../../test/_support/recordedToncenter.js'
import {
  emulatedVectorTx,
  VECTOR_TX_SEQNO,
  vectorReplayInputs,
  vectorRetraceChain,
} from '../../test/_support/vectorRetrace.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { RetraceError } from './RetraceError.js'
import { runReplay } from './replay.js'
import { retraceTransaction } from './retraceTransaction.js'

// Recorded mainnet data (test/data/mainnet/README.md), served by a real HTTP server in
// toncenter's formats (test/_support/recordedToncenter.ts). The two ston-fi/ton-rs emulation
// vectors are the only public recordings with every input of a replay: `hashExact` (public tx
// 3b464a32…1daf) and `stonfiPoolSwap` (a STON.fi v2.2 pool swap; its hash c7da361a…9081 is our
// emulation's, there being no public record of it). The transaction a recording serves is the
// one the emulator made from the recorded inputs: for `hashExact` its hash is the public one,
// so it is the mainnet cell.

const SEQNO = VECTOR_TX_SEQNO

/** The vector's ShardAccount with one byte of its balance changed (its lowest). */
function balanceByteChanged(v: TxEmulationVector): Cell {
  const sa = loadShardAccount(v.shardAccount.beginParse())
  const account = sa.account
  if (account === null || account === undefined) throw new Error('no account')
  const coins = account.storage.balance.coins ^ 0xffn
  return beginCell()
    .store(
      storeShardAccount({
        ...sa,
        account: { ...account, storage: { ...account.storage, balance: { coins } } },
      }),
    )
    .endCell()
}

describe('retrace: public mainnet tx 3b464a32…1daf (ston-fi/ton-rs hash-exact vector)', () => {
  const v = loadTxEmulation('hashExact')
  let upstream: RecordedToncenter
  let client: TonApiClient
  beforeAll(async () => {
    const tx = await emulatedVectorTx(v)
    expect(tx.hash().toString('hex')).toBe(HASH_EXACT_TX)
    ;({ upstream, client } = await serveRecorded(vectorRetraceChain(v, tx)))
  })
  afterAll(() => upstream.close())

  it('reproduces the hash, found by hash and by address:lt', async () => {
    const byHash = (await retraceTransaction({ client, tx: HASH_EXACT_TX })).target
    expect(byHash).toMatchObject({
      status: 'identical',
      replayedHash: HASH_EXACT_TX,
      difference: undefined,
    })
    expect(byHash.inputs).toMatchObject({
      exactState: true,
      earlierTransactions: 0,
      randomSeed: 'block',
      prevBlocks: true,
      configMethod: 'getConfigAll',
    })
    expect(byHash.exchange).toBeUndefined()
    const byLt = (await retraceTransaction({ client, tx: `${v.account.toString()}:${v.lt}` }))
      .target
    expect(byLt.status).toBe('identical')
    expect(upstream.count('getShardAccountCell')).toBeGreaterThan(0)
  })

  it('malformed hash, unknown hash, an address without that lt: RetraceErrors naming the field', async () => {
    const fail = (tx: string) => retraceTransaction({ client, tx }).catch((e: unknown) => e)
    expect(await fail('3b464a32')).toMatchObject({ code: 'RETRACE_BAD_INPUT', field: 'tx' })
    expect(await fail(`${'ab'.repeat(32)}`)).toMatchObject({
      code: 'RETRACE_NOT_FOUND',
      field: 'tx',
    })
    expect(await fail(`${v.account.toString()}:${v.lt + 1n}`)).toMatchObject({
      code: 'RETRACE_NOT_FOUND',
      field: 'lt',
    })
    expect(await fail(`EQnotanaddress:${v.lt}`)).toMatchObject({
      code: 'RETRACE_BAD_INPUT',
      field: 'address',
    })
    expect(await fail(`${v.account.toString()}:12x`)).toMatchObject({
      code: 'RETRACE_BAD_INPUT',
      field: 'lt',
    })
  })

  it('a state with one byte changed: different, the first differing field named', async () => {
    const corrupted = balanceByteChanged(v)
    const { upstream: u, client: c } = await serveRecorded(
      vectorRetraceChain(v, await emulatedVectorTx(v), { state: corrupted }),
    )
    try {
      const r = (await retraceTransaction({ client: c, tx: HASH_EXACT_TX })).target
      expect(r.status).toBe('different')
      expect(r.difference?.field).toBeDefined()
      expect(r.difference?.field).not.toBe('transaction cell')
    } finally {
      await u.close()
    }
  })

  it('a block under global version 14 (above the emulator\'s 13): a difference is "not reproducible", not a false difference', async () => {
    const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), v.config)
    const p8 = (dict.get(8) as Cell).beginParse().skip(8 + 32)
    dict.set(
      8,
      beginCell().storeUint(0xc4, 8).storeUint(14, 32).storeUint(p8.loadUintBig(64), 64).endCell(),
    )
    // A state with one byte changed, so that the replay differs.
    const chain = vectorRetraceChain(v, await emulatedVectorTx(v), { state: balanceByteChanged(v) })
    chain.setConfig(beginCell().storeDictDirect(dict).endCell(), SEQNO - 50)
    const { upstream: u, client: c } = await serveRecorded(chain)
    try {
      const r = (await retraceTransaction({ client: c, tx: HASH_EXACT_TX })).target
      expect(r.inputs.globalVersion).toBe(14)
      expect(r.difference).toBeDefined()
      expect(r.status).toBe('not-reproducible')
      expect(r.causes.join('\n')).toMatch(/global version 14 > emulator 13/)
    } finally {
      await u.close()
    }
  })

  it('the Python flavour (no getShardAccountCell): the state is approximate, and said so', async () => {
    const { upstream: u, client: c } = await serveRecorded(
      vectorRetraceChain(v, await emulatedVectorTx(v)),
      'python',
    )
    try {
      const r = (await retraceTransaction({ client: c, tx: HASH_EXACT_TX })).target
      expect(r.inputs.exactState).toBe(false)
      expect(r.inputs.configMethod).toBe('getConfigParam')
      expect(r.status).toBe('different')
      expect(r.causes.join('\n')).toMatch(/approximate/)
    } finally {
      await u.close()
    }
  })
})

describe('retrace: a STON.fi v2.2 pool swap (ston-fi/ton-rs txemulord_with_libs)', () => {
  const v = loadTxEmulation('stonfiPoolSwap')
  let tx: Cell
  beforeAll(async () => {
    tx = await emulatedVectorTx(v)
  })

  it('reproduces the hash and reads it as the exchange does: the pool before, core quote = what mainnet paid', async () => {
    const { upstream, client } = await serveRecorded(vectorRetraceChain(v, tx))
    try {
      const { target, trace } = await retraceTransaction({
        client,
        tx: tx.hash().toString('hex'),
        trace: true,
      })
      expect(target.status).toBe('identical')
      expect(target.inputs.libraries).toContain(
        'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4',
      )
      expect(target.exchange).toMatchObject({
        contract: 'v2 pool',
        operation: 'swap',
        inMessage: 'v2.swap',
        offer: { side: 1, amount: 20_000_000_000n },
        minOut: 0n,
        deadlinePassed: false,
        quote: {
          result: 'swap_ok',
          amountOut: 2_892_983_911_685_313n,
          referralFeeOut: 2_901_688_978_622n,
        },
        paid: {
          result: 'swap_ok',
          amountOut: 2_892_983_911_685_313n,
          referralFeeOut: 2_901_688_978_622n,
        },
        paidAsQuoted: true,
        result: { name: 'swap_ok' },
      })
      expect(target.exchange?.poolBefore).toMatchObject({
        reserve0: 207_015_370_299_656_984n,
        reserve1: 1_404_047_473_449n,
        lpFee: 20n,
        protocolFee: 20n,
      })
      expect(target.exchange?.outMessages.map((o) => o.type)).toEqual(['v2.pay_vault', 'v2.pay_to'])
      // The trace: the router's own transactions are not recorded, so the pool's is all of it.
      expect(trace?.map((t) => t.hash)).toEqual([target.hash])
    } finally {
      await upstream.close()
    }
  })

  it('a missing library: "library a9338ecd… absent", not a bare mismatch', async () => {
    const { upstream, client } = await serveRecorded(
      vectorRetraceChain(v, tx, { libraries: false }),
    )
    try {
      const r = (await retraceTransaction({ client, tx: tx.hash().toString('hex') })).target
      expect(r.status).toBe('different')
      expect(r.difference).toMatchObject({ field: 'compute exit code', expected: '0', actual: '9' })
      expect(r.causes).toContain(
        'library a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4 absent',
      )
      expect(r.inputs.absentLibraries.length).toBe(3)
    } finally {
      await upstream.close()
    }
  })

  it('replays the transactions between the recorded state and the target first, each checked', async () => {
    // A second transaction on the pool after the swap (the same message again, emulated: this
    // is plumbing, not a mainnet claim); the recording keeps only the state before the first.
    const first = await runReplay(await Executor.create(), vectorReplayInputs(v))
    const second = await runReplay(
      await Executor.create(),
      vectorReplayInputs(v, { shardAccount: first.shardAccount as Cell, lt: v.lt + 4n }),
    )
    const chain = vectorRetraceChain(v, tx)
    chain.addTransactions([
      { cell: second.transaction as Cell, mcSeqno: SEQNO, randSeed: v.randSeed },
    ])
    const { upstream, client } = await serveRecorded(chain)
    try {
      const r = (
        await retraceTransaction({
          client,
          tx: (second.transaction as Cell).hash().toString('hex'),
        })
      ).target
      expect(r.inputs.earlierTransactions).toBe(1)
      expect(r.status).toBe('identical')
    } finally {
      await upstream.close()
    }
  })
})

describe('retrace: real mainnet transactions whose state before is in no public recording', () => {
  /** Retraces `hash` on an upstream serving `chain` alone: a RetraceError naming the history
   * (and so the state before) the recording lacks. */
  async function lacksState(chain: RecordedChain, hash: string | undefined) {
    expect(hash).toBeDefined()
    const { upstream, client } = await serveRecorded(chain)
    try {
      const e = await retraceTransaction({ client, tx: hash as string }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(RetraceError)
      expect(e).toMatchObject({ code: 'RETRACE_UPSTREAM_REJECTED', method: 'getTransactions' })
      expect((e as Error).message).toMatch(/lacks the history of .* no state/)
    } finally {
      await upstream.close()
    }
  }

  it('v2.2 router EQCS4UEa… (MEV history, 300 consecutive txs)', async () => {
    const mev = loadMevRouterHistory()
    const chain = new RecordedChain()
    chain.addTransactions(mev.transactions.map((t) => ({ cell: t.cell, block: t.block })))
    chain.setConfig(loadConfig46991999().dict)
    await lacksState(chain, mev.transactions[150]?.hash)
  })

  it('v1 router EQB3ncyB… (tongo block-3)', async () => {
    const tgoChain = new RecordedChain()
    const tgo = tgoChain.addBlock(loadRecordedBlock('tgo-block-3'))
    tgoChain.setConfig(loadConfig46991999().dict)
    const router = Address.parse('EQB3ncyBUTjZUA5EnFKR5_EnOMI9V1tTEAAPaiU71gc4TiUt')
    const v1 = tgo.transactions.find((t) => t.lt === 43049086000007n && t.account.equals(router))
    await lacksState(tgoChain, v1?.hash.toString('hex'))
  })

  it('a jetton wallet deployed by its transaction (block 57314442): all but the new state agree; the block config is not recorded', async () => {
    const chain = new RecordedChain()
    const trs = chain.addBlock(loadRecordedBlock('trs-57314442'))
    // The only config recorded is key block 46991999's (global version 9); the block ran
    // version 11 (its gen_software), and its own config is in no public recording.
    chain.setConfig(loadConfig46991999().dict)
    const wallet = trs.transactions.find((t) => t.hash.toString('hex').startsWith('d24605ce'))
    expect(wallet?.transaction.prevTransactionLt).toBe(0n)
    const { upstream, client } = await serveRecorded(chain)
    try {
      const r = (await retraceTransaction({ client, tx: wallet?.hash.toString('hex') as string }))
        .target
      expect(r.inputs.exactState).toBe(true)
      expect(r.inputs.globalVersion).toBe(9)
      expect(r.status).toBe('different')
      // Compute phase, gas, action phase, out-message: the chain's; the account after: not.
      expect(r.difference?.field).toBe('new state hash')
      expect(r.exchange).toMatchObject({
        contract: 'jetton wallet',
        operation: 'transfer',
        inMessage: 'jetton.internal_transfer',
        offer: { amount: 2_107_826_503_523_024n },
      })
    } finally {
      await upstream.close()
    }
  })

  it('v2.2 pool EQCGScrZ… swap 16befdc4 (ton-rs: only its state after)', async () => {
    const pool = loadPoolAfterSwap()
    const chain = new RecordedChain()
    chain.addTransactions([{ cell: pool.swap.cell, mcSeqno: SEQNO }])
    chain.setConfig(loadConfig46991999().dict)
    await lacksState(chain, pool.swap.hash.toString('hex'))
  })
})
