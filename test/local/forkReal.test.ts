/**
 * A fork of real mainnet state, tried as a new user would: `serve --fork <upstream> --fork-seed
 * <market.json>` on recorded mainnet data served the way toncenter's C++ API serves it
 * (`test/_support/recordedToncenter.ts`, a real HTTP server: `getLibraries` refuses more than
 * 16 hashes — tonlib's "too many libraries requested, 16 maximum", 400 — and leaves unknown
 * hashes out of its answer), behind a proxy that keeps each `getLibraries` request's hashes.
 * The masterchain block the states are put at is synthesized (the files name none).
 *
 * Recorded data (ston-fi/ton-rs@8e8f8e0 `resources/tests/`, kept gzipped in test/data/mainnet):
 * the STON.fi DEX v2.2 TON/USD₮ pool EQCGScrZ…'s state after its swap transaction 16befdc4…
 * (`contract_state_EQCGScrZ…_64954068000009.json`, `tx_16BEFDC4…_64954068000009.hex`), the pool,
 * LP wallet and LP account libraries (`txemulord_with_libs.json`'s `libs_boc`), and the config
 * of key block 46991999 (`config_46991999.hex`, the dictionary under its ref); and STON.fi
 * DEX v2.1 router and pool code and data with their expected getters (tonkeeper/tongo@62e2b89
 * `abi/generated_test.go`). Loaded by `test/_support/mainnetData.ts` (hashes checked).
 *
 * The recorded state is the one AFTER the swap. The state before it is derived from the
 * transaction: reserve0 less the swap's offer (its in-message `swap`, amount0), reserve1 plus
 * what left it (`pay_to`'s amount1 and `pay_vault`'s referral amount1) and the protocol fee,
 * collected1 less that fee (the fee from core's formula). That derivation is then checked by the
 * real pool code: the recorded in-message run on the derived state gives the recorded out-message
 * bodies and exactly the recorded data cell after.
 *
 * The market seed is ours, written as the STON.fi API would answer for the pool: the router
 * EQCS4UEa… (DEX v2.2 constant product), its pTON wallet is the pool's token1 wallet, token0 is
 * USD₮. The router's jetton wallets' and the masters' states are in no recorded file: the fork
 * cannot name them from the chain, and says so by name. Two accounts are ours, not recorded:
 * one whose data references 17 unknown libraries (a round of 17 hashes) and a "pool" whose code
 * is an absent library (a pool the fork must refuse by name).
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address, beginCell, type Cell } from '@ton/core'
import { Blockchain } from '@ton/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ForkError } from '../../chain/fork/ForkError.js'
import { forkUpstream } from '../../chain/fork/forkUpstream.js'
import { withLibraries } from '../../chain/fork/libraries.js'
import { parseForkSeed } from '../../local/forkSeed.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { loadTgoStonfiV2Getters, RecordedChain } from '../_support/mainnetData.js'
import {
  before,
  beforeSwap,
  MC_SEQNO,
  outBodies,
  POOL,
  POOL_LIBRARY,
  PTON_V2_1,
  payTo,
  poolWallets,
  ROUTER,
  recorded,
  swapIn,
  tonUsdtAssetRows,
  USDT,
  v22PoolRow,
  v22RouterRow,
} from '../_support/recordedPoolSwap.js'
import { type RecordedToncenter, startRecordedToncenter } from '../_support/recordedToncenter.js'

/**
 * STON.fi DEX v2.1 router and pool code and data with their expected getter answers
 * (tonkeeper/tongo@62e2b89 `abi/generated_test.go`, kept as JSON in test/data/mainnet; the
 * network is not stated there). Their code is full code (not a library cell); the router's data
 * references the v2.1 pool, LP wallet, LP account and vault code as libraries.
 */
const tgo = loadTgoStonfiV2Getters()
const V21_ROUTER = tgo.router.account.toString()
const V21_POOL = tgo.pool.account.toString()
/** Stand-ins for the v2.1 pool's tokens: the vectors do not name them (the seed says so). */
const STAND_IN0 = new Address(0, Buffer.alloc(32, 0x21)).toString()
const STAND_IN1 = new Address(0, Buffer.alloc(32, 0x22)).toString()

/** `DROP` (the method id) then `7 PUSHINT`: a get-method answering 7 whatever it is called. */
const SEVEN = beginCell().storeUint(0x3077, 16).endCell()
const libraryCell = (hash: Buffer) =>
  beginCell().storeUint(2, 8).storeBuffer(hash).endCell({ exotic: true })
/** A pool whose code is a library the upstream does not have: refused, by name. */
const NO_CODE_POOL = new Address(0, Buffer.alloc(32, 0x31)).toString()
const ABSENT_LIBRARY = beginCell().storeUint(0xbeef, 32).endCell().hash()

