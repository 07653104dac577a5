import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HASH_EXACT_TX,
  loadTxEmulation,
  type RecordedChain,
  type TxEmulationVector,
} from '../test/_support/mainnetData.js'
import {
  type RecordedToncenter,
  startRecordedToncenter,
} from '../test/_support/recordedToncenter.js'
import { emulatedVectorTx, vectorRetraceChain } from '../test/_support/vectorRetrace.js'
import { runCli } from './cli.js'

// `ton-dex-lab retrace` against a recorded toncenter serving recorded mainnet inputs
// (ston-fi/ton-rs emulation vectors, test/data/mainnet/README.md).

async function chainOf(
  v: TxEmulationVector,
  libraries: boolean,
): Promise<{ chain: RecordedChain; hash: string }> {
  const tx = await emulatedVectorTx(v)
  return { chain: vectorRetraceChain(v, tx, { libraries }), hash: tx.hash().toString('hex') }
}

async function cli(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} })
  return { code, out, err }
}

describe('ton-dex-lab retrace', () => {
  let exact: RecordedToncenter
  let pool: RecordedToncenter
  let noLibs: RecordedToncenter
  let poolHash: string
  beforeAll(async () => {
    exact = await startRecordedToncenter({
      chain: (await chainOf(loadTxEmulation('hashExact'), true)).chain,
    })
    const swap = await chainOf(loadTxEmulation('stonfiPoolSwap'), true)
    poolHash = swap.hash
    pool = await startRecordedToncenter({ chain: swap.chain })
    noLibs = await startRecordedToncenter({
      chain: (await chainOf(loadTxEmulation('stonfiPoolSwap'), false)).chain,
    })
  })
  afterAll(async () => {
    await exact?.close()
    await pool?.close()
    await noLibs?.close()
  })

  it('exit 0 for an identical replay, with the exchange reading', async () => {
    const r = await cli(['retrace', poolHash, '--upstream', pool.url, '--rps', 'unlimited'])
    expect(r.err).toEqual([])
    expect(r.code).toBe(0)
    expect(r.out[1]).toBe(`replay: identical (hash ${poolHash})`)
    expect(r.out.join('\n')).toMatch(/exchange: v2 pool, swap/)
    expect(r.out.join('\n')).toMatch(
      /mainnet paid: swap_ok, out 2892983911685313, referral 2901688978622 — exactly the quote/,
    )
    const e = await cli([
      'retrace',
      HASH_EXACT_TX,
      '--upstream',
      exact.url,
      '--rps',
      'unlimited',
      '--json',
    ])
    expect(e.code).toBe(0)
    expect(JSON.parse(e.out.join('\n')).target).toMatchObject({
      status: 'identical',
      replayedHash: HASH_EXACT_TX,
    })
  })

  it('exit 1 for a different replay, the field and the absent library named', async () => {
    const r = await cli(['retrace', poolHash, '--upstream', noLibs.url, '--rps', 'unlimited'])
    expect(r.code).toBe(1)
    expect(r.out[1]).toBe('replay: DIFFERENT at compute exit code: chain 0, replay 9')
    expect(r.out).toContain(
      '  cause: library a9338ecd624ca15d37e4a8d9bf677ddc9b84f0e98f05f2fb84c7afe332a281b4 absent',
    )
  })

  it('exit 2 with one line naming the field or the method, nothing on out', async () => {
    for (const [args, line] of [
      [['retrace', 'xyz', '--upstream', pool.url], /^retrace: tx: 'xyz' is not a transaction hash/],
      [['retrace', poolHash], /^retrace: upstream: --upstream <TON API URL> is required/],
      [['retrace', poolHash, '--upstream', 'ftp://x'], /upstream/],
      [['retrace', poolHash, '--upstream', pool.url, '--rps', '-1'], /rps/],
      [
        ['retrace', 'ab'.repeat(32), '--upstream', pool.url, '--rps', 'unlimited'],
        /^retrace: tx: the upstream knows no transaction/,
      ],
      [
        [
          'retrace',
          `${loadTxEmulation('stonfiPoolSwap').account.toString()}:5`,
          '--upstream',
          pool.url,
          '--rps',
          'unlimited',
        ],
        /^retrace: lt: /,
      ],
    ] as const) {
      const r = await cli([...args])
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.out).toEqual([])
      expect(r.err[0]).toMatch(line)
    }
  })
})
