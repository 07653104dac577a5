import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import type { ChainBlockRecord, ChainJournal, ChainSnapshotRecord } from '../ChainJournal.js'

/**
 * A test-only {@link ChainJournal} in plain files, durable the simple way: blocks are JSON
 * lines appended and fsynced before `appendBlock` returns, the snapshot is written to a temporary
 * file, fsynced and renamed. A torn last line (the process killed mid-append) is ignored: that
 * block was never acknowledged.
 */
export class FileJournal implements ChainJournal {
  private readonly blocksPath: string
  private readonly snapshotPath: string
  private fd: number | undefined

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true })
    this.blocksPath = join(dir, 'blocks.jsonl')
    this.snapshotPath = join(dir, 'snapshot.json')
  }

  appendBlock(block: ChainBlockRecord): void {
    this.fd ??= openSync(this.blocksPath, 'a')
    writeSync(this.fd, `${JSON.stringify(encodeBlock(block))}\n`)
    fsyncSync(this.fd)
  }

  saveSnapshot(snapshot: ChainSnapshotRecord): void {
    const tmp = join(this.dir, 'snapshot.json.tmp')
    const fd = openSync(tmp, 'w')
    writeSync(
      fd,
      JSON.stringify({
        seqno: snapshot.seqno,
        now: snapshot.now,
        state: Buffer.from(snapshot.state).toString('base64'),
      }),
    )
    fsyncSync(fd)
    closeSync(fd)
    renameSync(tmp, this.snapshotPath)
  }

  loadSnapshot(): ChainSnapshotRecord | undefined {
    if (!existsSync(this.snapshotPath)) return undefined
    const raw = JSON.parse(readFileSync(this.snapshotPath, 'utf8'))
    return { seqno: raw.seqno, now: raw.now, state: Buffer.from(raw.state, 'base64') }
  }

  readBlocks(afterSeqno: number): ChainBlockRecord[] {
    if (!existsSync(this.blocksPath)) return []
    const lines = readFileSync(this.blocksPath, 'utf8').split('\n')
    const blocks: ChainBlockRecord[] = []
    for (const [i, line] of lines.entries()) {
      if (line === '') continue
      let raw: EncodedBlock
      try {
        raw = JSON.parse(line)
      } catch (error) {
        if (i === lines.length - 1) break // torn last append: never acknowledged
        throw error
      }
      const block = decodeBlock(raw)
      if (block.seqno > afterSeqno) blocks.push(block)
    }
    return blocks
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }
}

type EncodedBlock = {
  seqno: number
  now: number
  lt: string
  message: string | null
  transactions: { account: string; lt: string; hash: string; boc: string }[]
  accounts: { address: string; shardAccount: string }[]
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

function encodeBlock(block: ChainBlockRecord): EncodedBlock {
  return {
    seqno: block.seqno,
    now: block.now,
    lt: block.lt.toString(),
    message: block.message ? b64(block.message) : null,
    transactions: block.transactions.map((tx) => ({
      account: tx.account,
      lt: tx.lt.toString(),
      hash: b64(tx.hash),
      boc: b64(tx.boc),
    })),
    accounts: block.accounts.map((a) => ({
      address: a.address,
      shardAccount: b64(a.shardAccount),
    })),
  }
}

function decodeBlock(raw: EncodedBlock): ChainBlockRecord {
  return {
    seqno: raw.seqno,
    now: raw.now,
    lt: BigInt(raw.lt),
    message: raw.message === null ? null : Buffer.from(raw.message, 'base64'),
    transactions: raw.transactions.map((tx) => ({
      account: tx.account,
      lt: BigInt(tx.lt),
      hash: Buffer.from(tx.hash, 'base64'),
      boc: Buffer.from(tx.boc, 'base64'),
    })),
    accounts: raw.accounts.map((a) => ({
      address: a.address,
      shardAccount: Buffer.from(a.shardAccount, 'base64'),
    })),
  }
}
