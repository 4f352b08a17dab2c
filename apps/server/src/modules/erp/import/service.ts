import type { Deps } from '../../../lib/context'
import { planAccounts, planContractPrices, planDeliverySites, planUsers } from './accounts'
import { planBranches, planBrands, planCategories, planProducts, planStock, planSynonyms } from './catalogue'
import { ATTACHMENT_FOLDER, FILES, folderInLowerCase, IMAGE_FOLDER, isInterchangePath, type FileKey } from './files'
import { planFinancialPeriods, planInvoices, planOrders, type Acknowledge } from './history'
import { openApprovedApplications } from '../../applications'
import { defaultPolicy, noUserChanges, planInvitations, type InvitationSummary, type InvitePolicy } from './invitations'
import { planAttachments, planImages } from './media'
import type { Counts, Mode, PlanContext, Refusable, Step } from './plan'
import { Problems, type ErpProblem as Problem } from '../problems'
import { MESSAGES } from './messages'
import { readTable, type ExportFiles, type Table } from './read'
import * as repo from './repo'

export type { ExportFiles } from './read'
export type { Mode } from './plan'
export { INVITE_POLICIES, type InvitationSummary, type InvitePolicy } from './invitations'
export type { ErpProblem as Problem } from '../problems'

export interface ImportOptions {
  mode: Mode
  dryRun: boolean
  /** Whom to invite by e-mail: `none`, the users this run creates (`new`), or also those still waiting (`all`); unset: the default (invitations.ts). */
  invite?: InvitePolicy
  /** Acknowledges a portal order that orders.csv names by PortalOrderId (the orders feed's service). */
  acknowledge: Acknowledge
  /** Called as each file is planned and as each is written (the CLI's progress). */
  progress?: (event: { file: string; phase: 'checked' | 'written'; index: number; total: number }) => void
}

export interface FileCounts extends Counts {
  file: string
}

export interface ImportReport {
  mode: Mode
  dryRun: boolean
  /** False when there were problems: then nothing was written. */
  ok: boolean
  files: FileCounts[]
  totals: Counts
  /** Every problem found; `problems` lists the first LISTED_PROBLEMS. */
  problemCount: number
  problems: Problem[]
  /** Values taken in as the reference says but worth a look (an unmapped status code); they never stop an import. */
  warnings: Problem[]
  /** How many invitations the run sends (dry: would send), under which choice, and what the other choices would send. */
  invitations: InvitationSummary
}

/** What each file holds, as the rows of other files refer to it when it is refused. */
const HOLDS: Partial<Record<FileKey, Refusable>> = {
  branches: 'branches',
  categories: 'categories',
  brands: 'brands',
  products: 'products',
  accounts: 'accounts',
  deliverySites: 'sites',
  orders: 'orders',
  invoices: 'invoices',
}

/**
 * Imports an ERP export (docs/erp-interchange.md): reads every file, checks every row against the portal and the
 * rest of the export, and writes only if nothing at all is wrong, in one transaction. Changes only what
 * differs, so the same export twice changes nothing the second time. The CLI and POST /api/erp/import both
 * come here. Caches and the search index show the result when this returns.
 */