/** 17 library hashes no upstream has: one account's round of 17. */
const UNKNOWN = Array.from({ length: 17 }, (_, i) =>
  beginCell()
    .storeUint(0xdead0000 + i, 32)
    .endCell()
    .hash(),
)
/** An account whose data references the 17 unknown libraries (its code runs without them). */
const SEVENTEEN = new Address(0, Buffer.alloc(32, 7)).toString()
const seventeenData = (() => {
  let cell = beginCell().endCell()
  for (const hash of UNKNOWN)
    cell = beginCell().storeRef(libraryCell(hash)).storeRef(cell).endCell()
  return cell
})()

/** Our seed: the STON.fi API's rows for the recorded pool, its router and its assets. */
function seedJson() {
  return {
    routers: [
      v22RouterRow,
      {
        address: V21_ROUTER,
        major_version: 2,
        minor_version: 1,
        router_type: 'ConstantProduct',
        pton_master_address: PTON_V2_1,
        pton_wallet_address: new Address(0, Buffer.alloc(32, 0x23)).toString(),
        pton_version: '2.1',
        pool_creation_enabled: true,
      },
    ],
    assets: tonUsdtAssetRows,
    pools: [
      {
        address: V21_POOL,
        router_address: V21_ROUTER,
        token0_address: STAND_IN0,
        token1_address: STAND_IN1,
        reserve0: '0',
        reserve1: '0',
        lp_total_supply: '0',
        lp_fee: '0',
        protocol_fee: '0',
        ref_fee: '0',
        protocol_fee_address: NATIVE_ADDRESS,
        collected_token0_protocol_fee: '0',
        collected_token1_protocol_fee: '0',
      },
      v22PoolRow(NO_CODE_POOL),
      v22PoolRow(POOL),
    ],
  }
}

let dir: string
let toncenter: RecordedToncenter
let proxy: FaultProxy
const libraryRequests: string[][] = []
let fork: RunningForkNode | undefined
const log: string[] = []
const consoleError = console.error
const { wallet0, wallet1 } = poolWallets

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-real-'))
  // The recorded chain (test/_support/mainnetData.ts), served as toncenter's C++ API serves it
  // (test/_support/recordedToncenter.ts: getLibraries refuses more than 16 hashes, leaves
  // unknown ones out), behind a proxy that keeps each getLibraries request's hashes.
  const chain = new RecordedChain()
  chain.setConfig(recorded.config)
  chain.addLibraries(recorded.libraries)
  chain.addLibraries([SEVEN])
  const put = (address: string, code: Cell, data: Cell) =>
    chain.addAccountState(Address.parse(address), { ...beforeSwap, code, data }, MC_SEQNO)
  put(POOL, recorded.code, before.data)
  put(SEVENTEEN, SEVEN, seventeenData)
  put(NO_CODE_POOL, libraryCell(ABSENT_LIBRARY), before.data)
  put(V21_ROUTER, tgo.router.code, tgo.router.data)
  put(V21_POOL, tgo.pool.code, tgo.pool.data)
  toncenter = await startRecordedToncenter({ chain, flavour: 'cpp' })
  proxy = await startFaultProxy(toncenter.url, (request) => {
    if (request.method === 'getLibraries') {
      const asked = request.params.libraries
      libraryRequests.push(Array.isArray(asked) ? asked.map(String) : [String(asked)])
    }
    return { type: 'pass' }
  })
  console.error = (...args: unknown[]) => {
    log.push(args.map(String).join(' '))
  }
  fork = await startForkNode({
    ...{ dbPath: join(dir, 'f.sqlite'), host: '127.0.0.1', port: 0 },
    fork: {
      url: `${proxy.url}/api/v2/jsonRPC`,
      rps: Number.POSITIVE_INFINITY,
      seed: { path: 'stonfi-ton-usdt.json', ...parseForkSeed(seedJson()) },
    },
  })
}, 300_000)

