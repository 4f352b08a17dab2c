import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_RECEIVED, isValidAbn } from '@portal/contract/applications'
import { BACK_OFFICE, backOfficeSessionFor } from '../../../test/back-office'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { exportOrders } from '../erp'

/** Applying for a trade account (decision 0103): the public form, the staff's steps, the ERP's feed, export and import. */

let t: TestContext
const staff = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>
let customer: string
const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }
const encoder = new TextEncoder()
let addressNo = 0
/** Each application from its own address unless a test says otherwise: the form's limits count by address. */
const nextAddress = () => `198.51.100.${++addressNo}`

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1').toString('base64')
/** ABNs that pass the check-digit rule, none of them a demo application's or account's: 7 digits counted up, then 4. */
let abnSeed = 7_000_000
function nextAbn(): string {
  for (;;) {
    const digits = `${++abnSeed}0000`
    if (isValidAbn(digits)) return digits
  }
}
let abnNo = 0

const form = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Tarcutta Station Pty Ltd',
  abn: nextAbn(),
  tradingName: 'Tarcutta Station',
  contactName: 'Pat Owens',
  email: `pat${++abnNo}@tarcutta.example`,
  phone: '0427 555 010',
  branch: 'WAG',
  kind: 'farm',
  monthlySpendCents: 250_000,
  creditApplication: { name: 'credit.pdf', contentBase64: PDF },
  ...overrides,
})

const apply = (payload: object, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/applications', payload, remoteAddress })
const staffCall = (who: keyof typeof staff, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(staff[who]), ...(payload ? { payload } : {}) })
const fieldsOf = (res: { json(): { fields?: Array<{ field: string }> } }) => (res.json().fields ?? []).map((f) => f.field)
const count = async (table: 'account_applications' | 'email_outbox') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const mailsTo = (to: string) => t.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute()
const byAbn = (abn: string) => t.db.selectFrom('account_applications').selectAll().where('abn', '=', abn).executeTakeFirstOrThrow()

async function applied(overrides: Record<string, unknown> = {}) {
  const body = form(overrides)
  const res = await apply(body)
  expect(res.statusCode, res.body).toBe(201)
  return { ...(await byAbn((body.abn as string).replace(/\s+/g, ''))), sent: body }
}

async function importFiles(files: Record<string, string>) {
  const data = new FormData()
  for (const [path, text] of Object.entries(files)) data.append(path, new Blob([encoder.encode(text)]), path)
  const res = new Response(data)
  return t.app.inject({
    method: 'POST',
    url: '/api/erp/import?mode=delta',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')!, ...erpKey },
  })
}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staff[who] = await backOfficeSessionFor(t.db, BACK_OFFICE[who].email)
  customer = await signIn(t.app, DEMO.trade)
})
afterAll(async () => t?.close())

