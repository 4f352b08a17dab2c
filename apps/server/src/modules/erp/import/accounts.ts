import { abnDigits, isValidAbn } from '@portal/contract/applications'
import { NO_PASSWORD } from '../../auth'
import { collect } from './catalogue'
import type { RowReader } from './fields'
import { MESSAGES } from './messages'
import { checkKnown, counts, diff, given, missing, type Db, type PlanContext, type Step } from './plan'
import type { Table } from './read'
import * as repo from './repo'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * CreditMode: `warn` or `block` an order on account past the credit limit (any case); empty is no credit rule, and
 * a file without the column leaves the portal's as it is.
 */
function creditMode(r: RowReader): 'warn' | 'block' | null | undefined {
  const value = r.text('CreditMode')
  if (value === undefined) return undefined
  const mode = value.trim().toLowerCase()
  if (mode === '') return null
  if (mode === 'warn' || mode === 'block') return mode
  r.problem('CreditMode', value, MESSAGES.creditMode())
  return null
}

/**
 * ABN: the account's Australian Business Number, 11 digits (spaces anywhere) that pass the check-digit rule, kept as
 * `NN NNN NNN NNN`; empty is none, and a file without the column leaves the portal's as it is. A trade account
 * application approved in the back office is opened by it (decision 0103).
 */
function abnOf(r: RowReader): string | null | undefined {
  const value = r.text('ABN')
  if (value === undefined) return undefined
  const digits = abnDigits(value)
  if (digits === '') return null
  if (!isValidAbn(digits)) {
    r.problem('ABN', value, MESSAGES.abn())
    return null
  }
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
}

/**
 * SalesRep: the back office e-mail (any case) of the Sales representative the ERP gives the account, stored in lower
 * case as the back office keeps e-mails; empty is none. An e-mail that is no such user is a warning of the row, which
 * imports without it: the account's rep from the ERP stays as it was (decision 0095). A file without the column leaves
 * every assignment as it is.
 */
function salesRep(r: RowReader, ctx: PlanContext, reps: Map<string, number>): string | null | undefined {
  const value = r.text('SalesRep')
  if (value === undefined) return undefined
  const email = value.trim().toLowerCase()
  if (email === '') return null
  if (reps.has(email)) return email
  ctx.warnings.push({ file: r.table.file, line: r.line, field: 'SalesRep', value, message: SALES_REP_UNKNOWN })
  return undefined
}

export const SALES_REP_UNKNOWN = "no back office user with the Sales representative role has this e-mail; the account's rep from the ERP is left as it was"

export async function planAccounts(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.accounts(db)
  const reps = table.columns.has('SalesRep') ? await repo.salesReps(db) : new Map<string, number>()
  const { rows, named, failed } = await collect(table, ctx, (r) => {
    const code = r.key('AccountCode')
    const listed = r.text('Branches')
    const branches =
      listed === undefined
        ? undefined
        : [
            ...new Set(
              listed
                .split(';')
                .map((b) => b.trim())
                .filter(Boolean),
            ),
          ].sort()
    for (const b of branches ?? []) checkKnown(ctx, r, 'branches', 'Branches', b)
    let defaultBranch = r.text('DefaultWareHouse') || undefined
    checkKnown(ctx, r, 'branches', 'DefaultWareHouse', defaultBranch)
    if (!defaultBranch && !existing.has(code)) {
      defaultBranch = branches?.[0]
      if (!defaultBranch) r.problem('DefaultWareHouse', '', MESSAGES.defaultBranch())
    }
    const discount = r.decimal('DiscountPercent', { max: 100 })
    return {
      key: code,
      row: {
        name: r.key('Name'),
        sales_category: r.key('SalesCategory'),
        is_elders: r.bool('isElders', false),
        terms_days: r.whole('TermsDays', { empty: 0 }),
        credit_limit_cents: r.money('CreditLimit', { empty: 0 }),
        balance_cents: r.money('Balance', { empty: 0, negative: true }),
        price_discount_bp: discount === undefined ? undefined : Math.round((discount ?? 0) * 100),
        default_branch: defaultBranch,
        branches,
        active: r.bool('Active', true),
        on_hold: r.bool('OnHold', false),
        credit_mode: creditMode(r),
        abn: abnOf(r),
        sales_rep: salesRep(r, ctx, reps),
      },
    }
  })
  for (const key of named.keys()) ctx.known.accounts.add(key)
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed),
    async write(trx) {
      const columns = ({ branches: _, sales_rep: __, ...row }: (typeof added)[number][1]) => given(row)
      await repo.insertRows(trx, 'customer_accounts', added.map(([code, row]) => ({ code, ...columns(row) })) as never)
      await repo.updateWhere(
        trx,
        'customer_accounts',
        'code',
        changed.map(([key, row]) => ({ key, set: columns(row) })),
      )
      await repo.withdraw(trx, 'customer_accounts', 'code', withdrawn)
      const ids = await repo.accountIds(trx)
      for (const [code, row] of [...added, ...changed]) if (row.branches) await repo.replaceAccountBranches(trx, ids.get(code)!.id, row.branches)
      for (const [code, row] of [...added, ...changed])
        if (row.sales_rep !== undefined) await repo.setErpSalesRep(trx, ids.get(code)!.id, row.sales_rep === null ? null : reps.get(row.sales_rep)!)
      // A full file says every account's rep: an account it leaves out has none from the ERP any more.
      if (table.columns.has('SalesRep')) for (const code of withdrawn) await repo.setErpSalesRep(trx, ids.get(code)!.id, null)
    },
  }
}

