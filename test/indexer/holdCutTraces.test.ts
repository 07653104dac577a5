import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Address, Cell, type Transaction } from '@ton/core'
import { afterAll, describe, expect, test } from 'vitest'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { readPoolInit } from '../../indexer/pool/readPoolInit.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import type { IndexedPoolRow } from '../../store/rows/indexerRows.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { readBlock } from '../_support/mainnetBlock.js'

/**
 * `holdCutTraces` across a restart: the recorded tonutils-go block 71 398 501
 * (`test/real/_data/README.md`) without wallet `EQD815Qp…`'s transaction, so that swap's trace
 * begins before the data. Indexed in two runs (a restart between them, right before the pool's
 * transaction), the pool transaction's parent link comes from the store: the stored origin (no
 * parent, not an external message) still marks the trace as cut, and its operation is held
 * back; the other swap's, whose wallet transaction is in the data, is filed.
 */
const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-hold-cut-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const bytes = gunzipSync(
  readFileSync(join(__dirname, '../real/_data/tonutils-block_0_8000000000000000_71398501.boc.gz')),
)
const block = readBlock(Cell.fromBoc(bytes)[0] as Cell)
const CUT_WALLET = Address.parse('EQD815QpwRPc1Dc5YxFGfcwtwfN3LClcrnXQdpPm4Mzvd0dK')
const KEPT_WALLET = 'EQCPv3AqrZh0zQm0969ZjysU4RgF5LUyLAEnX87_YNHuTRAV'
const POOL = Address.parse('EQCGScrZe1xbyWqWDvdI6mzP-GAcAWFv6ZXuaJOuSqemxku4')

const txs: Transaction[] = block.transactions
  .filter(
    (t) =>
      !(
        t.transaction.inMessage?.info.type === 'external-in' && t.accountId.equals(CUT_WALLET.hash)
      ),
  )
  .map((t) => t.transaction)
  .sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
const poolTxs = txs.filter((t) => t.address === BigInt(`0x${POOL.hash.toString('hex')}`))

/** The pool, tracked before the block (from the state-init the router attaches to its swaps). */
function seedRow(): IndexedPoolRow {
  const init = readPoolInit('v2', poolTxs[0]?.inMessage?.init?.data as Cell)
  if (init === undefined) throw new Error('no pool state-init')
  const [wallet0, wallet1] = [init.wallet0.toString(), init.wallet1.toString()]
  return {
    ...{ address: POOL.toString(), routerAddress: init.router.toString(), dex: 'v2' },
    ...{
      kind: 'constant_product',
      wallet0,
      wallet1,
      asset0Address: wallet0,
      asset1Address: wallet1,
    },
    // A refund moves no reserve: any positive state serves.
    ...{ reserve0: 10n ** 15n, reserve1: 10n ** 15n, totalSupply: 10n ** 15n },
    ...{ lpFee: 20n, protocolFee: 10n, refFee: 0n, collected0: 0n, collected1: 0n },
    ...{ amp: 0n, w0: 0n, rate: 0n, protocolFeeAddress: null },
  }
}

/** Indexes the block in two runs, restarting right before the cut trace's pool transaction. */
async function twoRuns(holdCutTraces: boolean) {
  const store = createSqliteStore({ path: join(dir, `hold-${holdCutTraces}.sqlite`) })
  await store.applyIndexBatch({
    ...{ transactions: [], operations: [], feeWithdrawals: [], links: [], pools: [seedRow()] },
    cursor: { name: 'seed', value: 'seeded' },
  })
  // The cut trace's pool transaction: the swap whose refund goes back towards the cut wallet.
  const cutPoolTx = poolTxs.find((t) => {
    const body = decodeBody(t.inMessage?.body)
    return body?.type === 'v2.swap' && body.fromUser?.equals(CUT_WALLET) === true
  }) as Transaction
  const at = txs.indexOf(cutPoolTx)
  await createIndexer({ store, source: txs.slice(0, at), holdCutTraces }).run()
  await createIndexer({ store, source: txs.slice(at), holdCutTraces }).run()
  const ops = await store.listOperations({})
  await store.close()
  return { ops, cutPoolTx }
}

describe('holdCutTraces across a restart (recorded block 71 398 501, one wallet left out)', () => {
  test('the cut trace’s operation is held back; the whole trace’s is filed', async () => {
    expect(txs).toHaveLength(268)
    expect(poolTxs).toHaveLength(2)
    const { ops, cutPoolTx } = await twoRuns(true)
    expect(cutPoolTx).toBeDefined()
    expect(ops.map((op) => [op.walletAddress, op.exitCode])).toEqual([
      [KEPT_WALLET, 'swap_refund_slippage'],
    ])
  })

  test('without it, the cut trace’s operation names a transaction that is not a wallet’s', async () => {
    const { ops, cutPoolTx } = await twoRuns(false)
    expect(ops).toHaveLength(2)
    const cut = ops.find((op) => op.poolTxHash === cutPoolTx.hash().toString('hex'))
    const origin = txs.find((t) => t.hash().toString('hex') === cut?.walletTxHash)
    expect(origin?.inMessage?.info.type).toBe('internal')
  })
})
