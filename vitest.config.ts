import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'test/**/*.test.ts'],
    retry: 0,
    testTimeout: 60_000,
    reporters: ['default'],
  },
})
