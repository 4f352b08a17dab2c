import type { Brand, Category, Warehouse } from '@portal/contract/reference'
import type { Deps, Session } from '../../lib/context'
import * as repo from './repo'

export async function warehouses({ db }: Deps): Promise<Warehouse[]> {
  const rows = await repo.listBranches(db)
  return rows.map((r) => ({ LocationID: r.location_id, NAME: r.name }))
}

/** Parent categories by their order field, each with its children; resellers never see the hidden ones. */
export async function categories({ db }: Deps, session: Session | null): Promise<Category[]> {
  const rows = await repo.listCategories(db, { forElders: session?.isElders ?? false })
  const parents = rows.filter((r) => r.parent_id === null)
  return parents.map((p) => ({
    id: p.id,
    name: p.name,
    title: p.title,
    acf: {
      order: p.display_order,
      icon_name: p.icon_name,
      child_categories: rows.filter((c) => c.parent_id === p.id).map((c) => ({ category: c.name, title: c.title })),
    },
  }))
}

export async function brands({ db }: Deps, session: Session | null): Promise<Brand[]> {
  const rows = await repo.listBrands(db, { forElders: session?.isElders ?? false })
  return rows.map((r) => ({ BrandCode: r.brand_code, Description: r.description }))
}
