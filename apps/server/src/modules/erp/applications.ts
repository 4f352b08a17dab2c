import type { ErpApplication, ErpApplicationAck } from '@portal/contract/applications'
import type { Config } from '../../config'
import type { Deps } from '../../lib/context'
import { conflict, notFound } from '../../lib/errors'
import * as repo from './applications-repo'

type Db = Deps['db']

/** The most one export writes, as for orders. */
const EXPORT_LIMIT = 100_000
const dollars = (cents: string | number) => Math.round(Number(cents)) / 100

async function applicationsOut(db: Db, ids: number[]): Promise<ErpApplication[]> {
  const rows = await repo.feedApplications(db, ids)
  return rows.map((a) => ({
    PortalApplicationId: a.reference,
    ABN: a.abn,
    BusinessName: a.business_name,
    TradingName: a.trading_name,
    ContactName: a.contact_name,
    Email: a.email,
    Phone: a.phone,
    LocationID: a.branch,
    BusinessKind: a.kind,
    MonthlySpend: dollars(a.monthly_spend_cents),
    ApprovedDate: a.approved_date,
    ApprovedBy: a.approved_by,
    Note: a.decision_reason ?? '',
  }))
}

/**
 * GET /api/erp/applications?status=new: up to `limit` approved applications no collector holds, oldest decision first,
 * each leased to this caller for ERP_ORDER_LEASE_SECONDS (decisions 0037, 0103).
 */
export async function collectNewApplications({ db, config }: Deps, limit: number): Promise<ErpApplication[]> {
  const ids = await repo.collectApplications(db, limit, config.erp.orderLeaseMs / 1000)
  return applicationsOut(db, ids)
}

/** The applications npm run erp:export writes (applications.csv), marked exported in the caller's transaction. */
export async function exportNewApplications(trx: Db, config: Config): Promise<ErpApplication[]> {
  const ids = await repo.collectApplications(trx, EXPORT_LIMIT, config.erp.orderLeaseMs / 1000, 'exported')
  return applicationsOut(trx, ids)
}

/**
 * POST /api/erp/applications/{PortalApplicationId}/ack: the ERP has the application, under its own reference. The same
 * reference again changes nothing; another is a conflict; an application not approved is unknown to the ERP (404).
 */
export async function acknowledgeApplication(db: Db, portalId: string, reference: string): Promise<ErpApplicationAck> {
  return db.transaction().execute(async (trx) => {
    const a = await repo.lockApplication(trx, portalId)
    if (!a) throw notFound(`portal application ${portalId}`)
    if (a.erp_acknowledged_at) {
      if (a.erp_reference === reference) return { PortalApplicationId: portalId, Reference: reference, acknowledged: 'already' }
      throw conflict('already_acknowledged', `Portal application ${portalId} was already acknowledged as ${a.erp_reference}; it cannot become ${reference}.`)
    }
    await repo.markAcknowledged(trx, a.id, reference)
    return { PortalApplicationId: portalId, Reference: reference, acknowledged: 'now' }
  })
}
