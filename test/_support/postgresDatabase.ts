/**
 * A fresh database per test suite in the run's throwaway PostgreSQL cluster
 * (`postgresGlobalSetup.ts`).
 */
import pg from 'pg'
import { inject } from 'vitest'

/**
 * The cluster's URL, or `undefined` when PostgreSQL is not installed on a developer's machine
 * (then the caller skips, and this warns once per file). In CI (`CI=true`) a missing
 * PostgreSQL fails instead.
 */
export function testPostgresUrl(suite: string): string | undefined {
  const url = inject('postgresUrl')
  if (url === undefined) {
    if (process.env.CI === 'true') {
      throw new Error('no PostgreSQL in CI: apt-get install -y postgresql')
    }
    console.warn(`${suite}: PostgreSQL skipped, not available (apt-get install -y postgresql)`)
  }
  return url
}

let counter = 0

/**
 * Creates an empty database in the cluster at `clusterUrl` and returns its URL and a drop.
 *
 * @example
 * ```ts
 * const db = await createTestDatabase(url)
 * const store = await createPostgresStore({ url: db.url })
 * await store.close(); await db.drop()
 * ```
 */
export async function createTestDatabase(
  clusterUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${process.pid}_${Date.now().toString(36)}_${counter++}`
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: clusterUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
