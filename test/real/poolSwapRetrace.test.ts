import { beginCell, loadShardAccount, storeAccountStorage, storeShardAccount } from '@ton/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retraceTransaction } from '../../chain/retrace/retraceTransaction.js'
import { runCli } from '../../local/cli.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { loadPoolAfterSwap, loadTxEmulation, POOL_SWAP_TX } from '../_support/mainnetData.js'
import {
  cellsAndBits,
  derivePoolStateBeforeSwap,
  type PoolStateBeforeSwap,
  poolSwapRetraceChain,
  storageFee,
  storagePrices,
} from '../_support/poolSwapStateBefore.js'
import { type RecordedToncenter, serveRecorded } from '../_support/recordedToncenter.js'

// The real STON.fi v2.2 TON/USD₮ pool swap 16befdc4… (2025-12-23; ston-fi/ton-rs@8e8f8e0
// `resources/tests/tx_16BEFDC4…_64954068000009.hex` and `contract_state_EQCGScrZ…_64954068000009.json`,
// test/data/mainnet/README.md): the recording holds the pool's state after the swap only. The
// state before is derived (test/_support/poolSwapStateBefore.ts) and checked against the swap's
// own `state_update.old`; then retraced from a recorded toncenter serving it.

describe('the pool’s whole state before swap 16befdc4…, derived from the recording', () => {
  const tx = loadPoolAfterSwap().swap.transaction
  let s: PoolStateBeforeSwap
  beforeAll(() => {
    s = derivePoolStateBeforeSwap()
  })

  it('the derived Account cell hashes to the swap’s state_update.old, and only one candidate does', () => {
    expect(s.account.hash().toString('hex')).toBe(
      '3b099796be8437528e943d22581828f178e8dc495e3fc20dce88ddef73135241',
    )
    expect(s.account.hash().equals(tx.stateUpdate.oldHash)).toBe(true)
    // 13 last_paid values give the 2 nanotons collected; × 256 end lts of the previous tx.
    expect(s.lastPaidCandidates).toHaveLength(13)
    expect(s.tried).toBe(13 * 256)
    expect(s.matches).toBe(1)
    expect(s).toMatchObject({
      balance: 1_825_550_085n,
      storageUsed: { cells: 6n, bits: 1995n },
      lastPaid: 1_766_450_372, // 17 s before the swap's now 1766450389
      storageLastTransLt: 64_954_061_000_012n, // prev_trans_lt + 1 + 2 out-messages
    })
    const sa = loadShardAccount(s.shardAccount.beginParse())
    expect(sa.lastTransactionLt).toBe(64_954_061_000_009n)
    expect(sa.lastTransactionHash).toBe(tx.prevTransactionHash)
  })

  it('the storage phase formula gives the fee collected; the count gives the public vectors’ recorded stats', () => {
    const prices = storagePrices(s.config)
    expect(prices).toEqual([{ utimeSince: 0, bitPricePs: 1n, cellPricePs: 500n }])
    const d = tx.description
    expect(d.type === 'generic' && d.storagePhase?.storageFeesCollected).toBe(2n)
    expect(storageFee(prices, s.storageUsed, s.lastPaid, tx.now)).toBe(2n)
    expect(storageFee(prices, s.storageUsed, tx.now - 27, tx.now)).toBe(3n)
    // The same count (the AccountStorage tree, its root included) on the two recorded states.
    for (const which of ['hashExact', 'stonfiPoolSwap'] as const) {
      const account = loadTxEmulation(which).parsedShardAccount.account
      if (!account) throw new Error('no account')
      const storage = beginCell().store(storeAccountStorage(account.storage)).endCell()
      expect(cellsAndBits(storage)).toEqual(account.storageStats.used)
    }
  })
})

describe('retrace of swap 16befdc4… on the derived state', () => {
  let upstream: RecordedToncenter
  let client: TonApiClient
  beforeAll(async () => {
    ;({ upstream, client } = await serveRecorded(poolSwapRetraceChain()))
  })
  afterAll(() => upstream.close())

  it('identical hash; core’s quote on the pool before = what mainnet paid (6 762 and the referral)', async () => {
    const { target } = await retraceTransaction({ client, tx: POOL_SWAP_TX })
    expect(target).toMatchObject({
      status: 'identical',
      replayedHash: POOL_SWAP_TX,
      difference: undefined,
    })
    expect(target.inputs).toMatchObject({
      exactState: true,
      earlierTransactions: 0,
      globalVersion: 12,
      randomSeed: 'unknown',
    })
    expect(target.inputs.libraries).toContain(
      'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4',
    )
    expect(target.exchange).toMatchObject({
      contract: 'v2 pool',
      operation: 'swap',
      inMessage: 'v2.swap',
      quote: { result: 'swap_ok', amountOut: 6762n },
      paid: { result: 'swap_ok', amountOut: 6762n },
      paidAsQuoted: true,
      result: { name: 'swap_ok' },
    })
    expect(target.exchange?.quote?.referralFeeOut).toBe(target.exchange?.paid?.referralFeeOut)
    expect(target.exchange?.paid?.referralFeeOut).toBeGreaterThan(0n)
  })

  it('the CLI: exit 0, "identical", the quote exactly what mainnet paid', async () => {
    const out: string[] = []
    const err: string[] = []
    const code = await runCli(
      ['retrace', POOL_SWAP_TX, '--upstream', upstream.url, '--rps', 'unlimited'],
      { out: (l) => out.push(l), err: (l) => err.push(l), env: {} },
    )
    expect(err).toEqual([])
    expect(code).toBe(0)
    const text = out.join('\n')
    expect(text).toContain(`replay: identical (hash ${POOL_SWAP_TX})`)
    expect(text).toMatch(/exactly the quote/)
  })
})

describe('retrace of swap 16befdc4… on a neighbouring candidate state', () => {
  it('last_paid one second later (the same 2-nanoton fee): different, at the old state hash', async () => {
    const s = derivePoolStateBeforeSwap()
    const sa = loadShardAccount(s.shardAccount.beginParse())
    if (!sa.account) throw new Error('no account')
    const storageStats = { ...sa.account.storageStats, lastPaid: s.lastPaid + 1 }
    const shardAccount = beginCell()
      .store(storeShardAccount({ ...sa, account: { ...sa.account, storageStats } }))
      .endCell()
    const { upstream, client } = await serveRecorded(poolSwapRetraceChain({ ...s, shardAccount }))
    try {
      const { target } = await retraceTransaction({ client, tx: POOL_SWAP_TX })
      expect(target.status).toBe('different')
      // Every phase, fee and message agrees; only the hash of the state before tells them apart.
      expect(target.difference?.field).toBe('old state hash')
    } finally {
      await upstream.close()
    }
  })
})