describe('the form', () => {
  it('stores an application with its PDF and e-mails the applicant that it arrived', async () => {
    const a = await applied()
    expect(a).toMatchObject({ status: 'received', business_name: 'Tarcutta Station Pty Ltd', branch: 'WAG', kind: 'farm', email: a.sent.email })
    expect(a.reference).toMatch(/^TA\d{6}$/)
    const files = await t.db.selectFrom('account_application_files').select(['name', 'message_id']).where('application_id', '=', a.id).execute()
    expect(files).toEqual([{ name: 'credit.pdf', message_id: null }])
    const mails = await mailsTo(a.sent.email as string)
    expect(mails.map((m) => m.subject)).toEqual([`Your trade account application ${a.reference} has arrived`])
  })

  it('takes an ABN written with spaces, and keeps its 11 digits', async () => {
    const abn = nextAbn()
    const a = await applied({ abn: `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`, creditApplication: null })
    expect(a.abn).toBe(abn)
  })

  it('refuses an ABN that fails the check-digit rule with a 400 naming abn, and writes nothing', async () => {
    const before = await Promise.all([count('account_applications'), count('email_outbox')])
    for (const abn of ['53004085617', '5300408561', 'ABN 53004085616', '', '53 004 085 616 1']) {
      const res = await apply(form({ abn }))
      expect(res.statusCode, abn).toBe(400)
      expect(fieldsOf(res)).toEqual(['body.abn'])
    }
    expect(await Promise.all([count('account_applications'), count('email_outbox')])).toEqual(before)
  })

  it('names each bad field: a file that is no PDF, a branch that is not ours, an e-mail, a kind of business', async () => {
    const before = await count('account_applications')
    const notPdf = await apply(form({ creditApplication: { name: 'x.pdf', contentBase64: Buffer.from('MZ not a pdf').toString('base64') } }))
    expect([notPdf.statusCode, fieldsOf(notPdf)]).toEqual([400, ['body.creditApplication']])
    const branch = await apply(form({ branch: 'NOPE' }))
    expect([branch.statusCode, fieldsOf(branch)]).toEqual([400, ['body.branch']])
    const email = await apply(form({ email: 'not-an-email' }))
    expect([email.statusCode, fieldsOf(email)]).toEqual([400, ['body.email']])
    const kind = await apply(form({ kind: 'pharmacy' }))
    expect([kind.statusCode, fieldsOf(kind)]).toEqual([400, ['body.kind']])
    expect(await count('account_applications')).toBe(before)
  })

  it('answers a filled honeypot as it answers an application, and stores and sends nothing', async () => {
    const before = await Promise.all([count('account_applications'), count('email_outbox')])
    const res = await apply(form({ website: 'http://spam.example' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ message: APPLICATION_RECEIVED })
    expect(await Promise.all([count('account_applications'), count('email_outbox')])).toEqual(before)
  })

  it('limits an address to 5 applications an hour and an e-mail to 3 a day (429), counting only what was stored', async () => {
    const address = '203.0.113.77'
    for (let i = 0; i < 5; i++) expect((await apply(form({ creditApplication: null }), address)).statusCode).toBe(201)
    const sixth = await apply(form({ creditApplication: null }), address)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.headers['retry-after']).toBeDefined()
    // Another address is not held up by it.
    expect((await apply(form({ creditApplication: null }))).statusCode).toBe(201)
  })

  it('holds the address limit when applications arrive at once: the count and the insert are serialised per address', async () => {
    const address = '203.0.113.91'
    const answers = await Promise.all(Array.from({ length: 8 }, () => apply(form({ creditApplication: null }), address)))
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
    const stored = await t.db.selectFrom('account_applications').select('id').where('submitted_address', '=', address).execute()
    expect(stored).toHaveLength(5)
  })

  it('keeps one application under way per ABN (409), in the database too', async () => {
    const a = await applied({ creditApplication: null })
    const again = await apply(form({ abn: a.abn }))
    expect(again.statusCode).toBe(409)
    await expect(
      t.db
        .insertInto('account_applications')
        .values({ ...a, id: undefined, reference: undefined, created_at: undefined, sent: undefined } as never)
        .execute(),
    ).rejects.toThrow()
  })
})

describe('the per-e-mail limit', () => {
  it('refuses a fourth application of one e-mail in a day, from any address', async () => {
    const email = 'fourth@applicant.example'
    for (let i = 0; i < 3; i++) expect((await apply(form({ email, creditApplication: null }))).statusCode).toBe(201)
    const fourth = await apply(form({ email: 'FOURTH@applicant.example', creditApplication: null }))
    expect(fourth.statusCode).toBe(429)
  })
})