afterAll(async () => {
  console.error = consoleError
  await fork?.close()
  await proxy?.close()
  await toncenter?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('the recorded swap, and the state before it', () => {
  test('the real pool code on the derived state gives the recorded outs and data cell', async () => {
    const chain = await Blockchain.create({ config: recorded.config })
    chain.libs = withLibraries(undefined, recorded.libraries)
    chain.now = recorded.tx.now
    const at = new RecordedChain().addAccountState(
      Address.parse(POOL),
      { ...beforeSwap, code: recorded.code, data: before.data },
      MC_SEQNO,
    )
    await chain.setShardAccount(Address.parse(POOL), at.parsed)
    const pool = await chain.getContract(Address.parse(POOL))
    const run = await pool.receiveMessage(recorded.tx.inMessage!, { now: recorded.tx.now })
    expect(
      run.description.type === 'generic' &&
        run.description.computePhase.type === 'vm' &&
        run.description.computePhase.exitCode,
    ).toBe(0)
    const state = pool.accountState
    expect(state?.type).toBe('active')
    const data = state?.type === 'active' ? state.state.data : undefined
    expect(data?.hash().toString('hex')).toBe(recorded.dataAfter.hash().toString('hex'))
    const outs = [...run.outMessages.values()].map((m) => m.body.hash().toString('hex'))
    expect(outs).toEqual(outBodies.map((b) => b.hash().toString('hex')))
  })
})

describe('serve --fork <recorded toncenter> --fork-seed <STON.fi API rows>', () => {
  test('the real pool is adopted exactly, and listed with its reserves', async () => {
    const pool = (await (await fetch(`${fork!.url}/v1/pools/${POOL}`)).json()) as {
      pool: Record<string, string>
    }
    expect(pool.pool).toMatchObject({
      address: POOL,
      router_address: ROUTER,
      token0_address: USDT,
      token1_address: NATIVE_ADDRESS,
      reserve0: before.fields.reserve0.toString(),
      reserve1: before.fields.reserve1.toString(),
      lp_total_supply: before.fields.supply.toString(),
      lp_fee: '20',
      protocol_fee: '10',
    })
  })

  test('/v1/swap/simulate of the recorded offer pays what the real pool code paid', async () => {
    const query = new URLSearchParams({
      offer_address: USDT,
      ask_address: NATIVE_ADDRESS,
      units: swapIn.amount0.toString(),
      slippage_tolerance: '0.01',
      pool_address: POOL,
      referral_address: swapIn.payload.referralAddress!.toString(),
      referral_fee_bps: swapIn.payload.referralBps.toString(),
    })
    const response = await fetch(`${fork!.url}/v1/swap/simulate?${query}`, { method: 'POST' })
    const body = (await response.json()) as Record<string, string>
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body.ask_units).toBe(payTo.amount1.toString()) // 6762
    expect(payTo.amount1).toBe(6762n)
  })

  test('what the chain cannot name is said by name in /local/status and the log', async () => {
    const status = (await (await fetch(`${fork!.url}/local/status`)).json()) as {
      unnamed: { address: string; kind: string; why: string }[]
      fork: { missing_library_hashes: string[] }
    }
    const byAddress = new Map(status.unnamed.map((u) => [u.address, u]))
    expect(byAddress.get(wallet0)).toMatchObject({ kind: 'router-wallet' })
    expect(byAddress.get(wallet0)?.why).toMatch(
      /no active account.*named .* by the seed's token0_address only/,
    )
    expect(byAddress.get(wallet1)?.why).toMatch(/pton_wallet_address only/)
    expect(log.join('\n')).toContain(`could not name router-wallet ${wallet0}`)
    // A pool whose code cannot run on the fork is refused by name, with the library it lacks,
    // and is not listed.
    expect(byAddress.get(NO_CODE_POOL)).toMatchObject({ kind: 'pool' })
    expect(byAddress.get(NO_CODE_POOL)?.why).toBe(
      `its get_pool_data gives nothing on the fork (exit 9: its code runs a library the upstream does not have (missing libraries: ${ABSENT_LIBRARY.toString('hex')})): not adopted`,
    )
    expect((await fetch(`${fork!.url}/v1/pools/${NO_CODE_POOL}`)).status).toBe(404)
    // The recorded libraries were all had: none of them is missing.
    for (const hash of recorded.libraries.keys()) {
      expect(status.fork.missing_library_hashes).not.toContain(hash)
    }
  })

  test('libraries come at most 16 a request; a round of 17 is not "no getLibraries"', async () => {
    // The pool's round: its code and the two libraries its data references.
    expect(libraryRequests.flat()).toContain(POOL_LIBRARY)
    const call = async (address: string) =>
      (await (
        await fetch(`${fork!.url}/api/v2/jsonRPC`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'runGetMethod',
            params: { address, method: 'seqno', stack: [] },
          }),
        })
      ).json()) as { result?: { exit_code: number } }
    const asked = libraryRequests.length
    expect((await call(SEVENTEEN)).result?.exit_code).toBe(0)
    const round = libraryRequests.slice(asked)
    expect(round.map((r) => r.length)).toEqual([16, 1])
    expect(libraryRequests.every((r) => r.length <= 16)).toBe(true)
    const status = (await (await fetch(`${fork!.url}/local/status`)).json()) as {
      fork: { missing_libraries: number; missing_library_hashes: string[] }
    }
    // Each unknown hash is said (toncenter left them out of its answers without a word).
    expect(status.fork.missing_library_hashes).toEqual(
      expect.arrayContaining(UNKNOWN.map((h) => h.toString('hex'))),
    )
    expect(log.join('\n')).not.toMatch(/has no getLibraries/)
    expect(log.join('\n')).toMatch(/has no library [0-9a-f]{64}/)
  })

  test('a DEX v2.1 pool and router (tongo vectors) run on the fork: state adopted exactly', async () => {
    const expected = tgo.pool.expected.get_pool_data as Record<string, string | number>
    const pool = (await (await fetch(`${fork!.url}/v1/pools/${V21_POOL}`)).json()) as {
      pool: Record<string, string>
    }
    expect(pool.pool).toMatchObject({
      address: V21_POOL,
      router_address: V21_ROUTER,
      reserve0: expected.reserve0, // 190494333
      reserve1: expected.reserve1, // 210000000
      lp_total_supply: expected.totalSupply,
      lp_fee: String(expected.lpFee),
      protocol_fee: String(expected.protocolFee),
      collected_token0_protocol_fee: expected.collectedToken0ProtocolFee,
      collected_token1_protocol_fee: expected.collectedToken1ProtocolFee,
    })
    // Its wallets' states are not recorded: named by the seed's stand-ins only, and said so.
    const status = (await (await fetch(`${fork!.url}/local/status`)).json()) as {
      unnamed: { address: string; kind: string; why: string }[]
    }
    const wallet0 = Address.parseRaw(expected.token0WalletAddress as string).toString()
    expect(status.unnamed.find((u) => u.address === wallet0)?.why).toMatch(
      /named .* by the seed's token0_address only/,
    )
    // The v2.1 router's own getter on the fork: its code runs (its data's libraries need not).
    const answer = (await (
      await fetch(`${fork!.url}/api/v2/jsonRPC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'runGetMethod',
          params: { address: V21_ROUTER, method: 'get_router_version', stack: [] },
        }),
      })
    ).json()) as { result: { exit_code: number; stack: [string, string][] } }
    expect(answer.result.exit_code).toBe(0)
    expect(answer.result.stack.slice(0, 2).map((e) => Number(BigInt(e[1])))).toEqual([2, 1])
  })
})

describe('getLibraries of an upstream with a lower limit, or none', () => {
  /** A TON API whose getLibraries refuses more than `limit` hashes (400), or refuses it all. */
  async function limitedUpstream(limit: number) {
    const asked: number[] = []
    const server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      request.on('end', () => {
        const { method, params } = JSON.parse(text) as {
          method: string
          params: { libraries: string[] }
        }
        const refuse = (error: string, code: number) => {
          response.writeHead(code, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ ok: false, error, code }))
        }
        if (method !== 'getLibraries' || limit === 0) return refuse(`Unknown method ${method}`, 422)
        asked.push(params.libraries.length)
        if (params.libraries.length > limit) {
          return refuse(`too many libraries requested, ${limit} maximum`, 400)
        }
        const result = params.libraries.flatMap((hash) => {
          const code = recorded.libraries.get(hash)
          return code === undefined ? [] : [{ hash, data: code.toBoc().toString('base64') }]
        })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ ok: true, result: { '@type': 'smc.libraryResult', result } }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const upstream = forkUpstream(
      createTonApiClient({
        url: `http://127.0.0.1:${port}/api/v2/jsonRPC`,
        rps: Number.POSITIVE_INFINITY,
      }),
      { attempts: 1 },
    )
    return { upstream, asked, close: () => new Promise<void>((r) => server.close(() => r())) }
  }
  const hashes = [...recorded.libraries.keys(), ...UNKNOWN.map((h) => h.toString('hex'))] // 3 + 17

  test('a refused request is asked again in halves, not taken as "no getLibraries"', async () => {
    const limited = await limitedUpstream(4)
    try {
      const answer = await limited.upstream.libraries(hashes)
      expect([...answer.found.keys()].sort()).toEqual([...recorded.libraries.keys()].sort())
      expect(answer).toMatchObject({ refused: [], answered: true })
      // 20 hashes: 16 refused → 8 refused → 4 + 4, 4 refused → … ; then the last 4.
      expect(limited.asked[0]).toBe(16)
      expect(Math.max(...limited.asked.slice(1))).toBeLessThanOrEqual(16)
      expect(limited.asked.filter((n) => n <= 4).reduce((a, b) => a + b, 0)).toBe(20)
    } finally {
      await limited.close()
    }
  })

  test('an upstream that refuses the method itself: FORK_REJECTED once every piece was refused', async () => {
    const none = await limitedUpstream(0)
    try {
      const refused = await none.upstream.libraries(hashes.slice(0, 3)).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ForkError)
      expect((refused as ForkError).code).toBe('FORK_REJECTED')
    } finally {
      await none.close()
    }
  })
})
