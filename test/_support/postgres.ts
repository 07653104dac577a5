/**
 * A throwaway PostgreSQL cluster for tests: Debian's `postgresql` binaries
 * (`/usr/lib/postgresql/<version>/bin`), `initdb` in a temporary folder, the server listening on
 * 127.0.0.1 only at a free port (its socket in that folder), run as an unprivileged user when
 * the tests run as root (PostgreSQL refuses root: `runuser -u nobody`), stopped and removed at
 * the end. Durability is off (`fsync`, `synchronous_commit`): the cluster dies with the run.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian installs the server binaries; the newest version wins. */
const DEBIAN_ROOT = '/usr/lib/postgresql'

/**
 * The folder holding `initdb`, `pg_ctl` and `postgres`, or `undefined` when PostgreSQL is not
 * installed (`PG_BIN` overrides the search).
 */
export function postgresBinaries(): string | undefined {
  const override = process.env.PG_BIN
  if (override !== undefined) return existsSync(join(override, 'initdb')) ? override : undefined
  if (!existsSync(DEBIAN_ROOT)) return undefined
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(join(DEBIAN_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(DEBIAN_ROOT, versions[0], 'bin')
}

/** A running throwaway cluster. */
export type TestPostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  readonly url: string
  /** Stops the server and removes its folder. */
  stop(): void
}

/** An unprivileged system user to run the server as when this process is root. */
const UNPRIVILEGED_USER = 'nobody'

/**
 * Starts a cluster with the binaries in `bin`; see the module comment.
 *
 * @example
 * ```ts
 * const pg = await startTestPostgres(postgresBinaries() as string)
 * pg.url // 'postgres://postgres@127.0.0.1:40123/postgres'
 * pg.stop()
 * ```
 */
export async function startTestPostgres(bin: string): Promise<TestPostgres> {
  const asRoot = process.getuid?.() === 0
  // As root the folder must be reachable by the unprivileged user: /tmp, whatever TMPDIR says
  // (a TMPDIR under /root is not).
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'ton-dex-lab-pg-'))
  const data = join(dir, 'data')
  if (asRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, UNPRIVILEGED_USER], { encoding: 'utf8' }).trim())
    chownSync(dir, id('-u'), id('-g'))
  }
  const run = (program: string, args: readonly string[]) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', UNPRIVILEGED_USER, '--', join(bin, program), ...args]]
      : [join(bin, program), [...args]]
    const result = spawnSync(command, argv as string[], { encoding: 'utf8', cwd: dir })
    if (result.status !== 0) {
      throw new Error(
        `${program} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
      )
    }
  }
  let started = false
  const stop = () => {
    if (started) {
      started = false
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // Removed below either way.
      }
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ])
    const port = await freePort()
    const options = [
      '-h 127.0.0.1',
      `-p ${port}`,
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ')
    started = true
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start'])
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
