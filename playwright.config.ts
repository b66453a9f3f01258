import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.SIEVE_E2E_PORT ?? 4173);
/** Another build folder (`vite build --outDir X`), so parallel runs do not rebuild each other's app. */
const OUT_DIR = process.env.SIEVE_E2E_OUT ? ` --outDir ${process.env.SIEVE_E2E_OUT}` : '';

/** Debian's Chromium; Playwright's own browser download is not available here. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-webgpu'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 180_000,
  expect: { timeout: 60_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    // The service worker (src/sw/sw.ts) caches the model files a test may reroute or count, and
    // fetches the bundled model in the background of every fresh context: the suite runs without
    // it, and the tests about it (e2e/offline.spec.ts) allow it. SIEVE_E2E_SW=allow runs all with it.
    serviceWorkers: process.env.SIEVE_E2E_SW === 'allow' ? 'allow' : 'block',
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort${OUT_DIR}`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // The random-weight test models are served to tests only (vite/model-folders.ts).
    env: { SIEVE_TEST_MODELS: '1' },
  },
});