export async function importExport(deps: Pick<Deps, 'db' | 'config' | 'inMemory'>, files: ExportFiles, options: ImportOptions): Promise<ImportReport> {
  const problems = new Problems()
  const warnings: Problem[] = []
  files = new Map([...files].map(([path, data]) => [folderInLowerCase(path), data]))
  for (const path of files.keys())
    if (!isInterchangePath(path)) problems.push({ file: path, line: 0, field: '', value: '', message: MESSAGES.notInterchange() })
  // Read one file after the other: each is held as rows only once read, and other requests run between its slices.
  const refused = new Map<Refusable, string>()
  const read = {} as Record<FileKey, Table | null>
  for (const key of Object.keys(FILES) as FileKey[]) {
    const table = await readTable(files, FILES[key], problems)
    read[key] = table === 'refused' ? null : table
    const holds = HOLDS[key]
    if (table === 'refused' && holds)
      refused.set(holds, [...files.keys()].find((path) => path.toLowerCase().startsWith(`${FILES[key].name}.`)) ?? FILES[key].name)
  }
  const tables = read

  const outcome = await deps.db.transaction().execute(async (trx) => {
    await repo.lockImports(trx)
    const ctx: PlanContext = {
      mode: options.mode,
      problems,
      warnings,
      known: await repo.knownKeys(trx),
      users: noUserChanges(),
      refused,
      noted: new Set(),
      unknownMessages: new Map(),
    }
    // Decided on the portal as the run finds it: its first users are not invited unless asked for.
    const fallback = await defaultPolicy(trx)
    // In the order rows refer to each other: branches before the accounts and stock that name them, and so on.
    const plans: Array<[file: string, plan: () => Promise<Step | Step[] | null>]> = []
    const add = (t: Table | null, plan: (t: Table) => Promise<Step | Step[]>) => t && plans.push([t.file, () => plan(t)])
    add(tables.branches, (t) => planBranches(trx, t, ctx))
    add(tables.categories, (t) => planCategories(trx, t, ctx))
    add(tables.brands, (t) => planBrands(trx, t, ctx))
    add(tables.products, (t) => planProducts(trx, t, ctx))
    add(tables.stock, (t) => planStock(trx, t, ctx))
    add(tables.synonyms, (t) => planSynonyms(trx, t, ctx))
    const sent = (folder: string) => [...files.keys()].some((path) => path.startsWith(`${folder}/`))
    if (sent(IMAGE_FOLDER)) plans.push([`${IMAGE_FOLDER}/`, () => planImages(trx, files, ctx)])
    if (sent(ATTACHMENT_FOLDER) || tables.attachments)
      plans.push([tables.attachments?.file ?? `${ATTACHMENT_FOLDER}/`, () => planAttachments(trx, files, tables.attachments, ctx)])
    add(tables.accounts, (t) => planAccounts(trx, t, ctx))
    add(tables.contractPrices, (t) => planContractPrices(trx, t, ctx))
    add(tables.users, (t) => planUsers(trx, t, ctx))
    add(tables.deliverySites, (t) => planDeliverySites(trx, t, ctx))
    add(tables.financialPeriods, (t) => planFinancialPeriods(trx, t, ctx))
    if (tables.orders || tables.orderLines)
      plans.push([tables.orders?.file ?? tables.orderLines!.file, () => planOrders(trx, tables.orders, tables.orderLines, ctx, options.acknowledge)])
    if (tables.invoices || tables.invoiceLines)
      plans.push([tables.invoices?.file ?? tables.invoiceLines!.file, () => planInvoices(trx, tables.invoices, tables.invoiceLines, ctx)])

    const steps: Step[] = []
    for (const [index, [file, plan]] of plans.entries()) {
      for (const step of [await plan()].flat()) if (step) steps.push(step)
      options.progress?.({ file, phase: 'checked', index, total: plans.length })
    }

    const invitations = await planInvitations(trx, ctx.users, options.invite, fallback)

    const write = problems.length === 0 && !options.dryRun
    if (write) {
      for (const [index, step] of steps.entries()) {
        await step.write(trx)
        options.progress?.({ file: step.file, phase: 'written', index, total: steps.length })
      }
      await invitations.send(trx, deps.config)
      // An account the ERP opened for an approved application: its applicant is invited, once (decision 0103).
      await openApprovedApplications(trx, deps.config)
    }
    return { steps, invitations: invitations.summary, wrote: write && steps.some((s) => s.counts.added + s.counts.changed + s.counts.withdrawn > 0) }
  })

  // This process's stock book and search index show it too, as other instances' do after their notifications.
  if (outcome.wrote) await deps.inMemory.importShown()
  const fileCounts = outcome.steps.map((s) => ({ file: s.file, ...s.counts }))
  // A file whose every row had problems has no step; it still shows with its failures.
  return {
    mode: options.mode,
    dryRun: options.dryRun,
    ok: problems.length === 0,
    files: withFailedFiles(fileCounts, problems.list),
    totals: fileCounts.reduce(
      (t, f) => ({ added: t.added + f.added, changed: t.changed + f.changed, withdrawn: t.withdrawn + f.withdrawn, failed: t.failed + f.failed }),
      { added: 0, changed: 0, withdrawn: 0, failed: 0 },
    ),
    problemCount: problems.length,
    problems: problems.list,
    warnings,
    invitations: outcome.invitations,
  }
}

function withFailedFiles(files: FileCounts[], problems: Problem[]): FileCounts[] {
  const named = new Set(files.map((f) => f.file))
  const extra = new Map<string, number>()
  for (const p of problems) if (!named.has(p.file) && !p.file.includes('/')) extra.set(p.file, (extra.get(p.file) ?? 0) + 1)
  return [...files, ...[...extra].map(([file, failed]) => ({ file, added: 0, changed: 0, withdrawn: 0, failed }))]
}
