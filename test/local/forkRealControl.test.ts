/**
 * The control API on a fork of recorded mainnet state: `serve --fork <recorded toncenter>
 * --fork-seed <ours>` over the STON.fi DEX v2.2 TON/USD₮ pool `EQCGScrZ…` at the state BEFORE
 * its recorded swap `16befdc4…` (`test/_support/recordedPoolSwap.ts`: derived from the
 * transaction, and checked by the real pool code in `test/local/forkReal.test.ts`), served as
 * toncenter's C++ API serves it (`test/_support/recordedToncenter.ts`, a real HTTP server).
 *
 * The recorded in-message — from the router `EQCS4UEa…`, its value, bounce flag and body, as in
 * transaction `tx_16BEFDC4…_64954068000009.hex` (ston-fi/ton-rs@8e8f8e0 `resources/tests/`) —
 * is sent through `POST /local/messages` as the router (nobody signed it). The pool's
 * transaction on the fork has the recorded exit code and action result, and its out-messages
 * the recorded destinations and bodies, cell hash for cell hash; its data afterwards is the
 * recorded data cell after the swap; the REST API's reserves move as the recorded swap moved
 * them. Time moves, a snapshot and a revert put the pool back, and a real account's balance is
 * set. One unit more offered gives other out-message bodies (the comparison can fail).
 *
 * And the emulator's version against the data's: `@ton/sandbox` 0.41's `Executor` is ton commit
 * f801e1c1 (2025-12-05, `SUPPORTED_VERSION` 13), the recorded configs' param 8 say 9 and 12, and a
 * config saying 14 or 15 runs the recorded swap exactly as one saying 9 (no error, no difference).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address, beginCell, Cell, Dictionary, loadTransaction, type Transaction } from '@ton/core'
import { Blockchain, Executor } from '@ton/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withLibraries } from '../../chain/fork/libraries.js'
import { parseForkSeed } from '../../local/forkSeed.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import {
  globalVersion,
  loadPoolAfterSwap,
  loadTxEmulation,
  RecordedChain,
} from '../_support/mainnetData.js'
import {
  before,
  beforeSwap,
  MC_SEQNO,
  outBodies,
  POOL,
  poolBeforeSwapChain,
  ROUTER,
  readPoolFields,
  recorded,
  swapIn,
  tonUsdtAssetRows,
  v22PoolRow,
  v22RouterRow,
} from '../_support/recordedPoolSwap.js'
import { type RecordedToncenter, startRecordedToncenter } from '../_support/recordedToncenter.js'
import {
  type ImpersonatedMessage,
  nodeClient,
  routerToPoolMessage,
} from './_support/forkControl.js'

let dir: string
let toncenter: RecordedToncenter
let fork: RunningForkNode
const onF = () => nodeClient(fork.url)
const poolRaw = Address.parse(POOL).toRawString()
const after = readPoolFields(recorded.dataAfter)

/** The recorded in-message, as a `POST /local/messages` body (from the router). */
const message = routerToPoolMessage(
  [{ boc: loadPoolAfterSwap().swap.cell.toBoc() }],
  Address.parse(ROUTER),
  Address.parse(POOL),
) as ImpersonatedMessage

/** What the recorded transaction did: its phases, its out-messages' destinations and bodies. */
function effects(tx: Transaction) {
  const d = tx.description
  if (d.type !== 'generic') throw new Error(`not a generic transaction: ${d.type}`)
  return {
    exit: d.computePhase.type === 'vm' ? d.computePhase.exitCode : null,
    action: d.actionPhase?.resultCode ?? null,
    aborted: d.aborted,
    outs: [...tx.outMessages.values()].map((m) => ({
      to: m.info.dest?.toString() ?? null,
      body: m.body.hash().toString('hex'),
    })),
  }
}
const expected = effects(recorded.tx)

/**
 * A pool transaction of the fork, by its lt and hash (hex), read back through its TON HTTP API
 * (`getTransactions` from it, one: what is older lies below the fork, in no recording).
 */
async function forkTransaction(lt: string, hash: string): Promise<Transaction> {
  const query = new URLSearchParams({
    address: POOL,
    lt,
    hash: Buffer.from(hash, 'hex').toString('base64'),
    limit: '1',
  })
  const answer = await onF().get(`/api/v2/getTransactions?${query}`)
  if (answer.ok !== true) throw new Error(`getTransactions: ${JSON.stringify(answer)}`)
  const cell = Cell.fromBase64((answer.result as { data: string }[])[0]!.data)
  expect(cell.hash().toString('hex')).toBe(hash)
  return loadTransaction(cell.beginParse())
}

/** The pool's data cell's hash on the fork (`getAddressInformation`). */
const poolDataHash = async () =>
  Cell.fromBase64((await onF().account(POOL)).data as string)
    .hash()
    .toString('hex')
const reserves = async () => {
  const { pool } = await onF().get(`/v1/pools/${POOL}`)
  return [pool.reserve0, pool.reserve1]
}

