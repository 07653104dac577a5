import { spawn } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * `ton-dex-lab <args>` (`serve …`) in a child process, as a user runs it; resolves once its
 * banner printed the URL it listens on and `ready` (a banner line) — or rejects with what it
 * wrote to stderr if it exits first.
 */
export function spawnServe(
  args: readonly string[],
  ready: string,
): Promise<{
  url: string
  kill(): Promise<void>
  /** Sends `signal` and resolves with the exit code once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<number | null>
  /** What it wrote to stderr and stdout so far. */
  output(): { out: string; err: string }
}> {
  const child = spawn(process.execPath, ['bin/ton-dex-lab.js', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /listening on (http:\/\/[^\s,]+)/.exec(out)?.[1]
      if (url !== undefined && out.includes(ready)) {
        resolve({
          url,
          kill: async () => {
            child.kill('SIGKILL')
            await exited
          },
          stop: async (signal) => {
            child.kill(signal)
            return exited
          },
          output: () => ({ out, err }),
        })
      }
    })
    void exited.then(() => reject(new Error(`the server exited: ${err}`)))
  })
}
