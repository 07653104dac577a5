import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCli } from '../../local/cli.js'
import { parseServeOptions } from '../../local/serveOptions.js'
import { canonicalAddressText } from '../../protocol/addressText.js'

const ROOT = join(import.meta.dirname, '..', '..')
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-main-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Starts `ton-dex-lab serve` (what `npm start` runs) on a free loopback port; resolves with its
 * first output lines.
 */
function start(db: string): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(
    process.execPath,
    ['bin/ton-dex-lab.js', 'serve', '--port', '0', '--db', db],
    {
      cwd: ROOT,
      // A short demo scenario keeps the test fast; `npm start` runs the full one.
      env: {
        ...process.env,
        PORT: undefined,
        HOST: undefined,
        DB_PATH: undefined,
        DEMO_SWAPS: '6',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ctrl-C stops it.')) resolve({ child, lines: out.trim().split('\n') })
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)))
  })
}

/** Sends `signal`; resolves with the exit code. */
function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.on('exit', (code) => resolve(code))
    child.kill(signal)
  })
}

describe('npm start (ton-dex-lab serve)', () => {
  test('npm start and the ton-dex-lab command are one entry', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
      bin: Record<string, string>
    }
    expect(pkg.scripts.start).toBe('node bin/ton-dex-lab.js serve')
    expect(pkg.bin['ton-dex-lab']).toBe('bin/ton-dex-lab.js')
  })

  test('default: creates and seeds the database, prints the URLs, serves the API and docs', async () => {
    const db = join(dir, 'data', 'ton-dex-lab.sqlite')
    const { child, lines } = await start(db)
    try {
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines[0] ?? '')?.[1]
      expect(base).toBeDefined()
      expect(lines[1]).toContain(`${base}/swagger-ui/`)
      expect(lines[2]).toContain(`${base}/redoc`)
      expect(lines[3]).toContain('demo market seeded')
      expect(existsSync(db)).toBe(true)
      // The test wallets are printed, and served with the TON HTTP API on the same port.
      const { wallets } = (await (await fetch(`${base}/local/wallets`)).json()) as {
        wallets: { name: string; address: string; mnemonic: string }[]
      }
      expect(wallets).toHaveLength(5)
      for (const w of wallets) {
        expect(lines.some((l) => l.includes(w.address))).toBe(true)
        expect(lines.some((l) => l.includes(w.mnemonic))).toBe(true)
      }
      const info = await fetch(`${base}/api/v2/getMasterchainInfo`)
      expect(((await info.json()) as { ok: boolean }).ok).toBe(true)
      const routers = (await (await fetch(`${base}/v1/routers`)).json()) as {
        router_list: unknown[]
      }
      // DEX v1, and DEX v2 routers of every pool kind (constant product, stableswap, weighted
      // constant product, weighted stableswap), all emulated.
      expect(routers.router_list).toHaveLength(5)
      expect((await fetch(`${base}/swagger-ui/`)).status).toBe(200)
      expect(await (await fetch(`${base}/redoc`)).text()).toContain('redoc.standalone.js')
      expect((await fetch(`${base}/redoc/redoc.standalone.js`)).status).toBe(200)
    } finally {
      expect(await stop(child)).toBe(0)
    }
    const again = await start(db)
    expect(await stop(again.child, 'SIGINT')).toBe(0)
    expect(again.lines[3]).not.toContain('seeded')
  })
})

describe('signals during start-up', () => {
  test('behavior: SIGINT during start-up stops once it is up: exit 0, a whole database', async () => {
    const db = join(dir, 'interrupted.sqlite')
    const child = spawn(
      process.execPath,
      ['bin/ton-dex-lab.js', 'serve', '--port', '0', '--db', db, '--demo-swaps', '6'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    let sent = false
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString()
        if (err.includes('Starting the local exchange') && !sent) {
          sent = true
          child.kill('SIGINT')
        }
      })
      child.on('exit', (exit) => resolve(exit))
    })
    expect(code).toBe(0)
    expect(err).toContain('stopping as soon as the start-up step in progress ends')
    expect(out).not.toContain('listening on')
    // The build finished before it stopped: the next start resumes it, nothing to seed.
    expect(existsSync(db)).toBe(true)
    const again = await start(db)
    expect(await stop(again.child)).toBe(0)
    expect(again.lines[3]).not.toContain('seeded')
  })
})

describe('parseServeOptions', () => {
  test('default: ./data/ton-dex-lab.sqlite on 127.0.0.1:8080', () => {
    expect(parseServeOptions([], {})).toEqual({
      dbPath: './data/ton-dex-lab.sqlite',
      host: '127.0.0.1',
      port: 8080,
    })
  })

  test('behavior: flags beat the environment, which beats the defaults', () => {
    expect(parseServeOptions([], { PORT: '9000', DB_PATH: '/tmp/x.sqlite' })).toEqual({
      dbPath: '/tmp/x.sqlite',
      host: '127.0.0.1',
      port: 9000,
    })
    expect(parseServeOptions(['--port', '9100', '--db', 'a.sqlite'], { PORT: '9000' })).toEqual({
      dbPath: 'a.sqlite',
      host: '127.0.0.1',
      port: 9100,
    })
    expect(parseServeOptions(['--demo-swaps', '40'], { DEMO_SWAPS: '9' }).demoSwaps).toBe(40)
    expect(parseServeOptions([], { DEMO_SWAPS: '9' }).demoSwaps).toBe(9)
    expect(() => parseServeOptions(['--demo-swaps', '-1'], {})).toThrow(/demo-swaps/)
    expect(() => parseServeOptions(['--port', '70000'], {})).toThrow(/port/)
    expect(() => parseServeOptions(['--verbose'], {})).toThrow(/Unknown option/)
    expect(parseServeOptions(['--no-cors'], {}).cors).toBe(false)
    expect(parseServeOptions([], { CORS: 'off' }).cors).toBe(false)
    expect(parseServeOptions([], {}).cors).toBeUndefined()
  })

  test('behavior: --block-time (BLOCK_TIME) takes seconds, at least 0.1', () => {
    expect(parseServeOptions(['--block-time', '5'], { BLOCK_TIME: '9' }).blockTime).toBe(5)
    expect(parseServeOptions([], { BLOCK_TIME: '0.5' }).blockTime).toBe(0.5)
    expect(parseServeOptions([], {}).blockTime).toBeUndefined()
    for (const bad of ['0', '-1', 'soon', '0.05'])
      expect(() => parseServeOptions(['--block-time', bad], {}), bad).toThrow(/block-time/)
  })

  test('behavior: --venues names venue minters in any address form (canonical, once each); a bad item is one line naming the field, exit 2', async () => {
    const raw = `0:${'41'.repeat(32)}`
    const canonical = canonicalAddressText(raw) as string
    const follow = ['--follow', 'http://127.0.0.1:8080']
    expect(parseServeOptions([...follow, '--venues', `${raw}, ${canonical}`], {}).follow).toEqual({
      url: 'http://127.0.0.1:8080',
      mode: 'blocks',
      venues: [canonical],
    })
    expect(parseServeOptions(follow, {}).follow?.venues).toBeUndefined()
    const errors: string[] = []
    const code = await runCli(['serve', ...follow, '--venues', `${raw},minter`], {
      err: (line) => errors.push(line),
      env: {},
    })
    expect(code).toBe(2)
    expect(errors.join('\n').split('\n')[0]).toMatch(/venues.*item 2 \('minter'\)/)
  })
})
