import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { aSite } from '../../test/factories'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'

const site = aSite()
const branches = [
  { LocationID: 'WAG', NAME: 'Wagga Wagga' },
  { LocationID: 'MEL', NAME: 'Melbourne' },
]
const RECEIVED = 'Thank you: your application has arrived. We will e-mail you within two working days.'

afterEach(() => localStorage.clear())

async function fillIn(abn = '53 004 085 616') {
  await userEvent.type(screen.getByLabelText('Business name'), 'Tarcutta Station')
  await userEvent.type(screen.getByLabelText('ABN'), abn)
  await userEvent.type(screen.getByLabelText('Contact name'), 'Pat Owens')
  await userEvent.type(screen.getByLabelText('E-mail'), 'pat@tarcutta.example')
  await userEvent.type(screen.getByLabelText('Phone'), '0427 555 010')
  await userEvent.selectOptions(await screen.findByLabelText('Nearest branch'), 'WAG')
  await userEvent.selectOptions(screen.getByLabelText('Kind of business'), 'farm')
  await userEvent.type(screen.getByLabelText('Expected monthly spend ($, ex GST)'), '2,500')
}

describe('applying for a trade account', () => {
  it('is linked from the login page', async () => {
    mockApi({ 'GET /api/site': { body: site } })
    renderApp('/login')
    expect(await screen.findByRole('link', { name: 'Apply for a trade account' })).toHaveAttribute('href', '/apply')
  })

  it('sends the form with the spend in cents and the honeypot empty, then says it arrived', async () => {
    const spy = mockApi({
      'GET /api/site': { body: site },
      'GET /api/warehouses': { body: branches },
      'POST /api/applications': { status: 201, body: { message: RECEIVED } },
    })
    renderApp('/apply')
    await screen.findByRole('heading', { name: 'Apply for a trade account' })
    await screen.findByRole('option', { name: 'Wagga Wagga' })
    await fillIn()
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByRole('status')).toHaveTextContent(RECEIVED)
    expect(sentTo(spy, 'POST', '/api/applications')).toEqual([
      {
        businessName: 'Tarcutta Station',
        abn: '53 004 085 616',
        tradingName: '',
        contactName: 'Pat Owens',
        email: 'pat@tarcutta.example',
        phone: '0427 555 010',
        branch: 'WAG',
        kind: 'farm',
        monthlySpendCents: 250_000,
        creditApplication: null,
        website: '',
      },
    ])
  })

  it('checks the ABN by its check digit before sending, and names the field', async () => {
    const spy = mockApi({ 'GET /api/site': { body: site }, 'GET /api/warehouses': { body: branches } })
    renderApp('/apply')
    await screen.findByRole('option', { name: 'Wagga Wagga' })
    await fillIn('53 004 085 617')
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Not a valid ABN: check its 11 digits')).toBeInTheDocument()
    expect(screen.getByLabelText('ABN')).toHaveAttribute('aria-invalid', 'true')
    expect(sentTo(spy, 'POST', '/api/applications')).toEqual([])
  })

  it('shows the field the server refuses at the field', async () => {
    mockApi({
      'GET /api/site': { body: site },
      'GET /api/warehouses': { body: branches },
      'POST /api/applications': {
        status: 400,
        body: {
          error: 'unknown_branch',
          message: 'branch: Choose one of our branches.',
          fields: [{ field: 'body.branch', message: 'branch: Choose one of our branches.' }],
        },
      },
    })
    renderApp('/apply')
    await screen.findByRole('option', { name: 'Wagga Wagga' })
    await fillIn()
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Choose one of our branches.')).toBeInTheDocument()
    expect(screen.getByLabelText('Nearest branch')).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses a file that is not a PDF before reading it', async () => {
    const spy = mockApi({ 'GET /api/site': { body: site }, 'GET /api/warehouses': { body: branches } })
    renderApp('/apply')
    await screen.findByRole('option', { name: 'Wagga Wagga' })
    await fillIn()
    await userEvent.upload(screen.getByLabelText('Credit application (PDF, optional)'), new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    })
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Choose a PDF file.')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/applications')).toEqual([])
  })
})

describe('answering the staff’s question', () => {
  it('shows the question the link answers and sends the answer once', async () => {
    const spy = mockApi({
      'GET /api/site': { body: site },
      'POST /api/applications/reply/question': {
        body: { businessName: 'Tarcutta Station', question: 'Two trade references, please.', askedAt: '2026-12-07T01:00:00Z' },
      },
      'POST /api/applications/reply': { body: { message: 'Thank you: your answer has reached us.' } },
    })
    renderApp('/apply/reply#token=abcdefghijklmnopqrstuvwxyz012345')
    expect(await screen.findByText('Two trade references, please.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Your answer'), 'Elders Wagga')
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your answer has reached us.')
    expect(sentTo(spy, 'POST', '/api/applications/reply')).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz012345', message: 'Elders Wagga', file: null }])
  })

  it('says a used or expired link cannot be answered', async () => {
    mockApi({
      'GET /api/site': { body: site },
      'POST /api/applications/reply/question': { status: 404, body: { error: 'not_found', message: 'No such link.' } },
    })
    renderApp('/apply/reply#token=abcdefghijklmnopqrstuvwxyz012345')
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been used, has expired, or is not complete.')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument())
  })
})
