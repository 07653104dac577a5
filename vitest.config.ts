import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      '{core,protocol,contracts-fixtures,emulator,upstream,chain,indexer,demo,local,service,store,test}/**/*.test.ts',
    ],
    setupFiles: ['test/_support/fastCells.ts'],
    // One throwaway PostgreSQL cluster for the run when PostgreSQL is installed.
    // One folder for the run's demo databases, built once per demo size (demoExchange.ts).
    globalSetup: [
      'test/_support/postgresGlobalSetup.ts',
      'test/_support/demoDatabaseGlobalSetup.ts',
    ],
    retry: 0,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
