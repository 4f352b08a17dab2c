import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // A test file a core: Vitest's default leaves one core free (one file at a time on a 2-core machine), while a
    // file of API tests waits on its database about as much as it computes. Every file has its own database and
    // listens on port 0, so files never meet.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'api',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Screens load lazily (their own chunks): on a busy machine a walk through every route takes a while.
          testTimeout: 30_000,
        },
      },
    ],
  },
})
