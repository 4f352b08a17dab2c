import { expect, test, type Page } from '@playwright/test'
import { follow, signIn } from './journey'

const DATE = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(st|nd|rd|th) \d{4}$/

type Shown = { slidesShown: string[] }

/** Notes in the page, as it happens, each slide the slider shows (by its dot's label), without repeats. */
async function noteSlidesShown(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = []
    ;(window as unknown as Shown).slidesShown = shown
    const note = () => {
      const label = document.querySelector('[aria-roledescription="carousel"] button[aria-current="true"]')?.getAttribute('aria-label')
      if (label && shown.at(-1) !== label) shown.push(label)
    }
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-current'] })
  })
}

test('home shows the banner slider, a banner leads into the catalogue, a news post opens and leads back to the list', async ({ page }) => {
  await noteSlidesShown(page)
  // A pointer over the slider holds it: keep it away (signing in leaves it where the Login button was).
  await signIn(page, 'trade', 'Trade2026')
  await page.mouse.move(0, 0)

  // Home: the slider with the banners for non-resellers, moving on by itself every 5 seconds.
  const slider = page.getByRole('region', { name: 'Featured promotions' })
  await expect(slider).toBeVisible()
  await expect(slider.getByText('Up to 15% off drenches and pour-ons')).toBeVisible()
  await expect(slider.getByText('Rebates now paid monthly on your branch group')).toHaveCount(0)
  const first = slider.getByRole('button', { name: 'Show slide 1 of 3' })
  // It starts on the first slide and moves on to the second by itself. The page notes each slide as it shows
  // (see slidesShown): on a busy machine the first may have moved on before the test gets to look.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Shown).slidesShown.slice(0, 2)), { timeout: 15_000 })
    .toEqual(['Show slide 1 of 3', 'Show slide 2 of 3'])
  const banner = slider.locator('img').first()
  await expect(banner).toHaveAttribute('fetchpriority', 'high')
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // Promo banners and the news of the user's group sit below.
  await expect(page.getByRole('region', { name: 'Promotions' }).getByRole('link', { name: /Davey pump service clinic/ })).toBeVisible()
  const news = page.getByRole('region', { name: 'Promotions & News' })
  await expect(news.getByRole('article')).toHaveCount(4)

  // Pause, go back to the first banner and follow it.
  await slider.getByRole('button', { name: 'Pause slides' }).click()
  await expect(slider.getByRole('button', { name: 'Play slides' })).toBeVisible()
  await first.click()
  await expect(first).toHaveAttribute('aria-current', 'true')
  await slider.getByRole('link', { name: 'Shop Animal Health' }).click()
  await expect(page).toHaveURL(/\/category\/animal-health$/)
  await page.goBack()
  await expect(page.getByRole('region', { name: 'Featured promotions' })).toBeVisible()

  // A news post: title, date, picture and body.
  await follow(page.getByRole('region', { name: 'Promotions & News' }).getByRole('link', { name: 'Christmas & New Year trading hours' }))
  await expect(page).toHaveURL(/\/blog\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Christmas & New Year trading hours' })).toBeVisible()
  await expect(page.locator('article time').first()).toHaveText(DATE)
  const picture = page.getByRole('img', { name: 'Cattle grazing at dusk under a gum tree' })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(page.getByText('please order by Friday 19 December')).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()

  // Back to the list of all posts, and into another post and back again.
  await page.getByRole('link', { name: 'Promotions & News' }).first().click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions & News' })).toBeVisible()
  // Every post of group TRADE: ten in the demo data.
  await expect(page.getByRole('article')).toHaveCount(10)
  await follow(page.getByRole('link', { name: 'What’s new in the portal: invoices, statements and back orders online' }))
  await expect(page.getByRole('heading', { level: 1, name: 'What’s new in the portal: invoices, statements and back orders online' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions & News' })).toBeVisible()
})

test('a reseller sees the reseller banners and the news of group ELD', async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  const slider = page.getByRole('region', { name: 'Featured promotions' })
  await expect(slider.getByText('Rebates now paid monthly on your branch group')).toBeVisible()
  await expect(slider.getByText('Up to 15% off drenches and pour-ons')).toHaveCount(0)
  const news = page.getByRole('region', { name: 'Promotions & News' })
  await expect(news.getByRole('link', { name: 'Reseller rebate program 2027' })).toBeVisible()
  await slider.getByRole('button', { name: 'Pause slides' }).click()
  // The slider may have moved on before the pause: back to the first slide, the program's.
  await slider.getByRole('button', { name: 'Show slide 1 of 2' }).click()
  await slider.getByRole('link', { name: 'Read more' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reseller rebate program 2027' })).toBeVisible()
})
