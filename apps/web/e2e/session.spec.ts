import { expect, test, type Page } from '@playwright/test'

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 990

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  const login = page.getByRole('button', { name: 'Login', exact: true })
  await expect(login).toBeDisabled()
  await page.getByLabel('Username').fill(username)
  await expect(login).toBeDisabled()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await login.click()
}

/** Opens the Account entries: a dropdown on a desktop, the menu drawer on a phone. */
async function openAccountMenu(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    return page.getByRole('dialog', { name: 'Menu' })
  }
  await page.getByRole('button', { name: 'Account' }).click()
  return page.getByRole('menu')
}

test('trade signs in, finds the frame, moves between screens, stays signed in on reload and signs out', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await expect(page.getByText('Welcome back Sam Kelly!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Hi, Sam Kelly!')).toBeVisible()

  // The branch selector starts on the account's default branch and leaves out the non-trading locations.
  const branch = page.getByLabel('Branch')
  await expect(branch).toHaveValue('WAG')
  const branches = await branch.locator('option').allTextContents()
  expect(branches).toContain('Melbourne')
  expect(branches.some((b) => /Consignment|Farmers Mailbox/.test(b))).toBe(false)

  // Cart summary in the header.
  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()

  if (!isPhone(page)) {
    await page.getByRole('button', { name: 'Category' }).click()
    await expect(page.getByRole('menuitem').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Brand' }).click()
    for (const group of ['A', 'B & C', 'D E F', 'G H I J', 'K L M N', 'O P Q R', 'S T U V', 'W Y Z']) {
      const label = new RegExp(`^${group.replace(/[&]/g, '\\$&')}( \\(\\d+\\))?$`)
      await expect(page.getByRole('menuitem', { name: label })).toBeVisible()
    }
    await page.keyboard.press('Escape')
  }

  let menu = await openAccountMenu(page)
  for (const entry of ['Order History', 'Backordered Items', 'Invoice History', 'Balance & Statements', 'Change Password', 'Blog', 'Users', 'Logout']) {
    await expect(menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: entry, exact: true })).toBeVisible()
  }
  await menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: 'Change Password', exact: true }).click()
  await expect(page).toHaveURL(/\/change-password$/)
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()

  menu = await openAccountMenu(page)
  await menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: 'Backordered Items', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Items on Back Order' })).toBeVisible()

  // Search runs on Enter.
  const search = page.getByRole('combobox', { name: 'Search products' })
  await search.fill('ivomec')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/search\?text=ivomec$/)
  await expect(page.getByRole('heading', { name: 'Search - ivomec' })).toBeVisible()

  await page.reload()
  await expect(page.getByText('Hi, Sam Kelly!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Search - ivomec' })).toBeVisible()

  // Unknown routes go home.
  await page.goto('/no/such/screen')
  await expect(page).toHaveURL(/\/$/)

  await page.getByRole('link', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await page.goto('/orders')
  await expect(page).toHaveURL(/\/login/)
})

test('a wrong password is refused with the sign-in screen’s message', async ({ page }) => {
  await signIn(page, 'trade', 'not-the-password1')
  await expect(page.getByText('Username / password provided is incorrect!')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('a user who is not an Administrator has no Users entry', async ({ page }) => {
  await signIn(page, 'staff', 'Staff2026')
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  const menu = await openAccountMenu(page)
  await expect(menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: 'Order History', exact: true })).toBeVisible()
  await expect(menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: 'Users', exact: true })).toHaveCount(0)
})

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  test.skip(isPhone(page), 'one run of the reset journey is enough')
  await page.goto('/login')
  await page.getByRole('button', { name: /forgotten password/i }).click()
  const send = page.getByRole('button', { name: /reset/i })
  await expect(send).toBeDisabled()
  await page.getByLabel('Username').fill('staff')
  await page.getByLabel('Email').fill('not-their-address@example.com')
  await send.click()
  await expect(page.getByText('Success! Check your email inbox for instructions on how to reset your password')).toBeVisible()

  // The real address: read it from the user list as the account's Administrator.
  const admin = await (await request.post('/api/login', { data: { username: 'trade', password: 'Trade2026' } })).json()
  const users = await (await request.get('/api/users', { headers: { authorization: `Bearer ${admin.token}` } })).json()
  const staff = users.find((u: { UserName: string }) => u.UserName === 'staff')
  // After a request the screen returns to the login form.
  await page.getByRole('button', { name: /forgotten password/i }).click()
  await page.getByLabel('Username').fill('staff')
  await page.getByLabel('Email').fill(staff.Email)
  // The first request's message may still be showing: wait for this request's own answer, which queues the e-mail.
  const requested = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password-reset' && r.request().method() === 'POST')
  await send.click()
  expect((await requested).ok()).toBe(true)
  await expect(page.getByText('Success! Check your email inbox for instructions on how to reset your password').first()).toBeVisible()

  await page.goto('/dev/outbox')
  await page.getByRole('link', { name: 'Reset your password' }).first().click()
  const link = await page.getByRole('link', { name: /reset-password#token=/ }).getAttribute('href')
  expect(link).toBeTruthy()
  await page.goto(link!)
  await page.getByLabel('New Password', { exact: true }).fill('Staff2099x')
  await page.getByLabel(/Repeat New Password|Confirm New Password/).fill('Staff2099x')
  await page.getByRole('button', { name: /reset password|save|change/i }).click()
  await expect(page.getByText('Your password has been reset successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await signIn(page, 'staff', 'Staff2099x')
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  // Put the demo password back for the other journeys.
  const me = await (await request.post('/api/login', { data: { username: 'staff', password: 'Staff2099x' } })).json()
  const back = await request.post('/api/change-password', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { currentPassword: 'Staff2099x', newPassword: 'Staff2026' },
  })
  expect(back.status()).toBe(200)
})