/** Sends `m` as the router; the pool's transaction (the first) read back from the fork. */
async function send(m: ImpersonatedMessage) {
  const sent = await onF().post('/local/messages', m)
  expect(sent.status, JSON.stringify(sent.json)).toBe(200)
  const first = sent.json.transactions[0]
  expect(first.account).toBe(poolRaw)
  return { sent: sent.json, first, tx: await forkTransaction(first.lt, first.hash) }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-real-control-'))
  toncenter = await startRecordedToncenter({ chain: poolBeforeSwapChain(), flavour: 'cpp' })
  fork = await startForkNode({
    ...{ dbPath: join(dir, 'f.sqlite'), host: '127.0.0.1', port: 0 },
    fork: {
      url: `${toncenter.url}/api/v2/jsonRPC`,
      rps: Number.POSITIVE_INFINITY,
      seed: {
        path: 'stonfi-ton-usdt.json',
        ...parseForkSeed({
          routers: [v22RouterRow],
          assets: tonUsdtAssetRows,
          pools: [v22PoolRow(POOL)],
        }),
      },
    },
  })
}, 300_000)

afterAll(async () => {
  await fork?.close()
  await toncenter?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('the control API on a fork of recorded mainnet state', () => {
  test('the recorded in-message, sent as the router: the recorded exit code, action result, out-messages and data after', async () => {
    expect(message.from).toBe(Address.parse(ROUTER).toRawString())
    expect([expected.exit, expected.action, expected.outs.length]).toEqual([0, 0, 2])
    expect(await reserves()).toEqual([before.fields.reserve0, before.fields.reserve1].map(String))
    expect(await poolDataHash()).toBe(before.data.hash().toString('hex'))
    const dataBefore = await onF().getMethod(POOL, 'get_pool_data')

    const { json: saved } = await onF().post('/local/snapshots')
    const { sent, first, tx } = await send(message)
    expect([first.exit_code, first.action_result_code, first.success]).toEqual([
      expected.exit,
      expected.action,
      true,
    ])
    // Cell hash for cell hash, destination for destination, in the recorded order.
    expect(effects(tx)).toEqual(expected)
    // The pool's data afterwards is the recorded data cell after the swap; its getter follows.
    expect(await poolDataHash()).toBe(recorded.dataAfter.hash().toString('hex'))
    const dataAfter = await onF().getMethod(POOL, 'get_pool_data')
    expect(dataAfter.exit).toBe(0)
    expect(dataAfter).not.toEqual(dataBefore)
    const numbers = (dataAfter.stack as [string, string][])
      .filter(([type]) => type === 'num')
      .map(([, value]) => BigInt(value))
    expect(numbers).toEqual(
      expect.arrayContaining([after.reserve0, after.reserve1, after.supply, after.collected1]),
    )
    // The index followed the block: the REST API's reserves moved as the recorded swap's.
    expect(await reserves()).toEqual([after.reserve0, after.reserve1].map(String))
    expect(after.reserve0 - before.fields.reserve0).toBe(swapIn.amount0) // 10 units of USD₮ in
    const status = await onF().get('/local/status')
    expect(status.index.seqno).toBe(status.chain.seqno)
    expect(sent.blocks).toContain(status.chain.seqno)

    // Back to the state before the swap: the pool is as it was.
    const reverted = await onF().post(`/local/snapshots/${saved.id}/revert`)
    expect(reverted.status).toBe(200)
    expect(await poolDataHash()).toBe(before.data.hash().toString('hex'))
    expect(await reserves()).toEqual([before.fields.reserve0, before.fields.reserve1].map(String))
    expect(await onF().getMethod(POOL, 'get_pool_data')).toEqual(dataBefore)
  })

  test('one unit more offered: other out-message bodies, other data (the comparison can fail)', async () => {
    const { json: saved } = await onF().post('/local/snapshots')
    // The body with its amount0 one unit more (op, query id, from_user, amount0, the rest).
    const s = Cell.fromBase64(message.body).beginParse()
    const altered = beginCell()
      .storeUint(s.loadUint(32), 32)
      .storeUint(s.loadUintBig(64), 64)
      .storeAddress(s.loadAddress())
      .storeCoins(s.loadCoins() + 1n)
      .storeSlice(s)
      .endCell()
    const { first, tx } = await send({ ...message, body: altered.toBoc().toString('base64') })
    expect(first.exit_code).toBe(0)
    const got = effects(tx)
    expect(got.outs.map((o) => o.to)).toEqual(expected.outs.map((o) => o.to))
    expect(got.outs.map((o) => o.body)).not.toEqual(expected.outs.map((o) => o.body))
    expect(await poolDataHash()).not.toBe(recorded.dataAfter.hash().toString('hex'))
    await onF().post(`/local/snapshots/${saved.id}/revert`)
    expect(await poolDataHash()).toBe(before.data.hash().toString('hex'))
  })

  test('time moves, blocks are mined; a snapshot and a revert put the pool back', async () => {
    const start = await onF().get('/local/status')
    const moved = await onF().post('/local/time', { increase: 86_400 })
    expect(moved.status).toBe(200)
    expect(moved.json.time).toBeGreaterThanOrEqual(start.chain.time + 86_400)
    const mined = await onF().post('/local/mine', { blocks: 2 })
    expect(mined.json.blocks).toEqual([start.chain.seqno + 1, start.chain.seqno + 2])

    const taken = await onF().post('/local/snapshots')
    expect(taken.json.seqno).toBe(start.chain.seqno + 2)
    // A day later the same message still gives the recorded out-messages (the pool keeps no time).
    const { tx } = await send(message)
    expect(tx.now).toBeGreaterThanOrEqual(start.chain.time + 86_400)
    expect(effects(tx)).toEqual(expected)
    expect(await reserves()).toEqual([after.reserve0, after.reserve1].map(String))

    const reverted = await onF().post(`/local/snapshots/${taken.json.id}/revert`)
    expect(reverted.status).toBe(200)
    expect(reverted.json.head.seqno).toBe(start.chain.seqno + 2)
    expect(await poolDataHash()).toBe(before.data.hash().toString('hex'))
    expect(await reserves()).toEqual([before.fields.reserve0, before.fields.reserve1].map(String))
    const status = await onF().get('/local/status')
    expect([status.chain.seqno, status.index.seqno]).toEqual([
      start.chain.seqno + 2,
      start.chain.seqno + 2,
    ])
  })

  test('POST /local/accounts/{address}/balance on the real pool: its balance, nothing else', async () => {
    const was = await onF().account(POOL)
    expect(was.balance).toBe(recorded.balanceAfter.toString()) // 1825550085: the recorded balance
    const set = await onF().post(`/local/accounts/${POOL}/balance`, { balance: '7000000000' })
    expect([set.status, set.json.balance]).toEqual([200, '7000000000'])
    const now = await onF().account(POOL)
    expect(now.balance).toBe('7000000000')
    expect([now.code, now.data, now.state]).toEqual([was.code, was.data, was.state])
    expect(await reserves()).toEqual([before.fields.reserve0, before.fields.reserve1].map(String))
    // The swap still pays what the recorded one paid: the balance is not in its bodies.
    const { json: saved } = await onF().post('/local/snapshots')
    expect(effects((await send(message)).tx)).toEqual(expected)
    await onF().post(`/local/snapshots/${saved.id}/revert`)
  })
})

describe("the emulator's version against the data's global version (docs/real-chain.md)", () => {
  test('@ton/sandbox 0.41 is ton commit f801e1c1; the recorded configs say 9 and 12', async () => {
    const executor = await Executor.create()
    expect(executor.getVersion()).toEqual({
      commitHash: 'f801e1c1a4ddb5abf41033f51a7c74ab72dfdc07',
      commitDate: '2025-12-05 10:44:12 +0300',
    })
    expect(globalVersion(recorded.config).version).toBe(9) // key block 46991999
    expect(globalVersion(loadTxEmulation('stonfiPoolSwap').config).version).toBe(9)
    expect(globalVersion(loadTxEmulation('hashExact').config).version).toBe(12)
  })

  test('a config whose param 8 is above 13 runs without a word, under the emulator’s own rules', async () => {
    const run = async (version: number) => {
      const dict = Dictionary.loadDirect(
        Dictionary.Keys.Int(32),
        Dictionary.Values.Cell(),
        recorded.config,
      )
      const capabilities = globalVersion(recorded.config).capabilities
      dict.set(
        8,
        beginCell().storeUint(0xc4, 8).storeUint(version, 32).storeUint(capabilities, 64).endCell(),
      )
      const config = beginCell().storeDictDirect(dict).endCell()
      expect(globalVersion(config).version).toBe(version)
      const chain = await Blockchain.create({ config })
      chain.libs = withLibraries(undefined, recorded.libraries)
      const at = new RecordedChain().addAccountState(
        Address.parse(POOL),
        { ...beforeSwap, code: recorded.code, data: before.data },
        MC_SEQNO,
      )
      await chain.setShardAccount(Address.parse(POOL), at.parsed)
      const pool = await chain.getContract(Address.parse(POOL))
      const tx = await pool.receiveMessage(recorded.tx.inMessage!, { now: recorded.tx.now })
      const d = tx.description
      return {
        effects: effects(tx),
        gas: d.type === 'generic' && d.computePhase.type === 'vm' ? d.computePhase.gasUsed : -1n,
        fees: tx.totalFees.coins,
      }
    }
    const at9 = await run(9)
    expect(at9.effects.outs.map((o) => o.body)).toEqual(
      outBodies.map((b) => b.hash().toString('hex')),
    )
    expect([at9.gas, at9.fees]).toEqual([19_082n, 8_309_055n])
    // 14 (mainnet from 2026-06-05) and 15: no error, the same run — the version is not applied.
    expect(await run(14)).toEqual(at9)
    expect(await run(15)).toEqual(at9)
  })
})
