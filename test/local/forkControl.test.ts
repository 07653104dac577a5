/**
 * The control API on a fork: F (`serve --fork <U>`, an empty database) forks U (another
 * ton-dex-lab, started here) at U's head S. On F: a router→pool message sent as the router
 * (`POST /local/messages`, nobody signed it) does what the same message does on U; time moves
 * and blocks are mined; a snapshot and a revert put F's chain, its index and its REST API back —
 * an account first read from U after the snapshot reads as U's at S again; a balance is set.
 * The REST API shows each effect, and U never changes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { DEX_V1_OP, DEX_V2_OP } from '../../protocol/opCodes.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import {
  type ImpersonatedMessage,
  nodeClient,
  outcomes,
  routerToPoolMessage,
} from './_support/forkControl.js'

let dir: string
let upstream: RunningLocalExchange
let fork: RunningForkNode
/** U's head when F pinned it. */
let pinned: number
/** A pool of U, its router, and the newest swap the router sent it on U. */
let target: { pool: string; router: string; message: ImpersonatedMessage }

const onU = () => nodeClient(upstream.url)
const onF = () => nodeClient(fork.url)
/** A pool's reserves as F's (or U's) REST API lists it. */
const reserves = async (client: ReturnType<typeof nodeClient>, pool: string) => {
  const { pool: row } = await client.get(`/v1/pools/${pool}`)
  return `${row.reserve0} ${row.reserve1}`
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-control-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 2,
  })
  const { pool_list } = await onU().get('/v1/pools')
  const { router_list } = await onU().get('/v1/routers')
  // A swap a router sent a pool on U (DEX v1's `swap`, else DEX v2's), to send again as the router.
  const versions = new Map(
    (router_list as { address: string; major_version: number }[]).map((r) => [
      r.address,
      r.major_version,
    ]),
  )
  const candidates = (pool_list as Record<string, string>[]).flatMap((p) => {
    const version = versions.get(p.router_address!)
    const op = version === 1 ? DEX_V1_OP.swap : version === 2 ? DEX_V2_OP.swap : undefined
    const pool = Address.parse(p.address!)
    const message =
      op === undefined
        ? undefined
        : routerToPoolMessage(
            upstream.chain!.transactions(pool, { limit: 200 }),
            Address.parse(p.router_address!),
            pool,
            op,
          )
    return message === undefined
      ? []
      : [{ version, target: { pool: p.address!, router: p.router_address!, message } }]
  })
  candidates.sort((a, b) => (a.version ?? 0) - (b.version ?? 0))
  target = candidates[0]!.target
  expect(target).toBeDefined()
  pinned = upstream.chain!.head.seqno
  fork = await startForkNode({
    ...{ dbPath: join(dir, 'f.sqlite'), host: '127.0.0.1', port: 0 },
    fork: { url: `${upstream.url}/api/v2/jsonRPC`, rps: Number.POSITIVE_INFINITY },
  })
}, 600_000)

