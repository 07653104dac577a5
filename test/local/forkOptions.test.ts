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
})
