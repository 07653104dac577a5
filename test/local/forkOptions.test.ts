import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { parseServeOptions } from '../../local/serveOptions.js'
import { canonicalAddressText } from '../../protocol/addressText.js'
import { thrown } from '../_support/thrown.js'

describe('serve --fork options', () => {
  test('--fork with its block, key, rate and cache switch', () => {
    const options = parseServeOptions(
      [
        '--fork',
        'https://toncenter.com/api/v2/jsonRPC',
        '--fork-seqno',
        '-3',
        '--rps',
        '10',
        '--fork-no-cache',
      ],
      { TONCENTER_API_KEY: 'k1' },
    )
    expect(options.fork).toEqual({
      url: 'https://toncenter.com/api/v2/jsonRPC',
      seqno: -3,
      apiKey: 'k1',
      rps: 10,
      noCache: true,
    })
    expect(options.follow).toBeUndefined()
    expect(
      parseServeOptions(
        ['--fork', 'http://127.0.0.1:8080', '--rps', 'unlimited', '--api-key', 'k2'],
        {},
      ).fork,
    ).toEqual({ url: 'http://127.0.0.1:8080', apiKey: 'k2', rps: Number.POSITIVE_INFINITY })
  })

  test('--fork-fund-from: repeatable or a comma list of <jetton>=<holder>, canonical', () => {
    const usdt = `0:${'11'.repeat(32)}`
    const lp = `0:${'22'.repeat(32)}`
    const holder = `0:${'33'.repeat(32)}`
    const friendly = Address.parse(holder).toString({ bounceable: false })
    const canonical = (raw: string) => canonicalAddressText(raw)!
    const fundFrom = (argv: string[]) =>
      parseServeOptions(['--fork', 'http://127.0.0.1:8080', ...argv], {}).fork?.fundFrom
    const both = [
      { jetton: canonical(usdt), holder: canonical(holder) },
      { jetton: canonical(lp), holder: canonical(holder) },
    ]
    expect(
      fundFrom(['--fork-fund-from', `${usdt}=${holder}`, '--fork-fund-from', `${lp}=${friendly}`]),
    ).toEqual(both)
    expect(fundFrom(['--fork-fund-from', `${usdt}=${holder}, ${lp}=${friendly}`])).toEqual(both)
    expect(fundFrom([])).toBeUndefined()
  })

  test('bad values name their field', () => {
    const field = (argv: string[]) =>
      (thrown(() => parseServeOptions(argv, {})) as { field?: string }).field
    expect(field(['--fork', 'ftp://x'])).toBe('fork')
    expect(field(['--fork', 'http://x', '--fork-seqno', 'latest'])).toBe('fork-seqno')
    expect(field(['--fork', 'http://x', '--rps', '0'])).toBe('rps')
    expect(field(['--fork', 'http://x', '--follow', 'http://y'])).toBe('fork')
    // A negative number reaches its option's own check (Node's parser called it ambiguous).
    expect(field(['--fork', 'http://x', '--rps', '-1'])).toBe('rps')
    expect(field(['--follow', 'http://x', '--from-seqno', '-3'])).toBe('from-seqno')
    expect(field(['--port', '-5'])).toBe('port')
    const usdt = `0:${'11'.repeat(32)}`
    for (const bad of [
      usdt,
      `${usdt}=`,
      `${usdt}=nobody`,
      `x=${usdt}`,
      `${usdt}=${usdt}=${usdt}`,
    ]) {
      expect(field(['--fork', 'http://x', '--fork-fund-from', bad])).toBe('fork-fund-from')
    }
    expect(
      field(['--fork', 'http://x', '--fork-fund-from', `${usdt}=${usdt},${usdt}=${usdt}`]),
    ).toBe('fork-fund-from')
    // Without --fork there is no fork to fund.
    expect(field(['--fork-fund-from', `${usdt}=${usdt}`])).toBe('fork-fund-from')
  })

  test('--fork-seed reads a market seed in the import format; a bad one names its field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-seed-'))
    try {
      const router = {
        address: `0:${'11'.repeat(32)}`,
        major_version: 2,
        minor_version: 2,
        router_type: 'StableSwap',
        pton_master_address: `0:${'22'.repeat(32)}`,
        pton_wallet_address: `0:${'33'.repeat(32)}`,
        pton_version: '2.1',
      }
      const jetton = `0:${'44'.repeat(32)}`
      const pool = {
        address: `0:${'55'.repeat(32)}`,
        router_address: router.address,
        token0_address: `0:${'00'.repeat(32)}`,
        token1_address: jetton,
        reserve0: '0',
        reserve1: '0',
        lp_total_supply: '0',
        lp_fee: 20,
        protocol_fee: 10,
      }
      const good = join(dir, 'seed.json')
      writeFileSync(good, JSON.stringify({ routers: { router_list: [router] }, pools: [pool] }))
      const seed = parseServeOptions(['--fork', 'http://127.0.0.1:8080', '--fork-seed', good], {})
        .fork?.seed
      expect(seed?.market.routers.map((r) => r.routerType)).toEqual(['StableSwap'])
      expect(seed?.market.pools).toHaveLength(1)
      // The pool's jetton is not listed: named from its TEP-64 content on the fork; TON is TON.
      const listed = canonicalAddressText(jetton)!
      expect(seed?.unlistedAssets).toEqual([listed])
      expect(seed?.market.assets.map((a) => [a.symbol, a.kind])).toEqual([
        ['TON', 'Ton'],
        [listed.slice(-6), 'Jetton'],
      ])
      const bad = (content: string | undefined) => {
        const file = join(dir, 'bad.json')
        if (content !== undefined) writeFileSync(file, content)
        const args = [
          '--fork',
          'http://x',
          '--fork-seed',
          content === undefined ? join(dir, 'none.json') : file,
        ]
        const error = thrown(() => parseServeOptions(args, {})) as {
          field?: string
          message: string
        }
        return { field: error.field, message: error.message }
      }
      expect(bad(undefined)).toMatchObject({
        field: 'fork-seed',
        message: expect.stringMatching(/cannot read/),
      })
      expect(bad('{ routers')).toMatchObject({
        field: 'fork-seed',
        message: expect.stringMatching(/not valid JSON/),
      })
      expect(bad(JSON.stringify({ routers: [], pools: [pool] }))).toMatchObject({
        field: 'fork-seed',
        message: expect.stringMatching(
          /\$\.pools\[0\]\.router_address: router .* is not in the snapshot/,
        ),
      })
      // Without --fork it names nothing to seed.
      expect(
        (thrown(() => parseServeOptions(['--fork-seed', good], {})) as { field?: string }).field,
      ).toBe('fork-seed')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
