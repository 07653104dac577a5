/**
 * The chain journal on both stores' databases: the SQLite file's `chain_*` tables and
 * PostgreSQL's, each a migration of its store. The same cases run on both (PostgreSQL skipped
 * with a notice when it is not installed; fails in CI).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test } from 'vitest'
import {
  type ChainBlockRecord,
  type ChainJournal,
  ChainJournalError,
  MemoryChainJournal,
} from '../../chain/ChainJournal.js'
import { PostgresChainJournal } from '../../chain/journal/PostgresChainJournal.js'
import { SqliteChainJournal } from '../../chain/journal/SqliteChainJournal.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-journal-'))
const clusterUrl = testPostgresUrl('chainJournal')
const drops: (() => Promise<void>)[] = []
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  for (const drop of drops) await drop()
})

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

type Opened = ChainJournal & { lastSeqno(): number; close(): void | Promise<void> }
/** A database of each kind: `open` opens (again) the journal of database `name`. */
type Kind = { name: string; open(name: string): Promise<Opened> }

const sqlite: Kind = {
  name: 'SQLite',
  open: async (name) => new SqliteChainJournal(join(dir, `${name}.sqlite`)),
}
const urls = new Map<string, string>()
const postgres: Kind = {
  name: 'PostgreSQL',
  async open(name) {
    let url = urls.get(name)
    if (url === undefined) {
      const db = await createTestDatabase(clusterUrl as string)
      drops.push(db.drop)
      url = db.url
      urls.set(name, url)
      // The store migrates the database, the journal's tables included.
      await (await createPostgresStore({ url })).close()
    }
    return PostgresChainJournal.open(url)
  },
}

describe.each([sqlite, ...(clusterUrl === undefined ? [] : [postgres])])(
  'chain journal on $name',
  (kind) => {
    test('default: blocks and snapshots survive closing and reopening, bytes and bigints exact', async () => {
      const journal = await kind.open('reopen')
      expect(await journal.loadSnapshot()).toBeUndefined()
      await journal.saveSnapshot({ seqno: 0, now: 1_764_000_000, state: bytes(7, 16) })
      for (let seqno = 1; seqno <= 5; seqno++) await journal.appendBlock(block(seqno))
      await journal.close()
      const again = await kind.open('reopen')
      expect(again.lastSeqno()).toBe(5)
      expect(await again.loadSnapshot()).toEqual({
        seqno: 0,
        now: 1_764_000_000,
        state: Buffer.from(bytes(7, 16)),
      })
      const read = await again.readBlocks(2)
      expect(read.map((b) => b.seqno)).toEqual([3, 4, 5])
      expect(read[0]?.lt).toBe(block(3).lt)
      expect(read[0]?.now).toBe(block(3).now)
      expect(read[0]?.transactions.map((t) => t.lt)).toEqual(block(3).transactions.map((t) => t.lt))
      expect(read[0]?.transactions.map((t) => t.account)).toEqual([
        `0:${'0'.repeat(64)}`,
        `0:${'1'.repeat(64)}`,
      ])
      expect(Buffer.from(read[0]?.transactions[1]?.hash ?? [])).toEqual(Buffer.from(bytes(7, 32)))
      expect(Buffer.from(read[0]?.message ?? [])).toEqual(Buffer.from(bytes(3)))
      expect(read[1]?.message).toBeNull()
      expect(Buffer.from(read[2]?.accounts[0]?.shardAccount ?? [])).toEqual(
        Buffer.from(bytes(5, 8)),
      )
      if (again instanceof SqliteChainJournal) {
        expect(again.blockOf(bytes(9, 32))).toEqual({ seqno: 4, now: 1_764_000_004 })
        // The blocks an index stopped inside of block 4 has still to read.
        expect(again.blocksAfterLt(block(4).transactions[0]!.lt).map((b) => b.seqno)).toEqual([
          4, 5,
        ])
        expect(again.blocksAfterLt(block(5).lt)).toEqual([])
      }
      await again.close()
    })

    test('behavior: a snapshot drops older snapshots and the account states it covers, not transactions', async () => {
      const journal = await kind.open('prune')
      await journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
      for (let seqno = 1; seqno <= 4; seqno++) await journal.appendBlock(block(seqno))
      await journal.saveSnapshot({ seqno: 3, now: 3, state: bytes(3) })
      expect((await journal.loadSnapshot())?.seqno).toBe(3)
      const blocks = await journal.readBlocks(0)
      expect(blocks.map((b) => b.accounts.length)).toEqual([0, 0, 0, 1])
      expect(blocks.map((b) => b.transactions.length)).toEqual([2, 2, 2, 2])
      await journal.close()
    })

    test('error: a block that does not follow the stored chain is refused and changes nothing', async () => {
      const journal = await kind.open('order')
      await journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
      await journal.appendBlock(block(1))
      await expect(async () => journal.appendBlock(block(3))).rejects.toThrow(ChainJournalError)
      await expect(async () => journal.appendBlock(block(1))).rejects.toThrow(
        /does not follow block 1/,
      )
      expect((await journal.readBlocks(0)).map((b) => b.seqno)).toEqual([1])
      await journal.close()
    })
  },
)

