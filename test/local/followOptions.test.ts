import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { runCli } from '../../local/cli.js'
import { parseServeOptions } from '../../local/serveOptions.js'
import { thrown } from '../_support/thrown.js'

const FARM = 'EQAn3Pp_dLldBW4nlopcw8XPlft7FSooYVNqUXbhuRPhAJtM'
const STAKING = 'EQB6rmUraBVdsChbN-XhWw-GJujEC1mtNWXFLMD81HRtKF3_'

describe('serve --follow --farms / --staking', () => {
  test('default: canonical address lists; absent, the upstream names them', () => {
    const raw = `0:${'ab'.repeat(32)}`
    const follow = parseServeOptions(
      ['--follow', 'http://127.0.0.1:8080', '--farms', `${FARM}, ${raw}`, '--staking', STAKING],
      {},
    ).follow
    expect(follow?.farms).toEqual([FARM, Address.parseRaw(raw).toString()])
    expect(follow?.staking).toEqual([STAKING])
    const plain = parseServeOptions(['--follow', 'http://127.0.0.1:8080'], {}).follow
    expect(plain).not.toHaveProperty('farms')
    expect(plain).not.toHaveProperty('staking')
  })

  test('behavior: a bad address is one line naming the field, and exit 2', async () => {
    const field = (argv: string[]) =>
      (thrown(() => parseServeOptions(['--follow', 'http://x', ...argv], {})) as { field?: string })
        .field
    expect(field(['--farms', `${FARM},nope`])).toBe('farms')
    expect(field(['--farms', ''])).toBe('farms')
    expect(field(['--staking', 'EQ123'])).toBe('staking')
    const errors: string[] = []
    const code = await runCli(['serve', '--follow', 'http://127.0.0.1:9', '--staking', 'EQ123'], {
      out: () => {},
      err: (line) => errors.push(line),
      env: {},
    })
    expect(code).toBe(2)
    const first = errors.join('\n').split('\n')[0] ?? ''
    expect(first).toMatch(/staking/)
    expect(first).toMatch(/EQ123/)
  })
})
