import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 30000,
    // Threads start faster than forks (about 10 s less over the suite on two cores); no test needs a process of its own.
    pool: 'threads',
  },
})
