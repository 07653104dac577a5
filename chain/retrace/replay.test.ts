import { beginCell, type Cell, loadTransaction } from '@ton/core'
import { Executor } from '@ton/sandbox'
import { describe, expect, it } from 'vitest'
import {
  HASH_EXACT_NEW_STATE,
  HASH_EXACT_TX,
  loadTxEmulation,
} from '../../test/_support/mainnetData.js'
import { vectorReplayInputs } from '../../test/_support/vectorRetrace.js'
import { readExchange } from './explain.js'
import { configGlobalVersion, firstDifference, missingLibraries, runReplay } from './replay.js'

// Recorded mainnet emulation inputs of ston-fi/ton-rs (`resources/tests/txemulord_*.json` at
// 8e8f8e0; test/data/mainnet/README.md): `hashExact` reproduces public tx 3b464a32…1daf,
// `stonfiPoolSwap` is a STON.fi v2.2 pool's swap whose code is a library cell.

const inputsOf = vectorReplayInputs

describe('replay on recorded mainnet inputs', () => {
  it('reproduces public tx 3b464a32…1daf and its new state exactly', async () => {
    const v = loadTxEmulation('hashExact')
    const run = await runReplay(await Executor.create(), inputsOf(v))
    const tx = run.transaction as Cell
    expect(tx.hash().toString('hex')).toBe(HASH_EXACT_TX)
    expect(loadTransaction(tx.beginParse()).stateUpdate.newHash.toString('hex')).toBe(
      HASH_EXACT_NEW_STATE,
    )
    expect(firstDifference(tx, tx)).toBeUndefined()
    expect(configGlobalVersion(v.config).version).toBeLessThanOrEqual(13)
  })

  it('names the first differing field without the previous blocks, and for a corrupted state', async () => {
    const v = loadTxEmulation('hashExact')
    const exact = (await runReplay(await Executor.create(), inputsOf(v))).transaction as Cell
    const bare = await runReplay(await Executor.create(), inputsOf(v, { prevBlocks: undefined }))
    const d = firstDifference(exact, bare.transaction)
    expect(d).toBeDefined()
    expect(d?.field).not.toBe('transaction cell')
    // One byte of the account's state changed: its hash (the `state_update`'s old hash) differs.
    const account = v.shardAccount.refs[0] as Cell
    const bits = account.bits.subbuffer(
      0,
      account.bits.length - (account.bits.length % 8),
    ) as Buffer
    const flipped = Buffer.from(bits)
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 0x01
    const b = beginCell().storeBuffer(flipped)
    const rest = account.beginParse().skip(flipped.length * 8)
    b.storeBits(rest.loadBits(rest.remainingBits))
    for (const r of account.refs) b.storeRef(r)
    const top = v.shardAccount.beginParse()
    top.loadRef()
    const corrupted = beginCell()
      .storeRef(b.endCell())
      .storeBits(top.loadBits(top.remainingBits))
      .endCell()
    const run = await runReplay(await Executor.create(), inputsOf(v, { shardAccount: corrupted }))
    const c = firstDifference(exact, run.transaction, run.error)
    expect(c?.field).toMatch(/state hash|storage fees|transaction|total fees|gas used|compute/)
  })

  it('replays a STON.fi v2.2 pool swap with its libraries, and says which library is absent without them', async () => {
    const v = loadTxEmulation('stonfiPoolSwap')
    const withLibs = await runReplay(await Executor.create(), inputsOf(v))
    const tx = withLibs.transaction as Cell
    const parsed = loadTransaction(tx.beginParse())
    expect(
      parsed.description.type === 'generic' &&
        parsed.description.computePhase.type === 'vm' &&
        parsed.description.computePhase.exitCode,
    ).toBe(0)
    expect(missingLibraries(v.shardAccount, v.inMessage, v.libraries)).toEqual([])
    // A fresh emulator: the libraries of the run above must not leak into this one.
    const without = await runReplay(await Executor.create(), inputsOf(v, { libraries: new Map() }))
    expect(firstDifference(tx, without.transaction, without.error)).toMatchObject({
      field: 'compute exit code',
      expected: '0',
      actual: '9',
    })
    expect(missingLibraries(v.shardAccount, v.inMessage, new Map())).toContain(
      'a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4',
    )
    // The exchange's reading: the pool's state before, core's quote, what was paid.
    const reading = await readExchange({
      tx: parsed,
      txCell: tx,
      before: v.shardAccount,
      libraries: v.libraries,
      config: v.config,
    })
    expect(reading).toMatchObject({ contract: 'v2 pool', operation: 'swap', inMessage: 'v2.swap' })
    expect(reading?.outMessages.map((o) => o.type)).toEqual(['v2.pay_vault', 'v2.pay_to'])
    expect(reading?.poolBefore?.reserve0).toBeGreaterThan(0n)
    expect(reading?.paid?.result).toBe('swap_ok')
    expect(reading?.quote?.result).toBe('swap_ok')
    expect(reading?.paidAsQuoted).toBe(true)
  })
})
