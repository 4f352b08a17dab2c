// Draws the web app's install icons (apps/web/public/icons/*.png) from the distributor's mark, the same
// drawing as apps/web/public/favicon.svg, in Debian's Chromium. The PNGs are committed; run this again
// only when the mark changes: node scripts/make-icons.mjs
import { chromium } from '@playwright/test'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public')
const mark = await readFile(join(web, 'favicon.svg'), 'utf8')
// The mark's drawing without its rounded square: a full-bleed square for the maskable icon, whose
// outer 10% the platform may crop (the drawing stays in the middle 80%).
const drawing = /<path[^>]*\/>/.exec(mark)?.[0]
if (!drawing) throw new Error('favicon.svg has no path to draw')
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="#1f5f3a"/>${drawing}</svg>`
// Apple touch icons are shown on an opaque square the platform rounds itself.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 38 38"><rect x="-3" y="-3" width="38" height="38" fill="#1f5f3a"/>${drawing}</svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: square },
]

await mkdir(join(web, 'icons'), { recursive: true })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`)
    await page.screenshot({ path: join(web, 'icons', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    await page.close()
    console.log(`icons/${file} ${size}x${size}`)
  }
} finally {
  await browser.close()
}
