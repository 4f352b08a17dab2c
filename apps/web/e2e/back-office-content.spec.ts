import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { follow, giveBackOfficeCode, isPhone, signIn } from './journey'

// The back office's Content (decision 0096): Marketing writes a news post in the rich-text editor with a picture
// uploaded from the browser, aims it at trade accounts, previews and publishes it; a trade customer then finds it
// among the news on their home page and opens it; Marketing unpublishes and deletes it. Both widths sign in as the demo's Marketing user, one after the
// other (giveBackOfficeCode waits for the next code when the last was just taken).

const MARKETING = { email: 'marketing@riverinarural.example', password: 'Marketing2026' }
const PICTURE = readFileSync(fileURLToPath(new URL('../../../content/images/calves.jpg', import.meta.url)))

async function signInToBackOffice(page: Page, who: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await giveBackOfficeCode(page)
}

async function noSidewaysScrolling(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(page.viewportSize()!.width)
}

test('marketing writes a news post with a picture for trade accounts, publishes it, and a trade customer reads it', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const title = `Calf day at Wagga (${isPhone(page) ? 'phone' : 'desktop'} ${Date.now() % 100_000})`
  await signInToBackOffice(page, MARKETING)

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Content found' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office content list')
  await noSidewaysScrolling(page)

  await page.getByRole('link', { name: 'New news post' }).click()
  await expect(page.getByRole('heading', { name: 'New news post', level: 1 })).toBeVisible()
  await page.getByLabel('Title').fill(title)
  await page.getByRole('checkbox', { name: 'Trade accounts' }).check()

  // The body, written with the toolbar: no Markdown, no HTML.
  const body = page.getByRole('textbox', { name: 'The post' })
  await body.click()
  const tool = (name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
  await tool('Heading').click()
  await expect(tool('Heading')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Bring the family')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Vaccination demonstrations all morning, and ')
  await tool('Bold').click()
  await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('a free barbecue')
  await tool('Bold').click()
  await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.type(' at noon.')
  await expect(body.getByRole('heading', { name: 'Bring the family' })).toBeVisible()
  await expect(body.locator('strong')).toHaveText('a free barbecue')

  // A picture in the text, uploaded from the browser with its alt text.
  await tool('Picture').click()
  const upload = page.getByRole('group', { name: 'Picture in the text' })
  await upload.getByLabel(/Picture file/).setInputFiles({ name: 'calves.jpg', mimeType: 'image/jpeg', buffer: PICTURE })
  await upload.getByRole('textbox', { name: 'Alt text' }).fill('Calves at the trough')
  await upload.getByRole('button', { name: 'Upload picture' }).click()
  await expect(body.getByRole('img', { name: 'Calves at the trough' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office content editor')
  await noSidewaysScrolling(page)

  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/staff\/content\/\d+$/)
  await expect(page.getByText('News post: Draft')).toBeVisible()

  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview, as customers see it' })
  await expect(preview.getByRole('heading', { name: title })).toBeVisible()
  await expect(preview.getByRole('img', { name: 'Calves at the trough' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('a free barbecue')

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible()
  await expect(page.getByText('News post: Published')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office content published')
  await noSidewaysScrolling(page)

  // A customer of the group finds it among the news on their home page and reads it (in a browser of their own:
  // Marketing stays signed in to take the post down afterwards).
  const customerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() })
  const customer = await customerContext.newPage()
  await signIn(customer, 'trade', 'Trade2026')
  const news = customer.getByRole('region', { name: 'Promotions & News' })
  const link = news.getByRole('link', { name: title })
  await expect(link).toBeVisible()
  await follow(link)
  await expect(customer.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(customer.getByRole('heading', { name: 'Bring the family' })).toBeVisible()
  const picture = customer.getByRole('img', { name: 'Calves at the trough' })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(customer.getByText('a free barbecue', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(customer, 'customer reads the news post')

  // Marketing unpublishes it and deletes the draft: the other journeys count the demo's trade news.
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('News post: Draft')).toBeVisible()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete draft' }).click()
  await expect(page).toHaveURL(/\/staff\/content$/)
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)
  await customerContext.close()
})
