import { defineConfig } from 'vitest/config';

// End-to-end journeys: the production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 150_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
