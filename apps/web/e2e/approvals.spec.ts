import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { api, fillCartWithPopular, fillCheckout, isPhone, signIn } from './journey'

// Approvals and spending limits (decision 0089), in the demo's Kelly's account: trade (Sam Kelly, an Administrator)
// gives staff (Jess Morgan, a User of the same account) a limit of $1 an order, so that every order of staff's waits
// for approval. staff's limits are cleared after each journey: the other journeys run in the same server.

const SENT = 'Your order is over your spending limit, so it has been sent for approval.'

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
}

async function openFromAccountMenu(page: Page, entry: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click()
  }
}

/** staff's limit per order, set (or, with null, cleared) by trade through the API. */
async function setStaffLimit(request: APIRequestContext, orderLimit: number | null) {
  const login = await request.post('/api/login', { data: { username: 'trade', password: 'Trade2026' } })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const saved = await request.put('/api/users/limits', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: 'staff', orderLimit, monthLimit: null, approver: null },
  })
  expect(saved.status()).toBe(200)
}

/** staff checks out a popular product: the order is over the limit, so the checkout lands on it, waiting. Answers its id. */
async function sendForApproval(page: Page, purchaseOrder: string): Promise<number> {
  await signIn(page, 'staff', 'Staff2026')
  const { settings } = await api<{ settings: { DefaultWareHouse: string } }>(page, 'GET', 'me')
  await fillCartWithPopular(page, settings.DefaultWareHouse, 1)
  await page.goto('/checkout')
  await fillCheckout(page, purchaseOrder)
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page).toHaveURL(/\/approvals\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Order waiting for approval', level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()
  // No order: the cart went into the approval.
  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()
  return Number(new URL(page.url()).pathname.split('/').pop())
}

/** The row of the Approvals list for one purchase order. */
const approvalRow = (page: Page, purchaseOrder: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: purchaseOrder, exact: true }) })

test.afterEach(async ({ request }) => {
  await setStaffLimit(request, null)
})

