import { afterEach, describe, expect, it } from 'vitest'
import { handTitleToScreens } from './title'

afterEach(() => {
  for (const title of document.querySelectorAll('title')) title.remove()
})

const addTitle = (text: string) => {
  const title = document.createElement('title')
  title.textContent = text
  document.head.append(title)
}

describe('the page title', () => {
  it('keeps the page’s own title until a screen sets one, then leaves one title only', async () => {
    addTitle('Trade Portal')
    handTitleToScreens()
    expect(document.title).toBe('Trade Portal')
    addTitle('Login')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect([...document.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['Login'])
    expect(document.title).toBe('Login')
  })

  it('leaves the page’s title at once when a screen has set its own already', () => {
    addTitle('Trade Portal')
    addTitle('Checkout')
    handTitleToScreens()
    expect([...document.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['Checkout'])
  })
})
