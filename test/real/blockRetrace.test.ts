import { beginCell, loadShardAccount, storeShardAccount } from '@ton/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retraceTransaction } from '../../chain/retrace/retraceTransaction.js'
import { runCli } from '../../local/cli.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import { blockRetraceChain, statesBeforeBlock } from '../_support/blockStateBefore.js'
import { loadRecordedBlock } from '../_support/mainnetData.js'
import { type RecordedToncenter, serveRecorded } from '../_support/recordedToncenter.js'

// Real mainnet transactions replayed from the state each recorded block itself carries: the old
// tree of its `state_update`, pruned branches filled by cells of the same hash found in the same
// recording (test/_support/blockStateBefore.ts). Blocks: ston-fi/ton-rs
// `resources/tests/tonviewer_block_0_8000000000000000_57314442.hex` and
// `shard_block_6000000000000000_52111590.hex`, tonkeeper/tongo `tlb/testdata/block-3/block.bin`
// (test/data/mainnet/README.md), xssnick/tonutils-go
// `tlb/testdata/block_0_8000000000000000_71398501.boc` (test/real/_data/README.md).

/** Block 57314442 (2025-09-24): a jetton wallet's transfer, a v2.2 pool's swap, a wallet deploy. */
const JETTON_TRANSFER = '204e22b6'
const POOL_SWAP = 'baee8b17'
const WALLET_DEPLOY = 'd24605ce'
const POOL = 'd328ac2d16382a9a'

function hashOf(prefix: string): string {
  const t = loadRecordedBlock('trs-57314442').transactions.find((x) =>
    x.hash.toString('hex').startsWith(prefix),
  )
  if (t === undefined) throw new Error(`no transaction ${prefix}`)
  return t.hash.toString('hex')
}

function idStarting(states: Map<string, unknown>, prefix: string): string {
  const id = [...states.keys()].find((k) => k.startsWith(prefix))
  if (id === undefined) throw new Error(`no account ${prefix}`)
  return id
}

describe('the state before a block, from the block’s own state update', () => {
  it('block 57314442: every recorded account hashes to its state_update.old; two are complete', () => {
    const b = loadRecordedBlock('trs-57314442')
    const states = statesBeforeBlock(b.root, b.transactions)
    const kinds = [...states.values()].map((s) => s.kind)
    const count = (k: string) => kinds.filter((x) => x === k).length
    // 65 accounts: 19 whose account cell the old tree keeps, 8 new, 38 pruned above.
    expect(states.size).toBe(65)
    expect([count('complete'), count('incomplete'), count('new'), count('not-recorded')]).toEqual([
      2, 17, 8, 38,
    ])
    const complete = [...states].filter(([, s]) => s.kind === 'complete').map(([id]) => id)
    // The jetton wallet of transfer 204e22b6…, and the v2.2 pool of swap baee8b17….
    expect(complete.map((id) => id.slice(0, 16)).sort()).toEqual(['9aad2afd71518b48', POOL].sort())
    // The pool’s static cell (router, token wallets) is pruned in the old tree; the router's
    // swap message carries the pool's state-init, whose data holds the same cell.
    const pool = states.get(idStarting(states, POOL))
    expect(pool).toMatchObject({ kind: 'complete', filled: 1 })
  })

  it('the routers’ data is pruned in every recorded block, and no recording holds a cell of its hash', () => {
    const missing = (name: Parameters<typeof loadRecordedBlock>[0], prefix: string) => {
      const b = loadRecordedBlock(name)
      const states = statesBeforeBlock(b.root, b.transactions)
      const s = states.get(idStarting(states, prefix))
      return s?.kind === 'incomplete' ? s.missing.map((h) => h.slice(0, 16)) : s?.kind
    }
    // STON.fi v2 routers EQDQ6j53… and EQAiv3Iu… (block 57314442): code is the library cell, data pruned.
    expect(missing('trs-57314442', 'd0ea3e77ab6d')).toEqual(['46cfeab2d87a2629'])
    expect(missing('trs-57314442', '22bf722ec580')).toEqual(['4b174435f5b9e80d'])
    // The v2.2 TON/USD₮ router EQCS4UEa… (tonutils-go's block 71398501).
    expect(missing('tonutils-71398501', '92e1411ae546')).toEqual(['33ca5b4a7fff740f'])
    // The DEX v1 router EQB3ncyB…: code and data pruned, the same two cells in 2023 and 2025.
    const v1 = ['276f7c2058931d46', 'e23d03c9e79eb844']
    expect(missing('tgo-block-3', '779dcc815138')).toEqual(v1)
    expect(missing('trs-shard-52111590', '779dcc815138')).toEqual(v1)
  })
})