describe('the journal tables are store migrations', () => {
  test('SQLite: a journal opened on a new file migrates the whole store schema', () => {
    const path = join(dir, 'migrated.sqlite')
    new SqliteChainJournal(path).close()
    const db = new Database(path, { readonly: true })
    try {
      const names = (
        db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]
      ).map((r) => r.name)
      expect(names).toContain('2026_11_26_01_chain_journal')
      expect(names).toContain('2026_11_22_00_reference_data')
    } finally {
      db.close()
    }
  })

  test('SQLite: a file whose journal made its own tables (before the migration) keeps its chain', async () => {
    const path = join(dir, 'before-migration.sqlite')
    const old = new Database(path)
    // The tables as the journal created them itself, outside the migration list.
    old.exec(`
      CREATE TABLE chain_blocks (seqno INTEGER PRIMARY KEY, now INTEGER NOT NULL, lt TEXT NOT NULL, message BLOB);
      CREATE TABLE chain_transactions (seqno INTEGER NOT NULL, position INTEGER NOT NULL, account TEXT NOT NULL,
        lt TEXT NOT NULL, hash BLOB NOT NULL, boc BLOB NOT NULL, PRIMARY KEY (seqno, position));
      CREATE INDEX chain_transactions_hash ON chain_transactions (hash);
      CREATE TABLE chain_accounts (seqno INTEGER NOT NULL, address TEXT NOT NULL, shard_account BLOB NOT NULL,
        PRIMARY KEY (seqno, address));
      CREATE TABLE local_market_base (id INTEGER PRIMARY KEY CHECK (id = 1), market TEXT NOT NULL);
      CREATE TABLE chain_snapshots (seqno INTEGER PRIMARY KEY, now INTEGER NOT NULL, state BLOB NOT NULL);
      INSERT INTO chain_snapshots VALUES (0, 1, x'01');
      INSERT INTO chain_blocks VALUES (1, 2, '00000000000000000007', NULL);
    `)
    old.close()
    const journal = new SqliteChainJournal(path)
    expect(journal.lastSeqno()).toBe(1)
    expect((await journal.readBlocks(0)).map((b) => [b.seqno, b.lt])).toEqual([[1, 7n]])
    await journal.appendBlock(block(2))
    expect(journal.lastSeqno()).toBe(2)
    journal.close()
  })

  test.skipIf(clusterUrl === undefined)(
    'PostgreSQL: one process runs a database chain; a second is refused until it closes',
    async () => {
      const first = await postgres.open('busy')
      await expect(postgres.open('busy')).rejects.toThrow(ChainJournalError)
      await first.close()
      const second = await postgres.open('busy')
      await second.close()
    },
  )

  test.skipIf(clusterUrl === undefined)(
    'PostgreSQL: the blocks of one tooling job are stored all or nothing',
    async () => {
      const journal = (await postgres.open('job')) as PostgresChainJournal
      await journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
      await expect(journal.appendBlocks([block(1), block(2), block(4)])).rejects.toThrow(
        ChainJournalError,
      )
      // A time beyond BIGINT fails inside the transaction: nothing of the job stays.
      const bad = { ...block(2), now: 2 ** 70 }
      await expect(journal.appendBlocks([block(1), bad])).rejects.toThrow()
      expect(await journal.readBlocks(0)).toEqual([])
      await journal.appendBlocks([block(1), block(2), block(3)])
      expect((await journal.readBlocks(0)).map((b) => b.seqno)).toEqual([1, 2, 3])
      await journal.close()
    },
  )
})

describe.each([sqlite, ...(clusterUrl === undefined ? [] : [postgres])])(
  'discardAfter on $name',
  (kind) => {
    test('default: discardAfter forgets later blocks and snapshots, also after reopening; the next block follows the kept one', async () => {
      const journal = await kind.open('discard-each')
      await journal.saveSnapshot({ seqno: 0, now: 1, state: bytes(1) })
      for (let seqno = 1; seqno <= 4; seqno++) await journal.appendBlock(block(seqno))
      await journal.saveSnapshot({ seqno: 3, now: 3, state: bytes(3) })
      await expect(Promise.resolve().then(() => journal.discardAfter?.(5))).rejects.toThrow(
        ChainJournalError,
      )
      await journal.discardAfter?.(2)
      expect((await journal.readBlocks(0)).map((b) => b.seqno)).toEqual([1, 2])
      expect(await journal.loadSnapshot()).toBeUndefined()
      expect(journal.lastSeqno()).toBe(2)
      await journal.saveSnapshot({ seqno: 2, now: 2, state: bytes(2) })
      await journal.close()
      const again = await kind.open('discard-each')
      expect(again.lastSeqno()).toBe(2)
      await expect(Promise.resolve().then(() => again.appendBlock(block(4)))).rejects.toThrow(
        ChainJournalError,
      )
      await again.appendBlock(block(3))
      expect((await again.readBlocks(0)).map((b) => b.seqno)).toEqual([1, 2, 3])
      expect((await again.loadSnapshot())?.seqno).toBe(2)
      await again.close()
    })
  },
)

describe('ChainJournalError and discardAfter (in memory and SQLite)', () => {
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
})
