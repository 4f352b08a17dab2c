import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { api, signIn } from './journey'

// The portal of the journeys runs in demo mode, which keeps its ERP key in the data directory (modules/erp/key.ts).
const erpKey = () => readFileSync(join(tmpdir(), `portal-e2e-${process.env.E2E_PORT}`, 'erp-api-key'), 'utf8').trim()

test('the ERP imports a new product through the API; trade finds it in search and adds it to the cart', async ({ page, request }, testInfo) => {
  const code = `ERPNEW-${testInfo.project.name.toUpperCase()}`
  const description = `Kelpie Premium Sheep Drench ${testInfo.project.name}`
  const categories = await (await request.get('/api/categories')).json()
  const category = categories.find((c: { acf: { child_categories: unknown[] } }) => c.acf.child_categories.length > 0).acf.child_categories[0].category
  const brand = (await (await request.get('/api/brands')).json())[0].BrandCode
  const file = (text: string, name: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })

  const imported = await request.post('/api/erp/import?mode=delta&dryRun=false', {
    headers: { authorization: `Bearer ${erpKey()}` },
    multipart: {
      'products.csv': file(`ProductCode,Description,Category,brandcode,Price\n${code},${description},${category},${brand},42.50\n`, 'products.csv'),
      'stock.csv': file(`ProductCode,LocationID,QtyAvailable\n${code},WAG,30\n`, 'stock.csv'),
    },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  expect((await imported.json()).totals).toMatchObject({ added: 2, failed: 0 })

  await signIn(page, 'trade', 'Trade2026')
  await api(page, 'DELETE', 'cart')
  const box = page.getByRole('combobox', { name: 'Search products' })
  await box.fill(code)
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: `Search - ${code}` })).toBeVisible()
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('article').first()
  await expect(result).toContainText(description)
  await result.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Product added to cart!')).toBeVisible()
  const items = await api<Array<{ ProductCode: string }>>(page, 'GET', 'cart/items')
  expect(items.map((i) => i.ProductCode)).toEqual([code])
  await api(page, 'DELETE', 'cart')
})