describe('the back office', () => {
  it('shows applications to Customer service and Administrators only', async () => {
    for (const who of ['admin', 'service'] as const) {
      const res = await staffCall(who, 'GET', '/api/staff/applications?status=received')
      expect(res.statusCode, res.body).toBe(200)
      const rows = res.json().applications as Array<{ status: string; reference: string }>
      expect(rows.length).toBeGreaterThanOrEqual(3)
      expect(rows.every((r) => r.status === 'received')).toBe(true)
      expect(rows.map((r) => r.reference)).toEqual(expect.arrayContaining(['TA000101', 'TA000102', 'TA000103']))
    }
    for (const who of ['rep', 'marketing'] as const) expect((await staffCall(who, 'GET', '/api/staff/applications')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/applications', headers: bearer(customer) })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/applications' })).statusCode).toBe(401)
  })

  it('has one demo application in each other state', async () => {
    const all = (await staffCall('admin', 'GET', '/api/staff/applications')).json().applications as Array<{ status: string }>
    for (const status of ['information requested', 'approved', 'declined', 'opened'])
      expect(
        all.some((a) => a.status === status),
        status,
      ).toBe(true)
  })

  it('shows an application whole with its PDF, and records each read', async () => {
    const a = await applied()
    const res = await staffCall('service', 'GET', `/api/staff/applications/${a.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ reference: a.reference, abn: a.abn, branchName: expect.any(String), monthlySpendCents: 250_000, messages: [], decision: null })
    const pdf = await staffCall('service', 'GET', `/api/staff/applications/${a.id}/files/${page.creditApplication.id}`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect((await staffCall('service', 'GET', `/api/staff/applications/${a.id}/files/2000000000`)).statusCode).toBe(404)
    expect((await staffCall('service', 'GET', '/api/staff/applications/2000000000')).statusCode).toBe(404)
    const audit = await t.db.selectFrom('back_office_audit').select('action').where('subject', 'in', [a.reference, 'credit.pdf']).execute()
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['application viewed', 'application file read']))
  })

  it('asks for more information: the applicant answers once through the link, and the thread shows both', async () => {
    const a = await applied({ creditApplication: null })
    const ask = await staffCall('service', 'POST', `/api/staff/applications/${a.id}/request-information`, { question: 'Two trade references, please.' })
    expect(ask.statusCode, ask.body).toBe(200)
    expect(ask.json().status).toBe('information requested')
    const mail = (await mailsTo(a.email)).at(-1)!
    expect(mail.subject).toContain('we need a little more information')
    expect(mail.text_body).toContain('Two trade references, please.')
    const token = /\/apply\/reply#token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!
    const question = await t.app.inject({ method: 'POST', url: '/api/applications/reply/question', payload: { token } })
    expect(question.statusCode, question.body).toBe(200)
    expect(question.json()).toMatchObject({ businessName: a.business_name, question: 'Two trade references, please.' })
    const notPdf = await t.app.inject({
      method: 'POST',
      url: '/api/applications/reply',
      payload: { token, message: 'x', file: { name: 'a.pdf', contentBase64: 'AAAA' } },
    })
    expect([notPdf.statusCode, fieldsOf(notPdf)]).toEqual([400, ['body.file']])
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/applications/reply',
      payload: { token, message: 'Elders Wagga and Landmark Junee.', file: { name: 'references.pdf', contentBase64: PDF } },
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const again = await t.app.inject({ method: 'POST', url: '/api/applications/reply', payload: { token, message: 'Again' } })
    expect(again.statusCode).toBe(404)
    const page = (await staffCall('service', 'GET', `/api/staff/applications/${a.id}`)).json()
    expect(page.status).toBe('received')
    expect(page.messages.map((m: { from: string; text: string; file: { name: string } | null }) => [m.from, m.text, m.file?.name ?? null])).toEqual([
      ['staff', 'Two trade references, please.', null],
      ['applicant', 'Elders Wagga and Landmark Junee.', 'references.pdf'],
    ])
    const audit = await t.db.selectFrom('back_office_audit').select('action').where('subject', '=', a.reference).execute()
    expect(audit.map((r) => r.action)).toContain('application information requested')
  })

  it('declines only with a reason (400 naming reason; the database refuses one without), and e-mails it', async () => {
    const a = await applied({ creditApplication: null })
    const none = await staffCall('service', 'POST', `/api/staff/applications/${a.id}/decline`, { reason: '   ' })
    expect([none.statusCode, fieldsOf(none)]).toEqual([400, ['body.reason']])
    expect((await byAbn(a.abn)).status).toBe('received')
    const service = await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.service.email).executeTakeFirstOrThrow()
    await expect(
      t.db
        .updateTable('account_applications')
        .set({ status: 'declined', decided_by: service.id, decided_at: new Date(), decision_reason: ' ' })
        .where('id', '=', a.id)
        .execute(),
    ).rejects.toThrow(/account_application_declined_with_a_reason/)
    const res = await staffCall('service', 'POST', `/api/staff/applications/${a.id}/decline`, { reason: 'We do not trade in your area yet.' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'declined', decision: { by: BACK_OFFICE.service.email, reason: 'We do not trade in your area yet.' } })
    expect((await mailsTo(a.email)).at(-1)!.text_body).toContain('We do not trade in your area yet.')
    const twice = await staffCall('admin', 'POST', `/api/staff/applications/${a.id}/approve`, {})
    expect(twice.statusCode).toBe(409)
    // The database keeps a decision final, whatever sends the change.
    await expect(t.db.updateTable('account_applications').set({ status: 'approved' }).where('id', '=', a.id).execute()).rejects.toThrow(/does not become/)
    const audit = await t.db.selectFrom('back_office_audit').select('action').where('subject', '=', a.reference).execute()
    expect(audit.map((r) => r.action)).toContain('application declined')
  })
})

describe('the ERP', () => {
  it('collects approved applications with a lease, and takes an acknowledgement once', async () => {
    const a = await applied({ creditApplication: null })
    expect((await staffCall('admin', 'POST', `/api/staff/applications/${a.id}/approve`, { note: 'Terms 30 days' })).statusCode).toBe(200)
    expect((await mailsTo(a.email)).at(-1)!.subject).toBe(`Your trade account application ${a.reference} is approved`)
    const feed = (limit = 100) => t.app.inject({ method: 'GET', url: `/api/erp/applications?status=new&limit=${limit}`, headers: erpKey })
    const first = await feed()
    expect(first.statusCode, first.body).toBe(200)
    const mine = first.json().find((x: { PortalApplicationId: string }) => x.PortalApplicationId === a.reference)
    expect(mine).toMatchObject({
      ABN: a.abn,
      BusinessName: a.business_name,
      LocationID: 'WAG',
      BusinessKind: 'farm',
      MonthlySpend: 2500,
      ApprovedBy: BACK_OFFICE.admin.email,
      Note: 'Terms 30 days',
    })
    // Leased: not offered again until the lease passes, then offered again.
    expect((await feed()).json().map((x: { PortalApplicationId: string }) => x.PortalApplicationId)).not.toContain(a.reference)
    await t.db
      .updateTable('account_applications')
      .set({ erp_collected_at: sql`now() - interval '1 hour'` })
      .where('id', '=', a.id)
      .execute()
    expect((await feed()).json().map((x: { PortalApplicationId: string }) => x.PortalApplicationId)).toContain(a.reference)
    const ack = (Reference: string, id = a.reference) =>
      t.app.inject({ method: 'POST', url: `/api/erp/applications/${id}/ack`, headers: erpKey, payload: { Reference } })
    expect((await ack('APP-1')).json()).toEqual({ PortalApplicationId: a.reference, Reference: 'APP-1', acknowledged: 'now' })
    expect((await ack('APP-1')).json().acknowledged).toBe('already')
    expect((await ack('APP-2')).statusCode).toBe(409)
    expect((await ack('APP-1', 'TA999999')).statusCode).toBe(404)
    await t.db
      .updateTable('account_applications')
      .set({ erp_collected_at: sql`now() - interval '1 hour'` })
      .where('id', '=', a.id)
      .execute()
    expect((await feed()).json().map((x: { PortalApplicationId: string }) => x.PortalApplicationId)).not.toContain(a.reference)
    // A customer's session is no ERP key.
    expect((await t.app.inject({ method: 'GET', url: '/api/erp/applications', headers: bearer(customer) })).statusCode).toBe(401)
  })

  it('writes approved applications to applications.csv in erp:export, once', async () => {
    const a = await applied({ creditApplication: null, businessName: '=Formula Farms' })
    expect((await staffCall('service', 'POST', `/api/staff/applications/${a.id}/approve`, {})).statusCode).toBe(200)
    const folder = mkdtempSync(join(tmpdir(), 'applications-export-'))
    try {
      const result = await exportOrders(t.db, t.config, join(folder, 'one'))
      expect(result.applications).toBeGreaterThanOrEqual(1)
      const csv = readFileSync(join(folder, 'one', 'applications.csv'), 'utf8')
      expect(csv.split('\r\n')[0]).toBe(
        'PortalApplicationId,ABN,BusinessName,TradingName,ContactName,Email,Phone,LocationID,BusinessKind,MonthlySpend,ApprovedDate,ApprovedBy,Note',
      )
      expect(csv).toContain(`${a.reference},${a.abn},'=Formula Farms,`)
      expect(csv).toContain(',2500.00,')
      const next = await exportOrders(t.db, t.config, join(folder, 'two'))
      expect(next.applications).toBe(0)
      const offered = await t.app.inject({ method: 'GET', url: '/api/erp/applications', headers: erpKey })
      expect(offered.json().map((x: { PortalApplicationId: string }) => x.PortalApplicationId)).not.toContain(a.reference)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('opens the account accounts.csv brings by ABN: its applicant is invited once and only once', async () => {
    const a = await applied({ creditApplication: null, contactName: 'Ruth Applicant', email: 'ruth@newfarm.example' })
    expect((await staffCall('service', 'POST', `/api/staff/applications/${a.id}/approve`, {})).statusCode).toBe(200)
    const spaced = `${a.abn.slice(0, 2)} ${a.abn.slice(2, 5)} ${a.abn.slice(5, 8)} ${a.abn.slice(8)}`
    const accounts = `AccountCode,Name,SalesCategory,DefaultWareHouse,ABN\nNEWFARM1,Ruth's New Farm,TRD,WAG,${spaced}\n`
    const first = await importFiles({ 'accounts.csv': accounts })
    expect(first.statusCode, first.body).toBe(200)
    const opened = await byAbn(a.abn)
    const account = await t.db.selectFrom('customer_accounts').select(['id', 'abn']).where('code', '=', 'NEWFARM1').executeTakeFirstOrThrow()
    expect(account.abn).toBe(spaced)
    expect(opened).toMatchObject({ status: 'opened', account_id: account.id })
    const users = await t.db.selectFrom('users').select(['id', 'username', 'role', 'email']).where('account_id', '=', account.id).execute()
    expect(users).toEqual([{ id: opened.invited_user_id, username: 'ruth@newfarm.example', role: 'Administrator', email: 'ruth@newfarm.example' }])
    const subjects = async () => (await mailsTo('ruth@newfarm.example')).map((m) => m.subject)
    const after = await subjects()
    expect(after.filter((s) => s.endsWith('ordering portal login'))).toHaveLength(1)
    expect(after).toContain('Your trade account NEWFARM1 is open')
    // The same file again, and a users.csv that names the user: nobody is invited again.
    const again = await importFiles({
      'accounts.csv': accounts,
      'users.csv': 'AccountCode,UserName,Email,Name,Role\nNEWFARM1,ruth@newfarm.example,ruth@newfarm.example,Ruth Applicant,Administrator\n',
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(await subjects()).toEqual(after)
    // The database opens an account for one application only.
    const other = await applied({ creditApplication: null })
    await expect(t.db.updateTable('account_applications').set({ account_id: account.id }).where('id', '=', other.id).execute()).rejects.toThrow()
  })

  it('refuses an ABN in accounts.csv that fails the check-digit rule (422, nothing written)', async () => {
    const res = await importFiles({ 'accounts.csv': 'AccountCode,Name,SalesCategory,DefaultWareHouse,ABN\nBADABN1,Bad Abn,TRD,WAG,53 004 085 617\n' })
    expect(res.statusCode).toBe(422)
    expect(res.body).toContain('not an ABN')
    expect(await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'BADABN1').executeTakeFirst()).toBeUndefined()
  })
})