describe('retrace of real transactions of block 57314442, on the state the block records', () => {
  let upstream: RecordedToncenter
  let client: TonApiClient
  beforeAll(async () => {
    ;({ upstream, client } = await serveRecorded(
      blockRetraceChain('trs-57314442', { config: 'block-version' }).chain,
    ))
  })
  afterAll(() => upstream.close())

  it('a jetton wallet’s transfer (204e22b6…): identical', async () => {
    const { target } = await retraceTransaction({ client, tx: hashOf(JETTON_TRANSFER) })
    expect(target).toMatchObject({ status: 'identical', replayedHash: hashOf(JETTON_TRANSFER) })
    expect(target.inputs).toMatchObject({
      exactState: true,
      earlierTransactions: 0,
      globalVersion: 11,
      randomSeed: 'block',
    })
    expect(target.exchange).toMatchObject({
      contract: 'jetton wallet',
      operation: 'transfer',
      inMessage: 'jetton.transfer',
    })
  })

  it('a v2.2 pool’s swap (baee8b17…): identical, and core’s quote is what mainnet paid', async () => {
    const { target } = await retraceTransaction({ client, tx: hashOf(POOL_SWAP) })
    expect(target).toMatchObject({ status: 'identical', replayedHash: hashOf(POOL_SWAP) })
    expect(target.inputs.libraries).toContain(
      'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4',
    )
    expect(target.exchange).toMatchObject({
      contract: 'v2 pool',
      operation: 'swap',
      inMessage: 'v2.swap',
      paidAsQuoted: true,
      result: { name: 'swap_ok' },
    })
    // 1 060 000 000 000 of token0 in; what test/indexer/_data/mainnet/README.md reads of this swap.
    expect(target.exchange?.offer?.amount).toBe(1_060_000_000_000n)
    expect(target.exchange?.paid?.amountOut).toBe(target.exchange?.quote?.amountOut)
  })

  it('a jetton wallet deployed by its transaction (d24605ce…): identical under the block’s version 11', async () => {
    const { target } = await retraceTransaction({ client, tx: hashOf(WALLET_DEPLOY) })
    expect(target.status).toBe('identical')
    expect(target.inputs.globalVersion).toBe(11)
  })

  it('--trace over the swap’s whole trace: each member replayed or named unavailable', async () => {
    const report = await retraceTransaction({ client, tx: hashOf(POOL_SWAP), trace: true })
    const trace = report.trace ?? []
    // From the wallet's external (0e805452…) to the payouts: 12 transactions of the block, linked
    // by their messages. Only the pool's state before is in the recording.
    expect(trace).toHaveLength(12)
    expect(trace[0]?.hash.slice(0, 8)).toBe('0e805452')
    const byStatus = (s: string) =>
      trace.filter((r) => r.status === s).map((r) => r.hash.slice(0, 8))
    expect(byStatus('identical')).toEqual([POOL_SWAP])
    expect(byStatus('unavailable')).toHaveLength(11)
    for (const r of trace)
      if (r.status === 'unavailable') expect(r.causes[0]).toMatch(/lacks the history/)
    // lt order, the root first.
    const lts = trace.map((r) => r.lt)
    expect([...lts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(lts)
  })

  it('--trace over the transfer’s trace: the transfer and the wallet it deploys, both identical', async () => {
    const report = await retraceTransaction({ client, tx: hashOf(JETTON_TRANSFER), trace: true })
    const trace = report.trace ?? []
    expect(trace).toHaveLength(7)
    const identical = trace.filter((r) => r.status === 'identical')
    expect(identical.map((r) => r.hash.slice(0, 8))).toEqual([JETTON_TRANSFER, 'f04861ca'])
    // The receiving wallet did not exist before the block (state before: none).
    expect(identical[1]).toMatchObject({
      exchange: { contract: 'jetton wallet', inMessage: 'jetton.internal_transfer' },
    })
  })

  it('the CLI with --trace: one block per member, a summary line, exit 0', async () => {
    const out: string[] = []
    const code = await runCli(
      [
        'retrace',
        hashOf(JETTON_TRANSFER),
        '--upstream',
        upstream.url,
        '--rps',
        'unlimited',
        '--trace',
      ],
      { out: (l) => out.push(l), err: () => {}, env: {} },
    )
    expect(code).toBe(0)
    expect(out.filter((l) => l.startsWith('replay: UNAVAILABLE'))).toHaveLength(5)
    expect(out.at(-1)).toBe(
      'trace: 7 transaction(s): 2 identical, 0 different, 0 not reproducible, 5 unavailable (inputs the upstream lacks)',
    )
  })

  it('the CLI: exit 0 and "identical" for the pool swap', async () => {
    const out: string[] = []
    const err: string[] = []
    const code = await runCli(
      ['retrace', hashOf(POOL_SWAP), '--upstream', upstream.url, '--rps', 'unlimited'],
      { out: (l) => out.push(l), err: (l) => err.push(l), env: {} },
    )
    expect(err).toEqual([])
    expect(code).toBe(0)
    expect(out.join('\n')).toContain(`replay: identical (hash ${hashOf(POOL_SWAP)})`)
    expect(out.join('\n')).toMatch(/exactly the quote/)
  })
})

describe('retrace of block 57314442 with an input wrong', () => {
  it('the recorded config (version 9) for the deploy: different, at the new state hash', async () => {
    const { upstream, client } = await serveRecorded(blockRetraceChain('trs-57314442').chain)
    try {
      const { target } = await retraceTransaction({ client, tx: hashOf(WALLET_DEPLOY) })
      expect(target.inputs.globalVersion).toBe(9)
      expect(target.status).toBe('different')
      expect(target.difference?.field).toBe('new state hash')
      // The transfer and the swap do not depend on it.
      const swap = await retraceTransaction({ client, tx: hashOf(POOL_SWAP) })
      expect(swap.target.status).toBe('identical')
    } finally {
      await upstream.close()
    }
  })

  it('one byte of the pool’s state changed: different, the differing field named', async () => {
    const { states } = blockRetraceChain('trs-57314442')
    const id = idStarting(states, POOL)
    const s = states.get(id)
    if (s?.kind !== 'complete') throw new Error('the pool is complete')
    const sa = loadShardAccount(s.shardAccount.beginParse())
    if (sa.account === undefined || sa.account === null) throw new Error('no account')
    // One nanoton more on the balance: the Account cell's bytes change, nothing else.
    const balance = { coins: sa.account.storage.balance.coins + 1n }
    const corrupted = beginCell()
      .store(
        storeShardAccount({
          ...sa,
          account: { ...sa.account, storage: { ...sa.account.storage, balance } },
        }),
      )
      .endCell()
    const { chain } = blockRetraceChain('trs-57314442', {
      config: 'block-version',
      states: new Map([[id, corrupted]]),
    })
    const { upstream, client } = await serveRecorded(chain)
    try {
      const { target } = await retraceTransaction({ client, tx: hashOf(POOL_SWAP) })
      expect(target.status).toBe('different')
      expect(target.difference?.field).toBe('old state hash')
      expect(target.causes.join(' ')).toMatch(/not the one the chain ran on/)
    } finally {
      await upstream.close()
    }
  })

  it('without the pool’s library: different at the compute exit code, the library named', async () => {
    const { chain } = blockRetraceChain('trs-57314442', { config: 'block-version' })
    chain.libraries.clear()
    const { upstream, client } = await serveRecorded(chain)
    try {
      const { target } = await retraceTransaction({ client, tx: hashOf(POOL_SWAP) })
      expect(target.status).toBe('different')
      expect(target.difference?.field).toBe('compute exit code')
      expect(target.causes.join(' ')).toMatch(/library a9338ecd\w* absent/)
    } finally {
      await upstream.close()
    }
  })
})

describe('every transaction of the recorded blocks whose state before the block records', () => {
  async function sweep(
    name: Parameters<typeof loadRecordedBlock>[0],
    config: 'recorded' | 'block-version',
  ) {
    const { chain, states } = blockRetraceChain(name, { config })
    const { upstream, client } = await serveRecorded(chain)
    const out: {
      hash: string
      state: string
      status: string
      reading: string
      field?: string
      causes: readonly string[]
    }[] = []
    try {
      for (const t of loadRecordedBlock(name).transactions) {
        const state = states.get(t.accountId.toString('hex'))?.kind
        if (state !== 'complete' && state !== 'new') continue
        const { target } = await retraceTransaction({ client, tx: t.hash.toString('hex') })
        out.push({
          hash: t.hash.toString('hex').slice(0, 8),
          state,
          status: target.status,
          reading: `${target.exchange?.contract} ${target.exchange?.operation}`,
          ...(target.difference === undefined ? {} : { field: target.difference.field }),
          causes: target.causes,
        })
      }
    } finally {
      await upstream.close()
    }
    return out
  }

  it('block 57314442: all 12 identical (2 on a recorded state, 10 new accounts: 3 of them a v2 pool deployment’s)', async () => {
    const r = await sweep('trs-57314442', 'block-version')
    expect(r).toHaveLength(12)
    expect(r.filter((x) => x.status === 'identical')).toHaveLength(12)
    expect(r.filter((x) => x.state === 'complete').map((x) => x.hash)).toEqual([
      JETTON_TRANSFER,
      POOL_SWAP,
    ])
  })

  it('block 52111590: both identical under key block 46991999’s config, the block’s own (its prev_key_block)', async () => {
    expect(loadRecordedBlock('trs-shard-52111590').header.prevKeyBlockSeqno).toBe(46_991_999)
    const r = await sweep('trs-shard-52111590', 'recorded')
    expect(r.map((x) => x.status)).toEqual(['identical', 'identical'])
  })

  it('block 71398501: the one such transaction needs a library no recording holds, and says so', async () => {
    const r = await sweep('tonutils-71398501', 'block-version')
    expect(r).toHaveLength(1)
    expect(r[0]).toMatchObject({ status: 'different', field: 'compute exit code' })
    expect(r[0]?.causes[0]).toMatch(/^library 2498bd63\w+ absent$/)
  })
})
