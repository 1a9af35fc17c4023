import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/longest-first.ts';

// Unit and server tests. End-to-end journeys have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}', 'tests/shared/**/*.test.ts'],
          setupFiles: ['tests/web/setup.ts'],
          // As the server's: each worker imports React, the app and its mocks once for all its files rather than once
          // per file (two thirds of the step's time). tests/web/setup.ts leaves each file an empty page.
          isolate: false,
          // Timeouts only catch a hang; a machine running other work beside the check may be many times
          // slower than an idle one, and a correct test must not fail for it.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll's own default is a second.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/support/database-template.ts'],
          // Each worker imports the app once for all its files rather than once per file (a fifth of the
          // step's time). Nothing a file changes outlives it: each builds its own app on its own database.
          isolate: false,
          // As for the web's: only a hang may time out, whatever else the machine runs.
          testTimeout: 900_000,
          hookTimeout: 900_000,
          // expect.poll's own default is a second.
          expect: { poll: { timeout: 120_000 } },
        },
      },
    ],
  },
});
