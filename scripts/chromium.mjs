// Finds Debian's Chromium for the browser tests, installing it with apt-get when we are root and it is missing.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM
  const root = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!root || !hasApt) {
    console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install the package "chromium" (apt-get install -y chromium) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  console.log('Installing the Debian package "chromium" for the browser tests...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  if (res.status !== 0 || !existsSync(CHROMIUM)) {
    console.error('Installing the Debian package "chromium" failed; install it by hand: apt-get install -y chromium')
    process.exit(1)
  }
  return CHROMIUM
}
