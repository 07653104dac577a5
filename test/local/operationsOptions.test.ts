import { expect, test } from 'vitest'
import { runCli } from '../../local/cli.js'
import { parseServeOptions } from '../../local/serveOptions.js'
import { thrown } from '../_support/thrown.js'

test('--log-level and --max-lag: parsed, else from LOG_LEVEL and MAX_LAG', () => {
  expect(parseServeOptions(['--log-level', 'info', '--max-lag', '2.5'], {})).toMatchObject({
    logLevel: 'info',
    maxLagSeconds: 2.5,
  })
  expect(parseServeOptions([], { LOG_LEVEL: 'debug', MAX_LAG: '30' })).toMatchObject({
    logLevel: 'debug',
    maxLagSeconds: 30,
  })
  const plain = parseServeOptions([], { LOG_LEVEL: '' })
  expect(plain).not.toHaveProperty('logLevel')
  expect(plain).not.toHaveProperty('maxLagSeconds')
})

test('a bad --max-lag or --log-level: one line naming the option, exit 2', async () => {
  const field = (argv: string[], env = {}) =>
    (thrown(() => parseServeOptions(argv, env)) as { field?: string }).field
  expect(field(['--max-lag', 'abc'])).toBe('max-lag')
  expect(field(['--max-lag', '-5'])).toBe('max-lag')
  expect(field(['--log-level', 'loud'])).toBe('log-level')
  expect(field([], { LOG_LEVEL: 'LOUD' })).toBe('log-level')
  for (const [argv, name, value] of [
    [['--max-lag', 'abc'], 'max-lag', 'abc'],
    [['--log-level', 'loud'], 'log-level', 'loud'],
  ] as const) {
    const errors: string[] = []
    const code = await runCli(['serve', ...argv], {
      out: () => {},
      err: (line) => errors.push(line),
      env: {},
    })
    expect(code).toBe(2)
    const first = errors.join('\n').split('\n')[0] ?? ''
    expect(first).toContain(name)
    expect(first).toContain(value)
  }
})