export async function planContractPrices(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.contractPrices(db)
  const { rows, failed } = await collect(table, ctx, (r) => {
    const account = r.key('AccountCode')
    const product = r.key('ProductCode')
    checkKnown(ctx, r, 'accounts', 'AccountCode', account)
    checkKnown(ctx, r, 'products', 'ProductCode', product)
    return { key: `${account}|${product}`, row: { price_cents: r.money('Price', { required: true }) ?? 0 } }
  })
  const { added, changed } = await diff(rows, existing)
  // Contract prices have no Active flag: one a full file leaves out has ended, and the list price applies again.
  const ended = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, ended.length, failed),
    async write(trx) {
      const accounts = await repo.accountIds(trx)
      const products = await repo.productIds(trx)
      const ids = (key: string) => {
        const [account, product] = key.split('|') as [string, string]
        return { account_id: accounts.get(account)!.id, product_id: products.get(product)! }
      }
      await repo.upsertContractPrices(
        trx,
        [...added, ...changed].map(([key, row]) => ({ ...ids(key), price_cents: row.price_cents })),
      )
      await repo.deleteContractPrices(trx, ended.map(ids))
    },
  }
}

/**
 * Users: keyed by UserName (without regard to case). No password travels in a file: a new user has none until an
 * invitation's link sets one, and which users are invited is the run's choice (invitations.ts), told what changes here.
 */
export async function planUsers(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.users(db)
  const { rows, failed } = await collect(
    table,
    ctx,
    (r) => {
      const account = r.key('AccountCode')
      checkKnown(ctx, r, 'accounts', 'AccountCode', account)
      const username = r.key('UserName')
      const email = r.key('Email')
      if (email && !EMAIL.test(email)) r.problem('Email', email, MESSAGES.email())
      const role = r.key('Role')
      if (role && role !== 'Administrator' && role !== 'User') r.problem('Role', role, MESSAGES.role())
      return { key: username.toLowerCase(), row: { username, account, email, name: r.key('Name'), role, active: r.bool('Active', true) } }
    },
    'UserName',
  )
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing)
  for (const [key, row] of added) if (row.active !== false) ctx.users.added.add(key)
  for (const [key, row] of changed) if (row.active !== undefined) ctx.users.activeAfter.set(key, row.active)
  for (const key of withdrawn) ctx.users.activeAfter.set(key, false)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed),
    async write(trx) {
      const accounts = await repo.accountIds(trx)
      const columns = ({ account, role, ...row }: (typeof added)[number][1]) =>
        given({ ...row, role: role as 'Administrator' | 'User', account_id: accounts.get(account)!.id })
      for (const [, row] of added) await repo.insertUser(trx, { ...columns(row), password_hash: NO_PASSWORD } as never)
      const ids = await repo.userIds(trx)
      await repo.updateWhere(
        trx,
        'users',
        'id',
        changed.map(([key, row]) => ({ key: ids.get(key)!, set: columns(row) })),
      )
      await repo.withdrawUsers(trx, withdrawn)
    },
  }
}

export async function planDeliverySites(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.deliverySites(db)
  const { rows, named, failed } = await collect(table, ctx, (r) => {
    const account = r.key('AccountCode')
    checkKnown(ctx, r, 'accounts', 'AccountCode', account)
    const text = (field: string) => r.text(field)
    return {
      key: `${account}|${r.key('SiteCode')}`,
      row: {
        name: r.key('Name'),
        address1: text('Address1'),
        address2: text('Address2'),
        city: text('City'),
        state: r.state('State'),
        postal_code: text('PostalCode'),
        contact: text('Contact'),
        email: text('Email'),
        phone: text('Phone'),
        fax: text('Fax'),
      },
    }
  })
  for (const key of named.keys()) ctx.known.sites.add(key)
  const { added, changed } = await diff(rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, 0, failed),
    async write(trx) {
      const accounts = await repo.accountIds(trx)
      await repo.upsertDeliverySites(
        trx,
        [...added, ...changed].map(([key, row]) => {
          const [account, site_code] = key.split('|') as [string, string]
          // The upsert sets every column: a column the file leaves out keeps the portal's value.
          return { ...existing.get(key), ...given(row), account_id: accounts.get(account)!.id, site_code } as never
        }),
      )
    },
  }
}
