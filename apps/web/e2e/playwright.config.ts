import { defineConfig, devices } from '@playwright/test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A port of its own per run, so that runs side by side do not meet; workers inherit it through the environment.
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 700))
const port = Number(process.env.E2E_PORT)
const dataDir = join(tmpdir(), `portal-e2e-${port}`)
const root = new URL('../../..', import.meta.url).pathname

// Debian's Chromium, never a downloaded browser.
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  },
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // The service worker answers the page's requests where page.route cannot see them: journeys run without it,
  // except offline.spec.ts, which is about it (test.use({ serviceWorkers: 'allow' })).
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'off', screenshot: 'only-on-failure', serviceWorkers: 'block' },
  outputDir: join(tmpdir(), 'portal-e2e-results'),
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 900 } } },
    { name: 'phone', use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true } },
  ],
  webServer: {
    // A fresh embedded database for every run, loaded with the demo data on start.
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/site`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
