import { sql, type Kysely } from 'kysely'
import type { DB } from '../db/schema'

/** A PDF of one empty page: the demo's credit applications. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
)

interface DemoApplication {
  reference: string
  status: 'received' | 'information requested' | 'approved' | 'declined' | 'opened'
  business: string
  abn: string
  trading: string
  contact: string
  email: string
  phone: string
  branch: string
  kind: 'farm' | 'store' | 'vet' | 'other'
  spendCents: number
  daysAgo: number
  pdf?: boolean
}

/**
 * Trade account applications in the demo (decision 0103): three waiting for the staff, one asked for more
 * information, one approved and taken by the ERP, one declined, and one whose account the ERP has opened (Bellbrae's).
 * Written once, after the back office's users (who decided them); fixed references make a second load add nothing.
 */
const APPLICATIONS: DemoApplication[] = [
  {
    reference: 'TA000101',
    status: 'received',
    business: 'Yerong Creek Merino Partnership',
    abn: '95471173493',
    trading: 'Yerong Creek Merinos',
    contact: 'Tessa Hollis',
    email: 'tessa@yerongcreek.example',
    phone: '0427 118 402',
    branch: 'WAG',
    kind: 'farm',
    spendCents: 450_000,
    daysAgo: 1,
    pdf: true,
  },
  {
    reference: 'TA000102',
    status: 'received',
    business: 'Lockhart Rural Traders Pty Ltd',
    abn: '25999583278',
    trading: 'Lockhart Rural',
    contact: 'Dev Anand',
    email: 'dev@lockhartrural.example',
    phone: '02 6920 5511',
    branch: 'WAG',
    kind: 'store',
    spendCents: 1_800_000,
    daysAgo: 2,
  },
  {
    reference: 'TA000103',
    status: 'received',
    business: 'Murray Valley Equine Vets',
    abn: '31864452323',
    trading: '',
    contact: 'Dr Claire Moss',
    email: 'claire@murrayequine.example',
    phone: '03 5881 2040',
    branch: 'MEL',
    kind: 'vet',
    spendCents: 900_000,
    daysAgo: 3,
    pdf: true,
  },
  {
    reference: 'TA000104',
    status: 'information requested',
    business: 'Coolamon Grain & Hay',
    abn: '84022765333',
    trading: '',
    contact: 'Sam Whitty',
    email: 'sam@coolamongrain.example',
    phone: '0418 227 903',
    branch: 'WAG',
    kind: 'other',
    spendCents: 300_000,
    daysAgo: 6,
  },
  {
    reference: 'TA000105',
    status: 'approved',
    business: 'Ganmain Pastoral Co',
    abn: '98925810340',
    trading: 'Ganmain Pastoral',
    contact: 'Hamish Reid',
    email: 'hamish@ganmainpastoral.example',
    phone: '0429 300 118',
    branch: 'WAG',
    kind: 'farm',
    spendCents: 600_000,
    daysAgo: 9,
  },
  {
    reference: 'TA000106',
    status: 'declined',
    business: 'Quick Flip Resellers',
    abn: '66248706668',
    trading: '',
    contact: 'Jo Bloggs',
    email: 'jo@quickflip.example',
    phone: '0400 000 111',
    branch: 'MEL',
    kind: 'other',
    spendCents: 50_000,
    daysAgo: 12,
  },
]

export async function writeDemoApplications(db: Kysely<DB>): Promise<void> {
  const service = await db.selectFrom('back_office_users').select('id').where('email', '=', 'service@riverinarural.example').executeTakeFirst()
  if (!service) return
  const days = (n: number) => sql<Date>`now() - make_interval(days => ${n})`
  for (const a of APPLICATIONS) {
    const decided = a.status === 'approved' || a.status === 'declined'
    const row = await db
      .insertInto('account_applications')
      .values({
        reference: a.reference,
        status: a.status,
        business_name: a.business,
        abn: a.abn,
        trading_name: a.trading,
        contact_name: a.contact,
        email: a.email,
        phone: a.phone,
        branch: a.branch,
        kind: a.kind,
        monthly_spend_cents: a.spendCents,
        submitted_address: '192.0.2.10',
        created_at: days(a.daysAgo),
        ...(decided ? { decided_at: days(a.daysAgo - 1), decided_by: service.id } : {}),
        ...(a.status === 'declined' ? { decision_reason: 'We could not confirm the business at the address given; call us to talk it through.' } : {}),
        ...(a.status === 'approved' ? { erp_collected_at: days(a.daysAgo - 1), erp_acknowledged_at: days(a.daysAgo - 1), erp_reference: 'APP-20417' } : {}),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!row) continue
    if (a.pdf)
      await db
        .insertInto('account_application_files')
        .values({ application_id: row.id, message_id: null, name: 'credit-application.pdf', content: DEMO_PDF })
        .execute()
    if (a.status === 'information requested')
      await db
        .insertInto('account_application_messages')
        .values({
          application_id: row.id,
          author: 'staff',
          staff_user_id: service.id,
          body: 'Could you send two trade references (suppliers you buy from on account), with a phone number for each?',
          created_at: days(a.daysAgo - 2),
        })
        .execute()
  }
  // Bellbrae's account, opened by the ERP for its application: its Administrator was the applicant.
  const bellbrae = await db
    .selectFrom('customer_accounts as a')
    .innerJoin('users as u', 'u.account_id', 'a.id')
    .select(['a.id', 'a.abn', 'a.name', 'u.id as user_id', 'u.name as user_name', 'u.email', 'a.default_branch'])
    .where('a.code', '=', 'BELLBRAE')
    .orderBy('u.id')
    .executeTakeFirst()
  if (!bellbrae?.abn) return
  await db
    .insertInto('account_applications')
    .values({
      reference: 'TA000100',
      status: 'opened',
      business_name: bellbrae.name,
      abn: bellbrae.abn.replace(/\s+/g, ''),
      contact_name: bellbrae.user_name,
      email: bellbrae.email,
      phone: '02 6924 1180',
      branch: bellbrae.default_branch,
      kind: 'farm',
      monthly_spend_cents: 1_200_000,
      submitted_address: '192.0.2.10',
      created_at: days(60),
      decided_at: days(58),
      decided_by: service.id,
      account_id: bellbrae.id,
      invited_user_id: bellbrae.user_id,
      opened_at: days(55),
      erp_collected_at: days(58),
      erp_acknowledged_at: days(58),
      erp_reference: 'APP-20388',
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
}
