import { MAX_LINE_QUANTITY } from '@portal/contract/constants'
import { MAX_LIST_LINES, type CreateListBody, type ListDetail, type ListLineInput, type ListSummary, type UpdateListBody } from '@portal/contract/lists'
import type { Deps, Session } from '../../lib/context'
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors'
import { branchOf } from '../branches/service'
import * as catalogue from '../catalogue/service'
import * as repo from './repo'

type Db = Deps['db']

/** Everyone on the account may use a list; only its creator and the account's Administrators may change it (decision 0030). */
const mayChange = (session: Session, list: repo.ListRow) => session.role === 'Administrator' || list.created_by === session.userId

const toSummary = (session: Session, list: repo.ListRow): ListSummary => ({
  id: list.id,
  name: list.name,
  lineCount: Number(list.line_count),
  createdBy: list.creator,
  canChange: mayChange(session, list),
  updatedAt: list.updated,
})

async function findList(db: Db, session: Session, id: number, options?: { forUpdate: boolean }) {
  const list = await repo.findList(db, session.accountId, id, options)
  if (!list) throw notFound('list')
  return list
}

/** The list, locked, when this user may change it: another account's is not found, someone else's is forbidden. */
async function changeable(db: Db, session: Session, id: number) {
  const list = await findList(db, session, id, { forUpdate: true })
  if (!mayChange(session, list)) throw forbidden('Only the person who made this list or an Administrator can change it.')
  return list
}

/**
 * Lines as sent, checked: each product must exist and be one this user may see (a withdrawn one may stay:
 * it shows as not available), and a product sent twice is one line with both quantities.
 */
async function checkedLines(db: Db, session: Session, lines: ListLineInput[], field: (index: number) => string) {
  const known = await repo.knownProducts(db, session, [...new Set(lines.map((l) => l.ProductID))])
  const merged = new Map<number, number>()
  lines.forEach((line, i) => {
    if (!known.has(line.ProductID)) throw badRequest('invalid_request', 'No such product.', `${field(i)}.ProductID`)
    const quantity = (merged.get(line.ProductID) ?? 0) + line.Quantity
    if (quantity > MAX_LINE_QUANTITY)
      throw badRequest('invalid_request', `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`, `${field(i)}.Quantity`)
    merged.set(line.ProductID, quantity)
  })
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
}

/** One of the account's lists, with its creator (standing orders are made of lists); undefined for another account's. */
export const findAccountList = (db: Db, accountId: number, id: number) => repo.findList(db, accountId, id)

/** A list's lines in the order they were added, with each product's code and description. */
export const linesOfList = (db: Db, listId: number) => repo.linesOf(db, listId)

export async function list({ db }: Deps, session: Session): Promise<ListSummary[]> {
  return (await repo.listsOf(db, session.accountId)).map((l) => toSummary(session, l))
}

/** A list with each product's current price for the account and stock at the branch; what is no longer sold has no product. */
export async function detail(deps: Deps, session: Session, id: number, query: { warehouse?: string | undefined }): Promise<ListDetail> {
  const list = await findList(deps.db, session, id)
  const lines = await repo.linesOf(deps.db, id)
  const sold = await catalogue.productsSold(
    deps,
    session,
    lines.map((l) => l.product_id),
    query,
  )
  return {
    ...toSummary(session, list),
    warehouse: branchOf(session, query.warehouse),
    lines: lines.map((l) => ({
      ProductID: l.product_id,
      ProductCode: l.product_code,
      Description: l.description,
      Quantity: l.quantity,
      Product: sold.get(l.product_id) ?? null,
    })),
  }
}

export async function create(deps: Deps, session: Session, body: CreateListBody & { lines: ListLineInput[] }): Promise<ListDetail> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const lines = await checkedLines(trx, session, body.lines, (i) => `body.lines.${i}`)
    const id = await repo.insertList(trx, { accountId: session.accountId, userId: session.userId, name: body.name })
    await repo.replaceLines(trx, id, lines)
    return id
  })
  return detail(deps, session, id, {})
}

export async function update(deps: Deps, session: Session, id: number, body: UpdateListBody): Promise<ListDetail> {
  await deps.db.transaction().execute(async (trx) => {
    await changeable(trx, session, id)
    if (body.lines) await repo.replaceLines(trx, id, await checkedLines(trx, session, body.lines, (i) => `body.lines.${i}`))
    await repo.updateList(trx, id, { name: body.name })
  })
  return detail(deps, session, id, {})
}

/** "Add to list": the product goes on the list, or its quantity there grows (up to 99,999). */
export async function addLine(deps: Deps, session: Session, id: number, line: ListLineInput): Promise<ListDetail> {
  await deps.db.transaction().execute(async (trx) => {
    await changeable(trx, session, id)
    const [checked] = await checkedLines(trx, session, [line], () => 'body')
    await repo.addLine(trx, id, checked!, MAX_LINE_QUANTITY)
    if ((await repo.lineCount(trx, id)) > MAX_LIST_LINES) {
      throw new AppError(409, 'list_full', `A list can hold at most ${MAX_LIST_LINES} products.`)
    }
    await repo.updateList(trx, id, {})
  })
  return detail(deps, session, id, {})
}

export async function removeLine(deps: Deps, session: Session, id: number, productId: number): Promise<ListDetail> {
  await deps.db.transaction().execute(async (trx) => {
    await changeable(trx, session, id)
    if (!(await repo.deleteLine(trx, id, productId))) throw notFound('product on this list')
    await repo.updateList(trx, id, {})
  })
  return detail(deps, session, id, {})
}

const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503'

/** Deletes a list; one that a standing order orders stays (the database refuses it, migration 0041) until that goes. */
export async function remove({ db }: Deps, session: Session, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await changeable(trx, session, id)
      await repo.deleteList(trx, id)
    })
  } catch (err) {
    if (isForeignKeyViolation(err))
      throw new AppError(409, 'list_in_standing_order', 'This list is ordered by a standing order. Delete the standing order first, then the list.')
    throw err
  }
}
