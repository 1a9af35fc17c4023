import { defineConfig } from 'vitest/config';

// End-to-end journeys: the production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    // Only a hang may time out: a journey's own waits (SERVER_WAIT) say what a person would wait for, and a journey
    // on a machine running other checks beside it may take several times as long as on an idle one.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // expect.poll's own default is a second: as long as any other wait of a journey (SERVER_WAIT).
    expect: { poll: { timeout: 180_000 } },
    fileParallelism: false,
  },
});
