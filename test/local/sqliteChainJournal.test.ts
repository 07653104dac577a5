import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  type ChainBlockRecord,
  ChainJournalError,
  MemoryChainJournal,
} from '../../local/chain/ChainJournal.js'
import { SqliteChainJournal } from '../../local/journal/SqliteChainJournal.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-journal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const bytes = (n: number, size = 4) => new Uint8Array(size).fill(n)
const block = (seqno: number): ChainBlockRecord => ({
  seqno,
  now: 1_764_000_000 + seqno,
  // Above 2^53 (stored without loss); greater than every transaction lt of the block.
  lt: BigInt(seqno) * 3_000_000n + 2_500_000n + 10n ** 18n,
  message: seqno % 2 === 0 ? null : bytes(seqno),
  transactions: [0, 1].map((i) => ({
    account: `0:${String(i).repeat(64)}`,
    lt: BigInt(seqno) * 3_000_000n + BigInt(i) * 1_000_000n + 10n ** 18n,
    hash: bytes(seqno * 2 + i, 32),
    boc: bytes(seqno * 2 + i, 10),
  })),
  accounts: [{ address: `0:${'a'.repeat(64)}`, shardAccount: bytes(seqno, 8) }],
})

describe('SqliteChainJournal', () => {
  test('default: blocks and snapshots survive closing and reopening the file, bytes and bigints exact', () => {
    const path = join(dir, 'reopen.sqlite')
    const journal = new SqliteChainJournal(path)
    expect(journal.loadSnapshot()).toBeUndefined()
    journal.saveSnapshot({ seqno: 0, now: 1_764_000_000, state: bytes(7, 16) })
    for (let seqno = 1; seqno <= 5; seqno++) journal.appendBlock(block(seqno))
    journal.close()
    const again = new SqliteChainJournal(path)
    expect(again.lastSeqno()).toBe(5)
    expect(again.loadSnapshot()).toEqual({
      seqno: 0,
      now: 1_764_000_000,
      state: Buffer.from(bytes(7, 16)),
    })
    const read = again.readBlocks(2)
    expect(read.map((b) => b.seqno)).toEqual([3, 4, 5])
    expect(read[0]?.lt).toBe(block(3).lt)
    expect(read[0]?.transactions.map((t) => t.lt)).toEqual(block(3).transactions.map((t) => t.lt))
    expect(Buffer.from(read[0]?.transactions[1]?.hash ?? [])).toEqual(Buffer.from(bytes(7, 32)))
    expect(read[1]?.message).toBeNull()
    expect(again.blockOf(bytes(9, 32))).toEqual({ seqno: 4, now: 1_764_000_004 })
    // The blocks an index stopped inside of block 4 has still to read.
    expect(again.blocksAfterLt(block(4).transactions[0]!.lt).map((b) => b.seqno)).toEqual([4, 5])
    expect(again.blocksAfterLt(block(5).lt)).toEqual([])
    again.close()
  })

  test('behavior: a snapshot drops older snapshots and the account states it covers, not transactions', () => {
    const journal = new SqliteChainJournal(join(dir, 'prune.sqlite'))
    journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
    for (let seqno = 1; seqno <= 4; seqno++) journal.appendBlock(block(seqno))
    journal.saveSnapshot({ seqno: 3, now: 3, state: bytes(3) })
    expect(journal.loadSnapshot()?.seqno).toBe(3)
    const blocks = journal.readBlocks(0)
    expect(blocks.map((b) => b.accounts.length)).toEqual([0, 0, 0, 1])
    expect(blocks.map((b) => b.transactions.length)).toEqual([2, 2, 2, 2])
    journal.close()
  })

  test('error: a block that does not follow the stored chain is refused and changes nothing', () => {
    const journal = new SqliteChainJournal(join(dir, 'order.sqlite'))
    journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
    journal.appendBlock(block(1))
    expect(() => journal.appendBlock(block(3))).toThrow(ChainJournalError)
    expect(() => journal.appendBlock(block(1))).toThrow(/does not follow block 1/)
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1])
    journal.close()
  })

  test('error: both journals fail an out-of-order block with the one ChainJournalError code', () => {
    const sqlite = new SqliteChainJournal(join(dir, 'same-error.sqlite'))
    const memory = new MemoryChainJournal()
    for (const journal of [sqlite, memory]) {
      journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
      journal.appendBlock(block(1))
      let caught: unknown
      try {
        journal.appendBlock(block(3))
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ChainJournalError)
      expect((caught as ChainJournalError).code).toBe('CHAIN_JOURNAL_OUT_OF_ORDER')
      expect(() => journal.discardAfter(5)).toThrow(ChainJournalError)
    }
    sqlite.close()
  })

  test('default: discardAfter forgets later blocks and snapshots; the next block follows the kept one', () => {
    const journal = new SqliteChainJournal(join(dir, 'discard.sqlite'))
    journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
    for (let seqno = 1; seqno <= 4; seqno++) journal.appendBlock(block(seqno))
    journal.saveSnapshot({ seqno: 3, now: 3, state: bytes(3) })
    journal.discardAfter(2)
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1, 2])
    expect(journal.loadSnapshot()).toBeUndefined()
    expect(journal.lastSeqno()).toBe(2)
    journal.saveSnapshot({ seqno: 2, now: 2, state: bytes(2) })
    journal.appendBlock(block(3))
    expect(journal.readBlocks(0).map((b) => b.seqno)).toEqual([1, 2, 3])
    journal.close()
  })
})
