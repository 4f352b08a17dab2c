// npm run test:e2e: the Playwright journeys against the built portal, in Debian's Chromium.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'
import { ensureBuilt } from './ensure-built.mjs'

ensureChromium()
ensureBuilt()
const res = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
})
process.exit(res.status ?? 1)
