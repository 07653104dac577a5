/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run (see `postgres.ts`),
 * its URL provided to the tests as `postgresUrl` (`undefined` when PostgreSQL is not installed;
 * the PostgreSQL suites then skip with a notice, except in CI, where they fail). Each suite
 * creates its own database in it (`createTestDatabase`).
 */
import type { TestProject } from 'vitest/node'
import { postgresBinaries, startTestPostgres, type TestPostgres } from './postgres.js'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined
  }
}

let cluster: TestPostgres | undefined

export async function setup(project: TestProject): Promise<void> {
  const bin = postgresBinaries()
  if (bin !== undefined) {
    try {
      cluster = await startTestPostgres(bin)
    } catch (error) {
      // In CI a cluster that cannot start fails the run; elsewhere its suites skip (with the
      // notice of postgresDatabase.ts) and the reason is shown once here.
      if (process.env.CI === 'true') throw error
      console.warn(`PostgreSQL installed but not started, its tests skip: ${String(error)}`)
    }
  }
  project.provide('postgresUrl', cluster?.url)
}

export function teardown(): void {
  cluster?.stop()
  cluster = undefined
}
