import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, backOfficeSessionFor } from '../../../../test/back-office'
import { bearer, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../../test/helpers'
import { fingerprint, VOLATILE_TABLES } from '../../../../test/security/surface'
import { SALES_REP_UNKNOWN } from './accounts'

/** accounts.csv's SalesRep (decision 0095): the ERP's assignments of accounts to Sales representatives. */

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }
const encoder = new TextEncoder()

let t: TestContext
let admin: string
let rep2: number
let service: number
const names = new Map<string, { name: string; category: string }>()

async function importFiles(files: Record<string, string>, query = '') {
  const form = new FormData()
  for (const [path, data] of Object.entries(files)) form.append(path, new Blob([encoder.encode(data)]), path)
  const res = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: `/api/erp/import${query}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')!, ...erpKey },
  })
}

/** accounts.csv for these accounts as the portal has them, with each one's SalesRep cell. */
const accountsCsv = (reps: Record<string, string>, header = 'AccountCode,Name,SalesCategory,SalesRep') =>
  [
    header,
    ...Object.entries(reps).map(([code, salesRep]) => {
      const a = names.get(code)!
      return [code, `"${a.name}"`, a.category, ...(header.endsWith('SalesRep') ? [salesRep] : [])].join(',')
    }),
  ].join('\n') + '\n'

/** Every assignment of these accounts: code, rep's e-mail, who made it. */
async function assignments(codes: string[]) {
  return t.db
    .selectFrom('back_office_assignments as a')
    .innerJoin('customer_accounts as c', 'c.id', 'a.account_id')
    .innerJoin('back_office_users as u', 'u.id', 'a.user_id')
    .select(['c.code', 'u.email', 'a.by_erp', 'a.by_back_office'])
    .where('c.code', 'in', codes)
    .orderBy('c.code')
    .orderBy('u.email')
    .execute()
}

beforeAll(async () => {
  t = await startTestApp()
  admin = await backOfficeSessionFor(t.db, BACK_OFFICE.admin.email)
  const users = await t.db.selectFrom('back_office_users').select(['id', 'email']).execute()
  const id = (email: string) => users.find((u) => u.email === email)!.id
  service = id(BACK_OFFICE.service.email)
  rep2 = (
    await t.db
      .insertInto('back_office_users')
      .values({ email: 'sam.rep@riverinarural.example', name: 'Sam Rep', roles: ['Sales representative'] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  for (const a of await t.db.selectFrom('customer_accounts').select(['code', 'name', 'sales_category']).execute())
    names.set(a.code, { name: a.name, category: a.sales_category })
})
afterAll(async () => t?.close())

describe("accounts.csv's SalesRep", () => {
  it('assigns the account to the rep it names, whatever the case of the e-mail; the same file again changes nothing', async () => {
    const res = await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: 'Sam.Rep@RiverinaRural.example' }) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ ok: true, warnings: [] })
    expect(res.json().files).toEqual([{ file: 'accounts.csv', added: 0, changed: 1, withdrawn: 0, failed: 0 }])
    expect(await assignments(['ELDSTH'])).toEqual([{ code: 'ELDSTH', email: 'sam.rep@riverinarural.example', by_erp: true, by_back_office: false }])
    // The rep's scope in the back office follows at once; an Administrator sees where it came from.
    const detail = await t.app.inject({ method: 'GET', url: `/api/staff/users/${rep2}`, headers: bearer(admin) })
    expect(detail.json().assignments).toEqual([expect.objectContaining({ code: 'ELDSTH', fromErp: true })])

    const before = await fingerprint(t.db, [...VOLATILE_TABLES, 'erp_runs'])
    const again = await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: 'sam.rep@riverinarural.example' }) })
    expect(again.json().totals).toEqual({ added: 0, changed: 0, withdrawn: 0, failed: 0 })
    expect(await fingerprint(t.db, [...VOLATILE_TABLES, 'erp_runs'])).toEqual(before)
  })

  it("another rep replaces the ERP's, and an empty cell ends it; the assignments an Administrator made stay", async () => {
    // KELLYFG is the demo rep's, assigned by an Administrator.
    expect(await assignments(['KELLYFG'])).toEqual([{ code: 'KELLYFG', email: BACK_OFFICE.rep.email, by_erp: false, by_back_office: true }])
    await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: BACK_OFFICE.rep.email, KELLYFG: 'sam.rep@riverinarural.example' }) })
    expect(await assignments(['ELDSTH', 'KELLYFG'])).toEqual([
      { code: 'ELDSTH', email: BACK_OFFICE.rep.email, by_erp: true, by_back_office: false },
      { code: 'KELLYFG', email: BACK_OFFICE.rep.email, by_erp: false, by_back_office: true },
      { code: 'KELLYFG', email: 'sam.rep@riverinarural.example', by_erp: true, by_back_office: false },
    ])

    // The ERP naming the rep an Administrator chose marks that assignment; leaving it empty takes the mark off only.
    await importFiles({ 'accounts.csv': accountsCsv({ KELLYFG: BACK_OFFICE.rep.email }) })
    expect(await assignments(['KELLYFG'])).toEqual([{ code: 'KELLYFG', email: BACK_OFFICE.rep.email, by_erp: true, by_back_office: true }])
    const emptied = await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: '', KELLYFG: '' }) })
    expect(emptied.json().files[0]).toMatchObject({ changed: 2 })
    expect(await assignments(['ELDSTH', 'KELLYFG'])).toEqual([{ code: 'KELLYFG', email: BACK_OFFICE.rep.email, by_erp: false, by_back_office: true }])
  })

  it("an Administrator's assignment of an account the ERP gave the rep makes it theirs too: the ERP's change then leaves it", async () => {
    await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: 'sam.rep@riverinarural.example' }) })
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/staff/users/${rep2}/assignments`,
      headers: bearer(admin),
      payload: { accountCode: 'ELDSTH' },
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: BACK_OFFICE.rep.email }) })
    expect(await assignments(['ELDSTH'])).toEqual([
      { code: 'ELDSTH', email: BACK_OFFICE.rep.email, by_erp: true, by_back_office: false },
      { code: 'ELDSTH', email: 'sam.rep@riverinarural.example', by_erp: false, by_back_office: true },
    ])
  })

  it('an e-mail that is no Sales representative is a warning of its row (file, line, field, value); the rest imports', async () => {
    const before = await assignments(['ELDSTH', 'BELLBRAE'])
    const file = [
      'AccountCode,Name,SalesCategory,SalesRep',
      `ELDSTH,"${names.get('ELDSTH')!.name} (renamed)",${names.get('ELDSTH')!.category},nobody@riverinarural.example`,
      `BELLBRAE,"${names.get('BELLBRAE')!.name}",${names.get('BELLBRAE')!.category},${BACK_OFFICE.service.email}`,
    ].join('\n')
    const res = await importFiles({ 'accounts.csv': file })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ok: true, problems: [] })
    expect(res.json().warnings).toEqual([
      { file: 'accounts.csv', line: 2, field: 'SalesRep', value: 'nobody@riverinarural.example', message: SALES_REP_UNKNOWN },
      { file: 'accounts.csv', line: 3, field: 'SalesRep', value: BACK_OFFICE.service.email, message: SALES_REP_UNKNOWN },
    ])
    expect(await assignments(['ELDSTH', 'BELLBRAE'])).toEqual(before)
    expect((await t.db.selectFrom('customer_accounts').select('name').where('code', '=', 'ELDSTH').executeTakeFirstOrThrow()).name).toMatch(/\(renamed\)$/)
    expect(await t.db.selectFrom('back_office_assignments').select('account_id').where('user_id', '=', service).execute()).toEqual([])
  })

  it('a file without the column leaves every assignment as it is', async () => {
    const before = await assignments([...names.keys()])
    const res = await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: '', KELLYFG: '' }, 'AccountCode,Name,SalesCategory') })
    expect(res.json().ok).toBe(true)
    expect(await assignments([...names.keys()])).toEqual(before)
  })

  it("a full file replaces the ERP's assignments: an account it leaves out has none from the ERP any more", async () => {
    await importFiles({ 'accounts.csv': accountsCsv({ ELDSTH: BACK_OFFICE.rep.email, KELLYFG: 'sam.rep@riverinarural.example' }) })
    const kept = Object.fromEntries([...names.keys()].filter((c) => c !== 'KELLYFG').map((c) => [c, '']))
    const full = await importFiles({ 'accounts.csv': accountsCsv({ ...kept, ELDSTH: BACK_OFFICE.rep.email }) }, '?mode=full')
    expect(full.statusCode, full.body).toBe(200)
    expect(full.json().ok).toBe(true)
    expect(await assignments(['ELDSTH', 'KELLYFG'])).toEqual([
      { code: 'ELDSTH', email: BACK_OFFICE.rep.email, by_erp: true, by_back_office: false },
      { code: 'ELDSTH', email: 'sam.rep@riverinarural.example', by_erp: false, by_back_office: true },
      { code: 'KELLYFG', email: BACK_OFFICE.rep.email, by_erp: false, by_back_office: true },
    ])
  })
})
