import { expect, test, type Page } from '@playwright/test'
import { signIn } from './journey'

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
}

test('trade creates a user, that user signs in, and trade deletes them', async ({ page }, info) => {
  const username = `hand.${info.project.name}`
  await signIn(page, 'trade', 'Trade2026')
  await page.goto('/users')
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
  await expect(page.getByText('staff', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Add User' }).click()
  const form = page.getByRole('dialog', { name: 'Add User' })
  await form.getByLabel('Name', { exact: true }).fill('Robbie Hand')
  await form.getByLabel('Email', { exact: true }).fill(`${username}@kellysfarm.example`)
  await form.getByLabel('Username', { exact: true }).fill(username)
  await form.getByLabel('Password', { exact: true }).fill('Harvest2026')
  await form.getByLabel('Confirm Password', { exact: true }).fill('Harvest2027')
  await form.getByRole('button', { name: 'Create User' }).click()
  await expect(page.getByText('Please make sure your password and password confirmation match.')).toBeVisible()
  await form.getByLabel('Confirm Password', { exact: true }).fill('Harvest2026')
  await form.getByRole('button', { name: 'Create User' }).click()
  await expect(page.getByText('User successfully created')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(username.replace('.', '\\.')) })).toContainText('Robbie Hand')
  await signOut(page)

  await signIn(page, username, 'Harvest2026')
  await expect(page.getByText('Hi, Robbie Hand!')).toBeVisible()
  await page.goto('/users')
  await expect(page.getByText('Only an Administrator of your account can manage its users.')).toBeVisible()
  await signOut(page)

  await signIn(page, 'trade', 'Trade2026')
  await page.goto('/users')
  await page.getByRole('button', { name: `Delete ${username}` }).click()
  await page.getByRole('dialog', { name: 'Delete user?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('User successfully deleted!')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(username.replace('.', '\\.')) })).toHaveCount(0)
})
