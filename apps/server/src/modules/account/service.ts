import type { DeliverySite } from '@portal/contract/reference'
import type { Deps, Session } from '../../lib/context'
import * as repo from './repo'

export async function deliverySites({ db }: Deps, session: Session): Promise<DeliverySite[]> {
  const rows = await repo.listDeliverySites(db, session.accountId)
  return rows.map((s) => ({
    SiteCode: s.site_code,
    Name: s.name,
    Address1: s.address1,
    Address2: s.address2,
    City: s.city,
    State: s.state,
    PostalCode: s.postal_code,
    Contact: s.contact,
    Email: s.email,
    Phone: s.phone,
    Fax: s.fax,
    LocationID: s.location_id,
  }))
}
