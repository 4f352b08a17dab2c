import { defineConfig, devices } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Whether nothing listens on the port right now (asked of a child process, as the config is read synchronously). */
const isFree = (port: number) =>
  spawnSync(process.execPath, [
    '-e',
    `require('node:net').createServer().once('error', () => process.exit(1)).listen(${port}, '127.0.0.1', () => process.exit(0))`,
  ]).status === 0

/** A random port in 3200-3899 that is free now: the machine is shared with other runs and other servers. */
function choosePort(): number {
  for (let i = 0; i < 20; i++) {
    const port = 3200 + Math.floor(Math.random() * 700)
    if (isFree(port)) return port
  }
  throw new Error('no free port in 3200-3899 for the browser journeys')
}

// A port of its own per run, so that runs side by side do not meet; workers inherit it through the environment.
process.env.E2E_PORT ??= String(choosePort())
const port = Number(process.env.E2E_PORT)
const dataDir = join(tmpdir(), `portal-e2e-${port}`)
const root = new URL('../../..', import.meta.url).pathname

// Debian's Chromium, never a downloaded browser.
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Budgets, not waits: the journeys wait on events (an answer, an element, a message). On a 2-core machine shared
  // by several people (load average 20-35) one API answer can take over 10 s and a journey several minutes.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // The service worker answers the page's requests where page.route cannot see them: journeys run without it,
  // except offline.spec.ts, which is about it (test.use({ serviceWorkers: 'allow' })).
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'off', screenshot: 'only-on-failure', serviceWorkers: 'block' },
  // Its own results folder too: a run starting beside this one empties its own folder, not this run's.
  outputDir: join(tmpdir(), `portal-e2e-results-${port}`),
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 900 } } },
    { name: 'phone', use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true } },
  ],
  webServer: {
    // A fresh embedded database for every run, loaded with the demo data on start.
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/site`,
    // Ready when this very server says it listens, not when something answers at the port (another run's server
    // would). Loading the demo data takes a few seconds alone and minutes on a busy machine.
    wait: { stdout: /Trade ordering portal is running at/ },
    timeout: 300_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
