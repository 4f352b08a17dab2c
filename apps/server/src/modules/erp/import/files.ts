/**
 * What one import may hold, so that no file can take the server's memory or time: each file's size, its rows, a
 * row's size and a header's columns (docs/erp-interchange.md, "Limits"). The problems listed are capped too
 * (LISTED_PROBLEMS).
 */
export const IMPORT_LIMITS = {
  fileMiB: 64,
  rows: 1_000_000,
  rowMiB: 1,
  columns: 100,
} as const

/**
 * The files of the ERP interchange (docs/erp-interchange.md), their fields and which are required. Each may come
 * as `name.csv` or `name.jsonl` with the same fields.
 */
export interface FileSpec {
  name: string
  fields: readonly string[]
  required: readonly string[]
}

const spec = (name: string, required: string[], optional: string[] = []): FileSpec => ({ name, fields: [...required, ...optional], required })

export const FILES = {
  branches: spec('branches', ['LocationID', 'NAME'], ['Active']),
  categories: spec('categories', ['Category', 'Title'], ['Parent', 'Order', 'IconName', 'Active']),
  brands: spec('brands', ['BrandCode', 'Description'], ['Active']),
  products: spec(
    'products',
    ['ProductCode', 'Description', 'Category', 'brandcode', 'Price'],
    [
      'RetailPrice',
      'CartonPrice',
      'CartonQty',
      'PalletPrice',
      'PalletQty',
      'Weight',
      'Barcode',
      'FullDescription1',
      'FullDescription2',
      'FullDescription3',
      'UserDefinedField4',
      'Special',
      'Active',
    ],
  ),
  stock: spec('stock', ['ProductCode', 'LocationID', 'QtyAvailable']),
  accounts: spec(
    'accounts',
    ['AccountCode', 'Name', 'SalesCategory'],
    ['isElders', 'TermsDays', 'CreditLimit', 'Balance', 'DiscountPercent', 'DefaultWareHouse', 'Branches', 'Active', 'OnHold', 'CreditMode', 'SalesRep', 'ABN'],
  ),
  contractPrices: spec('contract_prices', ['AccountCode', 'ProductCode', 'Price']),
  users: spec('users', ['AccountCode', 'UserName', 'Email', 'Name', 'Role'], ['Active']),
  deliverySites: spec(
    'delivery_sites',
    ['AccountCode', 'SiteCode', 'Name'],
    ['Address1', 'Address2', 'City', 'State', 'PostalCode', 'Contact', 'Email', 'Phone', 'Fax'],
  ),
  synonyms: spec('synonyms', ['Term', 'Synonyms']),
  orders: spec(
    'orders',
    ['AccountCode', 'SalesOrder', 'EnterDate', 'SalesOrderStatus', 'LocationID'],
    [
      'CustomerPurchaseOrder',
      'ShipDate',
      'SiteCode',
      'DeliveryName',
      'DeliveryAddress1',
      'DeliveryAddress2',
      'DeliveryCity',
      'DeliveryState',
      'DeliveryPostalCode',
      'Email',
      'Phone',
      'PortalOrderId',
    ],
  ),
  orderLines: spec('order_lines', ['SalesOrder', 'Line', 'ProductCode', 'QuantityOrdered', 'Price'], ['QuantitySupplied', 'QuantityBackOrdered', 'DueDate']),
  invoices: spec(
    'invoices',
    ['AccountCode', 'Invoice', 'InvoiceDate', 'TransactionType', 'Amount'],
    ['DueDate', 'SalesOrder', 'Reference', 'BRN', 'SalesLocation', 'Carrier', 'ConsignmentNote', 'Outstanding'],
  ),
  invoiceLines: spec('invoice_lines', ['Invoice', 'Line', 'ProductCode', 'Quantity', 'Price']),
  financialPeriods: spec('financial_periods', ['financialYear', 'financialPeriod', 'DESCRIPTION', 'StartDate', 'EndDate']),
  attachments: spec('attachments', ['ProductCode', 'FileName'], ['Description']),
} as const satisfies Record<string, FileSpec>

export type FileKey = keyof typeof FILES

/** Pictures: images/{ProductCode}.jpg|png|webp. Attachments: attachments/{ProductCode}/{FileName}. */
export const IMAGE_FOLDER = 'images'
export const ATTACHMENT_FOLDER = 'attachments'

/** Whether a path (relative to the export folder, with forward slashes, its folder in lower case) is one the import reads; file names match whatever their case. */
export function isInterchangePath(path: string): boolean {
  if (path.startsWith(`${IMAGE_FOLDER}/`) || path.startsWith(`${ATTACHMENT_FOLDER}/`)) return true
  const match = /^([a-z_]+)\.(csv|jsonl)$/.exec(path.toLowerCase())
  return match !== null && Object.values(FILES).some((f) => f.name === match[1])
}

/** The path with its folder (images/, attachments/) in lower case, as the import reads it; a product code or file name keeps its case. */
export function folderInLowerCase(path: string): string {
  const slash = path.indexOf('/')
  return slash < 0 ? path : `${path.slice(0, slash).toLowerCase()}${path.slice(slash)}`
}