test('trade limits staff to $1 an order; staff’s order waits, and trade approves it into an order', async ({ page }, info) => {
  const purchaseOrder = `PO-APPROVE-${info.project.name}`

  // trade sets the limit on the Users screen.
  await signIn(page, 'trade', 'Trade2026')
  await page.goto('/users')
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  const staffRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit staff', exact: true }) })
  await expect(staffRow).toContainText('No limits')
  await staffRow.getByRole('button', { name: 'Spending limits for staff' }).click()
  const form = page.getByRole('dialog', { name: 'Spending limits for staff' })
  await form.getByLabel('Limit per order ($, ex GST)').fill('1')
  await form.getByLabel('Limit per month ($, ex GST)').fill('')
  await form.getByLabel('Approved by').selectOption({ label: 'Any Administrator' })
  await expectNoSeriousA11yViolations(page, 'spending limits dialog')
  await form.getByRole('button', { name: 'Save limits' }).click()
  await expect(page.getByText('Spending limits saved for staff.')).toBeVisible()
  await expect(staffRow).toContainText('Limit $1.00 an order, approved by any Administrator')
  await signOut(page)

  // staff's order is sent for approval, not placed.
  const id = await sendForApproval(page, purchaseOrder)
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  // Checked after a reload: the checkout's toast (which says the same as the screen) is gone then, not caught fading in
  // or out mid-check, and the screen still says why the order waits.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Order waiting for approval', level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'order waiting for approval, as its buyer')
  await signOut(page)

  // trade finds it under Approvals and approves it.
  await signIn(page, 'trade', 'Trade2026')
  await openFromAccountMenu(page, 'Approvals')
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible()
  const row = approvalRow(page, purchaseOrder)
  await expect(row).toContainText('Waiting for approval')
  await expect(row).toContainText('Jess Morgan')
  await expectNoSeriousA11yViolations(page, 'approvals list')
  await row.getByRole('link', { name: purchaseOrder, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/approvals/${id}$`))
  await expect(page.getByRole('heading', { name: 'Order waiting for approval', level: 1 })).toBeVisible()
  await expect(page.getByText(/is over the limit of \$1\.00 an order \(ex GST\), so it waits for approval by any Administrator/)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'order waiting for approval, as its approver')
  await page.getByRole('button', { name: 'Approve' }).click()

  // It is placed: its number is shown, and its page is in the order history.
  const outcome = page.getByRole('status').filter({ hasText: /^Approved by Sam Kelly/ })
  await expect(outcome).toContainText(/placed as order \S+\.$/)
  await expect(page.getByRole('heading', { name: 'Order approval', level: 1 })).toBeVisible()
  const salesOrder = (await outcome.getByRole('link').textContent())?.trim() ?? ''
  expect(salesOrder).not.toBe('')
  await outcome.getByRole('link', { name: salesOrder, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Order Details', level: 1 })).toBeVisible()
  await expect(page.getByText(salesOrder, { exact: true }).first()).toBeVisible()

  await openFromAccountMenu(page, 'Approvals')
  await expect(approvalRow(page, purchaseOrder)).toContainText(`Approved (order ${salesOrder})`)
})

test('trade rejects staff’s order with a reason, and staff sees why', async ({ page, request }, info) => {
  const purchaseOrder = `PO-REJECT-${info.project.name}`
  const reason = 'Please order drenches through the Junee store this month.'
  await setStaffLimit(request, 1)

  const id = await sendForApproval(page, purchaseOrder)
  await signOut(page)

  await signIn(page, 'trade', 'Trade2026')
  await page.goto(`/approvals/${id}`)
  await expect(page.getByRole('heading', { name: 'Order waiting for approval', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject this order?' })
  await dialog.getByRole('button', { name: 'Reject order' }).click()
  await expect(dialog.getByText('Say why the order is rejected')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'reject dialog')
  await dialog.getByLabel('Reason').fill(reason)
  await dialog.getByRole('button', { name: 'Reject order' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Rejected by Sam Kelly/ })).toContainText(`Reason: ${reason}`)
  await signOut(page)

  await signIn(page, 'staff', 'Staff2026')
  await openFromAccountMenu(page, 'Approvals')
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible()
  await expect(approvalRow(page, purchaseOrder)).toContainText(`Rejected (${reason})`)
  await approvalRow(page, purchaseOrder).getByRole('link', { name: purchaseOrder, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Order approval', level: 1 })).toBeVisible()
  await expect(page.getByText(`Reason: ${reason}`, { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0)
})

test('on a cash-sale account an order over the limit waits, and its approver pays for it by card', async ({ page }, info) => {
  const purchaseOrder = `PO-CASH-APPROVE-${info.project.name}`
  const username = `cashbuyer-${info.project.name}-${Date.now() % 100000}`

  // cash, the account's Administrator, makes a User limited to $1 an order.
  await signIn(page, 'cash', 'Cash2026')
  await api(page, 'POST', 'users', { username, email: `${username}@bellbrae.example`, password: 'Welcome2026!', name: 'Alex Buyer' })
  await api(page, 'PUT', 'users/limits', { username, orderLimit: 1, monthLimit: null, approver: null })
  await signOut(page)

  // The User's card checkout takes no card: the cart waits for approval.
  await signIn(page, username, 'Welcome2026!')
  const { settings } = await api<{ settings: { DefaultWareHouse: string } }>(page, 'GET', 'me')
  await fillCartWithPopular(page, settings.DefaultWareHouse, 1)
  await page.goto('/checkout')
  await fillCheckout(page, purchaseOrder)
  await page.getByRole('button', { name: 'Make Payment' }).click()
  await expect(page).toHaveURL(/\/approvals\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Order waiting for approval', level: 1 })).toBeVisible()
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await signOut(page)

  // cash approves it by paying for it with the sandbox's approving card.
  await signIn(page, 'cash', 'Cash2026')
  await page.goto(`/approvals/${id}`)
  await expect(page.getByText(/approving the order is paying for it/)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'cash-sale order waiting for approval, as its approver')
  await page.getByRole('button', { name: 'Approve and pay by card' }).click()
  await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible()
  await page.getByLabel('Name On Card').fill('Priya Sharma')
  await page.getByLabel('Card Number').fill('4444333322221111')
  await page.getByLabel('Card Expiry Month').selectOption('12')
  await page.getByLabel('Card Expiry Year').selectOption(String(new Date().getFullYear() + 2))
  await page.getByLabel('CVS').fill('123')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page).toHaveURL(/\/orders/)
  await expect(page.getByText('Payment Approved.')).toBeVisible()

  // The approval names the order it became.
  const approved = await api<{ status: string; SalesOrder: string | null }>(page, 'GET', `approvals/${id}`)
  expect(approved).toMatchObject({ status: 'approved', SalesOrder: expect.stringMatching(/^SO/) })
  await api(page, 'DELETE', 'users', { username })
})