afterAll(async () => {
  await fork?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('the control API on a fork (local only)', () => {
  test('POST /local/messages as the router: the pool does on F what it does on U; the REST API shows it', async () => {
    const before = await reserves(onF(), target.pool)
    expect(before).toBe(await reserves(onU(), target.pool))
    // U runs the same message from the same state (then goes back to S: U stays the fork's S).
    const { json: saved } = await onU().post('/local/snapshots')
    const u = await onU().post('/local/messages', target.message)
    const uData = await onU().getMethod(target.pool, 'get_pool_data')
    const uReserves = await reserves(onU(), target.pool)
    await onU().post(`/local/snapshots/${saved.id}/revert`)
    expect(upstream.chain!.head.seqno).toBe(pinned)

    // F too goes back to S afterwards (the swap's min_out holds only from S's reserves).
    const { json: fSaved } = await onF().post('/local/snapshots')
    const f = await onF().post('/local/messages', target.message)
    expect([f.status, u.status]).toEqual([200, 200])
    expect(f.json.transactions.length).toBeGreaterThan(2)
    // The pool's transaction (the first), and every one after it, went as on U.
    expect(f.json.transactions[0].account).toBe(Address.parse(target.pool).toRawString())
    expect(f.json.transactions[0].success).toBe(true)
    expect(outcomes(f.json.transactions)).toEqual(outcomes(u.json.transactions))
    expect(await onF().getMethod(target.pool, 'get_pool_data')).toEqual(uData)
    // F's index followed its block: the REST API lists the pool as U did after the message.
    const after = await reserves(onF(), target.pool)
    expect(after).not.toBe(before)
    expect(after).toBe(uReserves)
    const status = await onF().get('/local/status')
    expect(status.mode).toBe('fork')
    expect(status.index.seqno).toBe(status.chain.seqno)
    expect(f.json.blocks).toContain(status.chain.seqno)
    // Local only: U is where it was.
    expect(upstream.chain!.head.seqno).toBe(pinned)
    expect(await reserves(onU(), target.pool)).toBe(before)
    await onF().post(`/local/snapshots/${fSaved.id}/revert`)
    expect(await reserves(onF(), target.pool)).toBe(before)
  })

  test('POST /local/time and /local/mine: the next blocks at the later time; never backwards', async () => {
    const start = await onF().get('/local/status')
    const moved = await onF().post('/local/time', { increase: 3_600 })
    expect(moved.status).toBe(200)
    expect(moved.json.time).toBeGreaterThanOrEqual(start.chain.time + 3_600)
    const mined = await onF().post('/local/mine', { blocks: 2 })
    expect(mined.status).toBe(200)
    const head = start.chain.seqno
    expect(mined.json.blocks).toEqual([head + 1, head + 2])
    expect(mined.json.head.seqno).toBe(head + 2)
    expect(mined.json.head.time).toBeGreaterThanOrEqual(start.chain.time + 3_600)
    const status = await onF().get('/local/status')
    expect([status.chain.seqno, status.index.seqno]).toEqual([head + 2, head + 2])
    const info = await onF().get('/api/v2/getMasterchainInfo')
    expect(info.result.last.seqno).toBe(head + 2)
    const back = await onF().post('/local/time', { set: start.chain.time })
    expect([back.status, back.json.error.code]).toEqual([409, 'LOCAL_TIME_BACKWARDS'])
    expect(upstream.chain!.head.seqno).toBe(pinned)
  })

  test('a snapshot and a revert: the chain, the index and the REST API go back; an account first read after the snapshot is U’s at S again', async () => {
    // An account of U that F has not read yet: its first read comes after the snapshot.
    const known = new Set(fork.fork.storage.knownContracts().map((c) => c.address.toRawString()))
    let fresh: string | undefined
    for (let seqno = 1; seqno <= pinned && fresh === undefined; seqno++) {
      for (const tx of upstream.chain!.blockTransactions(seqno)) {
        if (!known.has(tx.account) && tx.account !== Address.parse(target.pool).toRawString()) {
          fresh = tx.account
          break
        }
      }
    }
    if (fresh === undefined) throw new Error('F has read every account of U')
    const atS = await onU().account(fresh)
    expect(atS.state).toBe('active')
    const pools = await onF().get('/v1/pools')
    const before = await onF().get('/local/status')

    const taken = await onF().post('/local/snapshots')
    expect(taken.status).toBe(200)
    expect(taken.json.seqno).toBe(before.chain.seqno)
    // After it: the fresh account read (and changed), a router→pool message, a block.
    const set = await onF().post(`/local/accounts/${fresh}/balance`, { balance: '123000000000' })
    expect(set.status).toBe(200)
    expect((await onF().account(fresh)).balance).toBe('123000000000')
    await onF().post('/local/messages', target.message)
    expect(await onF().get('/v1/pools')).not.toEqual(pools)
    await onF().post('/local/mine')

    const reverted = await onF().post(`/local/snapshots/${taken.json.id}/revert`)
    expect(reverted.status).toBe(200)
    expect(reverted.json).toMatchObject({ id: taken.json.id, seqno: before.chain.seqno })
    expect(reverted.json.head.seqno).toBe(before.chain.seqno)
    expect(await onF().account(fresh)).toEqual(atS)
    expect(await onF().get('/v1/pools')).toEqual(pools)
    const status = await onF().get('/local/status')
    expect([status.chain.seqno, status.index.seqno]).toEqual([
      before.chain.seqno,
      before.chain.seqno,
    ])
    // The index goes on from there: the same message moves the pool again, as the first time.
    const again = await onF().post('/local/messages', target.message)
    expect(again.json.blocks).toEqual([before.chain.seqno + 1])
    expect(await onF().get('/v1/pools')).not.toEqual(pools)
    const unknown = await onF().post('/local/snapshots/99/revert')
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'LOCAL_UNKNOWN_SNAPSHOT'])
    expect(upstream.chain!.head.seqno).toBe(pinned)
  })

  test('POST /local/accounts/{address}/balance: the TON API and the REST API answer the new balance', async () => {
    const { wallets } = await onF().get('/local/wallets')
    const alpha = wallets[0].address as string
    const onUpstream = (await onU().account(alpha)).balance
    const set = await onF().post(`/local/accounts/${alpha}/balance`, { balance: '5000000000' })
    expect(set.status).toBe(200)
    expect(set.json.balance).toBe('5000000000')
    expect((await onF().account(alpha)).balance).toBe('5000000000')
    const { asset_list } = await onF().get(`/v1/wallets/${alpha}/assets`)
    const ton = (asset_list as { symbol: string; balance?: string }[]).find(
      (a) => a.symbol === 'TON',
    )
    expect(ton?.balance).toBe('5000000000')
    expect((await onU().account(alpha)).balance).toBe(onUpstream)
    const bad = await onF().post('/local/accounts/nope/balance', { balance: '1' })
    expect([bad.status, bad.json.error.code]).toEqual([400, 'LOCAL_INVALID_ADDRESS'])
  })
})
