import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests spawn child processes and SQLite files; two workers match the 2-core machines CI runs on.
    maxWorkers: 2,
    reporters: ['default', './tests/support/summaryReporter.ts'],
    setupFiles: ['./tests/support/registerSources.ts'],
    globalSetup: ['./tests/support/tempRoot.ts'],
  },
});
