/**
 * The demo exchange of a test file, started from a COPY of a demo database built once per run.
 *
 * A first start of `startLocalExchange` on a new SQLite database builds the demo market through
 * the chain (`buildLocalDatabase`: in `<db>.building`, renamed when whole), then opens the file.
 * Most test files only need a demo exchange, not its build: {@link startDemoExchange} builds the
 * file of each demo size once per run (in the folder of `demoDatabaseGlobalSetup.ts`, under a
 * lock, by the first test file that asks), copies it to the test's own path and starts the
 * exchange there: the same bytes the first start opens, without its build. Each test file gets
 * its own copy, so tests that write never share a database. Tests of the first start itself
 * (`datedHistory`, `firstStartKill`, `restart`, the subprocess tests) still build from scratch.
 */
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject } from 'vitest'
import { buildLocalDatabase } from '../../local/node/localNode.js'
import {
  type RunningLocalExchange,
  type StartLocalExchangeOptions,
  startLocalExchange,
} from '../../local/startLocalExchange.js'

/** How long a test file waits for another one's build of the same demo. */
const WAIT_MS = 300_000

/**
 * `startLocalExchange(options)` over a copy of the run's demo database of `options.demo` and
 * `options.demoSwaps`, written to `options.dbPath` (which must not exist), or for `':memory:'`
 * to a file of its own, removed at `close()`. `seeded` is `false` (the copy was seeded by the
 * run's build). Without the global setup (another config) it is `startLocalExchange(options)`.
 *
 * @example
 * ```ts
 * const exchange = await startDemoExchange({ dbPath: ':memory:', host: '127.0.0.1', port: 0, demoSwaps: 2 })
 * ```
 */
export async function startDemoExchange(
  options: StartLocalExchangeOptions,
): Promise<RunningLocalExchange> {
  if (options.datedHistory === true || options.databaseUrl !== undefined)
    throw new Error('startDemoExchange: a dated or PostgreSQL first start builds its own demo')
  const dir = inject('demoDatabaseDir')
  if (dir === undefined) return startLocalExchange(options)
  const memory = options.dbPath === ':memory:' || options.dbPath === ''
  if (!memory && existsSync(options.dbPath))
    throw new Error(`startDemoExchange: ${options.dbPath} exists; a demo copy needs a new path`)
  const template = await demoDatabase(dir, options)
  let dbPath = options.dbPath
  if (memory) {
    mkdirSync(join(dir, 'copies'), { recursive: true })
    dbPath = join(dir, 'copies', `${randomUUID()}.sqlite`)
  }
  copyFileSync(template, dbPath)
  const exchange = await startLocalExchange({ ...options, dbPath })
  if (!memory) return exchange
  return {
    ...exchange,
    close: async () => {
      await exchange.close()
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
    },
  }
}

/**
 * The path of the run's demo database of `demo` and `demoSwaps`, built now when no test file
 * has built it yet (one builder at a time: a lock folder; the others wait for the file).
 */
async function demoDatabase(dir: string, options: StartLocalExchangeOptions): Promise<string> {
  const demo = options.demo ?? 'scenario'
  const key = demo === 'reference' ? 'reference' : `scenario-${options.demoSwaps ?? 'default'}`
  const file = join(dir, `${key}.sqlite`)
  const lock = join(dir, `${key}.lock`)
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    if (existsSync(file)) return file
    try {
      mkdirSync(lock)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (Date.now() > deadline) throw new Error(`startDemoExchange: ${key} not built in time`)
      await sleep(100)
      continue
    }
    try {
      if (existsSync(file)) return file
      const built = join(lock, 'demo.sqlite')
      await buildLocalDatabase({
        ...{ dbPath: built, host: '127.0.0.1', port: 0 },
        ...{ demo, demoSwaps: options.demoSwaps },
      })
      renameSync(built, file)
      return file
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}
