import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { pdfRows } from '../../../test/pdf-text'
import { startingData } from '../../demo'

/** A distributor of its own: every page, e-mail and PDF must show it and never the demo's. */
const OWN = {
  DEMO_MODE: 'false',
  DISTRIBUTOR_NAME: 'Hamilton Rural & Vet Supplies',
  DISTRIBUTOR_ABN: '33 618 240 660',
  DISTRIBUTOR_PHONE: '03 5572 1800',
  DISTRIBUTOR_ACCOUNTS_PHONE: '03 5572 1811',
  DISTRIBUTOR_EMAIL: 'orders@hamiltonrural.example',
  DISTRIBUTOR_ADDRESS: '40 Gipps Street, Hamilton VIC 3300',
  DISTRIBUTOR_POSTAL_ADDRESS: 'PO Box 77, Hamilton VIC 3300',
  DISTRIBUTOR_BRAND_COLOUR: '#7a3b12',
  DISTRIBUTOR_LOGO: new URL('../../../../web/public/icons/icon-192.png', import.meta.url).pathname,
}
const DEMO_WORDS = /Riverina|riverinarural|53 004 085 616|6921/

const pdfText = async (bytes: Uint8Array | Buffer) => (await pdfRows(bytes)).rows.map((r) => r.join(' ')).join('\n')

describe('a portal with its own identity', () => {
  let t: TestContext
  let trade: string
  beforeAll(async () => {
    t = await startTestApp(OWN)
    // The demo data set's users are there (the suite's database); their passwords work whatever DEMO_MODE says.
    trade = await signIn(t.app, DEMO.trade)
  })
  afterAll(async () => t?.close())

  it('tells the web app its name, ABN, address, colour and logo, and offers no demo logins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Hamilton Rural & Vet Supplies',
      abn: '33 618 240 660',
      phone: '03 5572 1800',
      accountsPhone: '03 5572 1811',
      email: 'orders@hamiltonrural.example',
      address: '40 Gipps Street, Hamilton VIC 3300',
      postalAddress: 'PO Box 77, Hamilton VIC 3300',
      brandColour: '#7a3b12',
      logoUrl: '/api/site/logo',
      demo: false,
      demoLogins: [],
    })
    expect(res.body).not.toMatch(DEMO_WORDS)
  })

  it('serves the logo file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/logo' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(readFileSync(OWN.DISTRIBUTOR_LOGO))).toBe(true)
  })

  it("serves the installable app's manifest with its name and colour", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.json()).toMatchObject({
      name: 'Hamilton Rural & Vet Supplies',
      short_name: 'Hamilton',
      theme_color: '#7a3b12',
      start_url: '/',
      display: 'standalone',
    })
    expect(res.body).not.toMatch(DEMO_WORDS)
  })

  it('puts its name, ABN and postal address in an e-mailed invoice and its PDF, and its sender on the e-mail', async () => {
    const invoice = await t.db
      .selectFrom('invoices')
      .innerJoin('users', 'users.account_id', 'invoices.account_id')
      .where('users.username', '=', DEMO.trade.username)
      .select(['invoices.id', 'invoices.invoice'])
      .executeTakeFirstOrThrow()
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      headers: bearer(trade),
      payload: { email: 'books@kellysfarm.example' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'books@kellysfarm.example')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toContain('Hamilton Rural & Vet Supplies')
    expect(mail.text_body).toContain('ABN 33 618 240 660')
    expect(mail.text_body).toContain('PO Box 77, Hamilton VIC 3300')
    expect(`${mail.subject}\n${mail.text_body}`).not.toMatch(DEMO_WORDS)
    expect(t.config.mailFrom).toBe('Hamilton Rural & Vet Supplies <orders@hamiltonrural.example>')

    const attachments = typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments
    const text = await pdfText(Buffer.from(attachments[0].content, 'base64'))
    expect(text).toContain('Hamilton Rural & Vet Supplies')
    expect(text).toContain('ABN 33 618 240 660')
    expect(text).toContain('40 Gipps Street, Hamilton VIC 3300')
    expect(text).not.toMatch(DEMO_WORDS)
  })

  it('puts its name, ABN, address and logo in the cart PDF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/print-cart?warehouse=WAG', headers: bearer(trade) })
    expect(res.statusCode, res.body).toBe(200)
    const text = await pdfText(res.rawPayload)
    expect(text).toContain('Hamilton Rural & Vet Supplies')
    expect(text).toContain('ABN 33 618 240 660')
    expect(text).toContain('40 Gipps Street, Hamilton VIC 3300')
    expect(text).not.toMatch(DEMO_WORDS)
    // The logo file is drawn as a picture (an image XObject), not the portal's own mark.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/)
  })
})

describe('a demo-mode portal on the ERP’s data alone (SEED_SCALE=none)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ SEED_SCALE: 'none' }, { emptyDatabase: true })
  })
  afterAll(async () => t?.close())

  it('offers no demo login, since none of them is there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' })
    expect(res.json()).toMatchObject({ demo: true, demoLogins: [] })
  })

  it('loads neither the demo data nor its news and banners', async () => {
    const lines: string[] = []
    await startingData(t.config)(t.db, (line) => lines.push(line))
    expect(lines).toEqual([])
    expect(await t.db.selectFrom('content_posts').select('id').execute()).toEqual([])
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([])
  })
})
