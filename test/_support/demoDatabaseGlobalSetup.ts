/**
 * Vitest global setup: one temporary folder for the run where the demo databases are built,
 * once per demo size, by the first test file that needs one (`demoExchange.ts`); its path is
 * provided to the tests as `demoDatabaseDir`. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    demoDatabaseDir: string | undefined
  }
}

let dir: string | undefined

export function setup(project: TestProject): void {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-demo-'))
  project.provide('demoDatabaseDir', dir)
}

export function teardown(): void {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  dir = undefined
}
