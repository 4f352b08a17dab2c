import { writeFileSync } from 'node:fs'
import { chromium, expect, test, type Page } from '@playwright/test'
import { api, isPhone, signIn } from './journey'

type Product = { ProductID: number; ProductCode: string; Description: string; Barcode: string | null }

const WIDTH = 640
const HEIGHT = 480
const FRAMES = 10

const codeBox = (page: Page, n: number) => page.getByRole('combobox', { name: `Product code, row ${n}`, exact: true })

/** A product trade may order whose barcode is an EAN-13, as the server draws it on labels. */
async function productWithBarcode(page: Page): Promise<Product & { Barcode: string }> {
  const popular = await api<Product[]>(page, 'GET', 'popular?warehouse=WAG&size=40')
  const found = popular.find((p) => p.Barcode && /^\d{13}$/.test(p.Barcode))
  expect(found).toBeTruthy()
  return found as Product & { Barcode: string }
}

/**
 * The server's own drawing of the barcode (GET /api/barcode/{barcode}, SVG), drawn by the page onto a white
 * 640x480 frame and turned into the luma plane of a YUV 4:2:0 frame: what a camera held over the label sees.
 */
async function barcodeFrame(page: Page, barcode: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ barcode, width, height }) => {
      const image = new Image()
      image.src = `/api/barcode/${barcode}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const g = canvas.getContext('2d')!
      g.fillStyle = '#fff'
      g.fillRect(0, 0, width, height)
      const drawnWidth = width * 0.8
      const drawnHeight = Math.min(height * 0.6, (drawnWidth * image.naturalHeight) / image.naturalWidth)
      g.drawImage(image, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight)
      const rgba = g.getImageData(0, 0, width, height).data
      let text = ''
      for (let i = 0; i < width * height; i++) {
        const luma = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!
        text += String.fromCharCode(Math.round(16 + (219 * luma) / 255))
      }
      return btoa(text)
    },
    { barcode, width: WIDTH, height: HEIGHT },
  )
  return Buffer.from(base64, 'base64')
}

/** A Y4M video (Chromium's fake camera input) of the same frame repeated, grey chroma. */
function y4m(luma: Buffer): Buffer {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)])
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
})

test('trade scans a product label with the camera and the product lands in the quick order grid', async ({ page }, info) => {
  const product = await productWithBarcode(page)
  const video = info.outputPath('barcode.y4m')
  writeFileSync(video, y4m(await barcodeFrame(page, product.Barcode)))

  // A browser of its own whose camera films the label.
  const launch = info.project.use.launchOptions ?? {}
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
  try {
    const context = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: info.project.use.viewport ?? null,
      hasTouch: info.project.use.hasTouch ?? false,
      permissions: ['camera'],
      serviceWorkers: 'block',
    })
    const phone = await context.newPage()
    await signIn(phone, 'trade', 'Trade2026')
    if (isPhone(phone)) await phone.getByRole('link', { name: 'Scan', exact: true }).click()
    else {
      await phone.goto('/quick-order')
      await phone.getByRole('button', { name: 'Scan', exact: true }).click()
    }
    const scanner = phone.getByRole('dialog', { name: 'Scan barcodes' })
    await expect(scanner.getByRole('status')).toHaveText(`Added: ${product.Description} (${product.ProductCode})`)
    await scanner.getByRole('button', { name: 'Done' }).click()
    await expect(codeBox(phone, 1)).toHaveValue(product.ProductCode)
    await expect(phone.getByRole('cell', { name: product.Description }).first()).toBeVisible()
  } finally {
    await browser.close()
  }
})

test('without a camera the scanner says so, and a typed code is added or called unknown', async ({ page }) => {
  const product = await productWithBarcode(page)
  // This browser has no camera to give (and no one to allow it).
  await page.goto('/quick-order')
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  const scanner = page.getByRole('dialog', { name: 'Scan barcodes' })
  await expect(scanner.getByRole('alert')).toContainText('Type the barcode or product code below', { ignoreCase: true })

  await scanner.getByLabel('Barcode or product code').fill('0000000000000')
  await scanner.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(scanner.getByRole('status')).toHaveText('Unknown product code 0000000000000')

  await scanner.getByLabel('Barcode or product code').fill(product.Barcode)
  await scanner.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(scanner.getByRole('status')).toHaveText(`Added: ${product.Description} (${product.ProductCode})`)
  await scanner.getByLabel('Barcode or product code').fill(product.Barcode)
  await scanner.getByRole('button', { name: 'Add', exact: true }).click()
  await scanner.getByRole('button', { name: 'Done' }).click()
  await expect(codeBox(page, 1)).toHaveValue(product.ProductCode)
  await expect(page.getByRole('textbox', { name: 'Quantity, row 1', exact: true })).toHaveValue('2')
})
