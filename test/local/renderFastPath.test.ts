import {
  Address,
  beginCell,
  Cell,
  loadTransaction,
  type Message,
  storeStateInit,
  type Transaction,
} from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LiveChain } from '../../chain/LiveChain.js'
import type { LoggedTransaction } from '../../chain/TransactionLog.js'
import {
  type LeanTransaction,
  leanOf,
  readTransaction,
} from '../../chain/tonHttpApi/leanTransaction.js'
import { MessageIndex } from '../../chain/tonHttpApi/v3/MessageIndex.js'
import { renderV3Transaction } from '../../chain/tonHttpApi/v3/wire.js'
import { renderParts, renderTransaction } from '../../chain/tonHttpApi/wire.js'
import { writeBoc } from '../../emulator/bocWriter.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { decodeBodyAs } from '../../protocol/decode/decodeBody.js'
import { startDemoExchange } from '../_support/demoExchange.js'

/**
 * The TON HTTP API renders transactions from one lean read, shares parses between v2 and v3 and
 * keeps what it rendered. Checked on a real history (the local exchange's demo: wallet
 * externals, deployments with state-inits, jetton transfers with bodies in references, DEX
 * swaps, bounces): the lean read holds what `@ton/core`'s whole parse holds, and every
 * transaction renders byte for byte as the whole-parse renderer the API used before (kept below
 * as the reference), cold and from the cache, in v2 and v3.
 */
let exchange: RunningLocalExchange
let chain: LiveChain
let entries: LoggedTransaction[]

beforeAll(async () => {
  exchange = await startDemoExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 6,
  })
  if (exchange.chain === undefined) throw new Error('the local exchange runs no chain')
  chain = exchange.chain
  entries = []
  for (let seqno = 1; seqno <= chain.head.seqno; seqno++) {
    entries.push(...chain.blockTransactions(seqno))
  }
}, 300_000)
afterAll(async () => {
  await exchange?.close()
})

describe('transaction rendering fast path', () => {
  test('v2: the lean read answers what the whole parse answered, cold and cached', () => {
    const seen = { inits: 0, externals: 0, refBodies: 0, outMsgs: 0, storageFees: 0, comments: 0 }
    for (const entry of entries) {
      const cell = Cell.fromBoc(Buffer.from(entry.boc))[0] as Cell
      const tx = loadTransaction(cell.beginParse())
      const expected = JSON.stringify(referenceRender(entry, tx))
      const lean = readTransaction(entry.boc)
      expect(fieldsOf(lean)).toEqual(fieldsOf(leanOf(tx)))
      expect(JSON.stringify(renderParts(entry, lean))).toBe(expected)
      expect(JSON.stringify(renderParts(entry, leanOf(tx)))).toBe(expected)
      expect(JSON.stringify(renderTransaction(entry))).toBe(expected)
      expect(JSON.stringify(renderTransaction(entry))).toBe(expected)

      const messages = [tx.inMessage, ...tx.outMessages.values()].filter((m) => m != null)
      if (messages.some((m) => m.init)) seen.inits++
      if (tx.inMessage?.info.type === 'external-in') seen.externals++
      if (messages.some((m) => m.body.refs.length > 0)) seen.refBodies++
      if (tx.outMessages.size > 0) seen.outMsgs++
      if (JSON.parse(expected).storage_fee !== '0') seen.storageFees++
      if (messages.some((m) => referenceComment(m.body) !== '')) seen.comments++
    }
    // The history exercises what the wire shows (comments: none in this history is fine).
    expect(entries.length).toBeGreaterThan(100)
    expect(seen.inits).toBeGreaterThan(0)
    expect(seen.externals).toBeGreaterThan(0)
    expect(seen.refBodies).toBeGreaterThan(0)
    expect(seen.outMsgs).toBeGreaterThan(0)
    expect(seen.storageFees).toBeGreaterThan(0)
  })

  test('v3: the index renders from the shared read what a whole parse renders', async () => {
    const index = MessageIndex.of(chain)
    await index.sync()
    for (const entry of entries) {
      const tx = loadTransaction((Cell.fromBoc(Buffer.from(entry.boc))[0] as Cell).beginParse())
      const expected = JSON.stringify(
        renderV3Transaction(entry, leanOf(tx), index.place(entry.seqno)),
      )
      expect(JSON.stringify(index.render(entry))).toBe(expected)
      expect(JSON.stringify(index.render(entry))).toBe(expected)
      // v2 after v3 takes the parse v3 left.
      expect(JSON.stringify(renderTransaction(entry))).toBe(
        JSON.stringify(referenceRender(entry, tx)),
      )
    }
  })
})

/** What a lean read holds besides the messages (rendered and compared as JSON above). */
function fieldsOf(tx: LeanTransaction) {
  const { inMessage, outMessages, description, ...fields } = tx
  return { ...fields, description: description(), outMessages: outMessages.length }
}

/** The whole-parse renderer `getTransactions` used before the fast path, unchanged. */
function referenceRender(entry: LoggedTransaction, tx: Transaction): Record<string, unknown> {
  const fee = tx.totalFees.coins
  const storageFee =
    tx.description.type === 'generic' || tx.description.type === 'tick-tock'
      ? (tx.description.storagePhase?.storageFeesCollected ?? 0n)
      : 0n
  return {
    '@type': 'raw.transaction',
    address: {
      '@type': 'accountAddress',
      account_address: Address.parseRaw(entry.account).toString(),
    },
    utime: tx.now,
    data: Buffer.from(entry.boc).toString('base64'),
    transaction_id: {
      '@type': 'internal.transactionId',
      lt: entry.lt.toString(),
      hash: Buffer.from(entry.hash).toString('base64'),
    },
    fee: fee.toString(),
    storage_fee: storageFee.toString(),
    other_fee: (fee - storageFee).toString(),
    in_msg: tx.inMessage ? referenceMessage(tx.inMessage) : undefined,
    out_msgs: [...tx.outMessages.values()].map(referenceMessage),
  }
}

function referenceMessage(message: Message): Record<string, unknown> {
  const info = message.info
  const common = {
    '@type': 'raw.message',
    body_hash: message.body.hash().toString('base64'),
    msg_data: {
      '@type': 'msg.dataRaw',
      body: referenceBoc(message.body),
      init_state: message.init
        ? referenceBoc(beginCell().store(storeStateInit(message.init)).endCell())
        : '',
    },
    message: referenceComment(message.body),
    extra_currencies: [],
  }
  if (info.type === 'internal') {
    return {
      ...common,
      source: info.src.toString(),
      destination: info.dest.toString(),
      value: info.value.coins.toString(),
      fwd_fee: info.forwardFee.toString(),
      ihr_fee: info.ihrFee.toString(),
      created_lt: info.createdLt.toString(),
    }
  }
  if (info.type === 'external-in') {
    return {
      ...common,
      source: '',
      destination: info.dest.toString(),
      value: '0',
      fwd_fee: '0',
      ihr_fee: '0',
      created_lt: '0',
    }
  }
  return {
    ...common,
    source: info.src.toString(),
    destination: '',
    value: '0',
    fwd_fee: '0',
    ihr_fee: '0',
    created_lt: info.createdLt.toString(),
  }
}

function referenceComment(body: Cell): string {
  return decodeBodyAs(body, 'ton.transfer')?.comment ?? ''
}

function referenceBoc(cell: Cell): string {
  return writeBoc(cell, { idx: false }).toString('base64')
}
