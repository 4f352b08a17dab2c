#!/usr/bin/env node
// Writes the sample ERP export of this folder (docs/erp-interchange.md): 4 branches, 200 products, 20 accounts with
// users, delivery sites and contract prices, and a little history. Deterministic: the same files every run.
//   node examples/erp/generate.mjs [--out examples/erp]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : new URL('.', import.meta.url).pathname

let seed = 20261125
function random() {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (min, max) => min + Math.floor(random() * (max - min + 1))
const pick = (list) => list[int(0, list.length - 1)]
const money = (cents) => (cents / 100).toFixed(2)
const gst = (ex) => Math.sign(ex) * Math.round(Math.abs(ex) / 10)

function csv(file, header, rows) {
  const cell = (v) => {
    const s = v === undefined || v === null ? '' : String(v)
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
  }
  const text = [header, ...rows.map((r) => header.map((h) => r[h]))].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
  writeFileSync(join(out, file), text)
}

const BRANCHES = [
  { LocationID: 'ALB', NAME: 'Albury' },
  { LocationID: 'DUB', NAME: 'Dubbo' },
  { LocationID: 'ORA', NAME: 'Orange' },
  { LocationID: 'BEN', NAME: 'Bendigo' },
]

const CATEGORIES = [
  { Category: 'animal-health', Title: 'Animal Health', IconName: 'paw', children: ['drenches', 'vaccines', 'pour-ons'] },
  { Category: 'fencing', Title: 'Fencing', IconName: 'fence', children: ['wire', 'posts', 'energisers'] },
  { Category: 'water', Title: 'Water & Pumps', IconName: 'droplet', children: ['pumps', 'troughs'] },
  { Category: 'feed', Title: 'Stock Feed', IconName: 'wheat', children: ['pellets', 'supplements'] },
]
const CHILD_TITLES = {
  drenches: 'Drenches',
  vaccines: 'Vaccines',
  'pour-ons': 'Pour-ons',
  wire: 'Wire',
  posts: 'Posts & Droppers',
  energisers: 'Energisers',
  pumps: 'Pumps',
  troughs: 'Troughs',
  pellets: 'Pellets',
  supplements: 'Supplements',
}
const ITEMS = {
  drenches: ['Oral Drench', 'Combination Drench', 'Sheep Drench', 'Cattle Drench'],
  vaccines: ['5 in 1 Vaccine', '6 in 1 Vaccine', 'Scabby Mouth Vaccine'],
  'pour-ons': ['Lice Pour-On', 'Fly Pour-On', 'Backline Pour-On'],
  wire: ['Barbed Wire 500m', 'Plain Wire 2.5mm', 'Ringlock 8/80/30', 'Hinge Joint 8/90/30'],
  posts: ['Steel Star Picket 1650mm', 'Treated Pine Post 1.8m', 'Wire Dropper 1.0m'],
  energisers: ['Solar Energiser 4km', 'Mains Energiser 40km', 'Battery Energiser 10km'],
  pumps: ['Pressure Pump 0.8kW', 'Transfer Pump 2in', 'Solar Bore Pump'],
  troughs: ['Poly Trough 600L', 'Concrete Trough 1200L', 'Float Valve Kit'],
  pellets: ['Calf Pellets 20kg', 'Sheep Pellets 20kg', 'Horse Pellets 20kg'],
  supplements: ['Mineral Lick Block 20kg', 'Salt Block 20kg', 'Molasses Lick 200L'],
}
const BRANDS = [
  ['ACME', 'Acme Rural'],
  ['BOVA', 'Bovatec'],
  ['CLAR', 'Clarendon'],
  ['DAVE', 'Davey Pumps'],
  ['GALL', 'Gallagher'],
  ['JBA', 'JBA Seed'],
  ['ONEC', 'Onecare'],
  ['POLY', 'Polymaster'],
  ['RIDL', 'Ridley'],
  ['WAIK', 'Waikato'],
]

const MAKERS = {
  drenches: ['BOVA', 'ONEC', 'ACME'],
  vaccines: ['BOVA', 'ONEC'],
  'pour-ons': ['BOVA', 'ONEC', 'ACME'],
  wire: ['WAIK', 'CLAR'],
  posts: ['WAIK', 'CLAR'],
  energisers: ['GALL', 'WAIK'],
  pumps: ['DAVE'],
  troughs: ['POLY', 'DAVE'],
  pellets: ['RIDL', 'JBA'],
  supplements: ['RIDL', 'JBA'],
}

const products = []
for (let i = 0; i < 200; i++) {
  const category = pick(Object.keys(ITEMS))
  const brand = pick(MAKERS[category])
  const item = pick(ITEMS[category])
  const price = int(5, 900) * 100 + pick([0, 50, 95])
  const carton = random() < 0.5
  products.push({
    ProductCode: `${brand}-${String(1000 + i)}`,
    Description: `${BRANDS.find((b) => b[0] === brand)[1]} ${item}`,
    Category: category,
    brandcode: brand,
    Price: money(price),
    RetailPrice: money(Math.round(price * 1.35)),
    CartonPrice: carton ? money(Math.round(price * 0.95)) : '',
    CartonQty: carton ? pick([6, 10, 12]) : '',
    PalletPrice: '',
    PalletQty: '',
    Weight: (int(1, 400) / 10).toFixed(1),
    Barcode: `9300${String(600000000 + i * 7919).slice(0, 9)}`,
    FullDescription1: `${item} from ${BRANDS.find((b) => b[0] === brand)[1]}.`,
    FullDescription2: i % 17 === 0 ? 'Read the label before use.\nKeep out of reach of children.' : '',
    FullDescription3: '',
    UserDefinedField4: '',
    Special: i % 23 === 0 ? 'Y' : 'N',
    Active: 'true',
  })
}

const stock = []
for (const p of products)
  for (const b of BRANCHES) if (random() < 0.8) stock.push({ ProductCode: p.ProductCode, LocationID: b.LocationID, QtyAvailable: int(0, 250) })

const TOWNS = [
  ['Albury', 'NSW', '2640', 'ALB'],
  ['Corowa', 'NSW', '2646', 'ALB'],
  ['Dubbo', 'NSW', '2830', 'DUB'],
  ['Narromine', 'NSW', '2821', 'DUB'],
  ['Orange', 'NSW', '2800', 'ORA'],
  ['Molong', 'NSW', '2866', 'ORA'],
  ['Bendigo', 'VIC', '3550', 'BEN'],
  ['Echuca', 'VIC', '3564', 'BEN'],
]
const FARMS = ['Yarran', 'Bimbi', 'Coolabah', 'Wirrinya', 'Gundagai', 'Mulga', 'Kurrajong', 'Boree', 'Myall', 'Tallowwood']
const FIRST = ['Anna', 'Ben', 'Chloe', 'Dan', 'Emma', 'Fraser', 'Grace', 'Hamish', 'Isla', 'Jack', 'Kate', 'Liam', 'Mia', 'Ned', 'Olive', 'Paddy']
const LAST = ['Ashby', 'Brennan', 'Cullen', 'Doyle', 'Egan', 'Fitzgerald', 'Gleeson', 'Hogan', 'Kelly', 'Lynch']

const accounts = []
const users = [
  { AccountCode: 'RRS001', UserName: 'admin', Email: 'it@riverinarural.example', Name: 'Portal Administrator', Role: 'Administrator', Active: 'Y' },
]
const sites = []
for (let i = 0; i < 20; i++) {
  const [town, state, postcode, branch] = TOWNS[i % TOWNS.length]
  const cash = i % 5 === 4
  const reseller = i === 7
  const code = i === 0 ? 'RRS001' : `${town.slice(0, 3).toUpperCase()}${String(100 + i)}`
  const name = i === 0 ? 'Riverina Rural Supply (staff account)' : `${pick(FARMS)} ${pick(['Pastoral Co', 'Farms', 'Rural Store', 'Vet Clinic', 'Grazing'])}`
  accounts.push({
    AccountCode: code,
    Name: name,
    SalesCategory: cash ? 'CAS' : reseller ? 'ELD' : 'TRD',
    isElders: reseller ? 'Y' : 'N',
    TermsDays: cash ? 0 : 30,
    CreditLimit: cash ? '0.00' : money(int(5, 50) * 100000),
    Balance: cash ? '0.00' : money(int(0, 2000000)),
    DiscountPercent: cash ? '0' : String(pick([0, 2.5, 5])),
    DefaultWareHouse: branch,
    Branches: reseller ? 'ALB;DUB;ORA' : '',
    Active: 'Y',
  })
  const first = pick(FIRST)
  const last = pick(LAST)
  const username = `${first}.${last}${i}`.toLowerCase()
  users.push({ AccountCode: code, UserName: username, Email: `${username}@example.com`, Name: `${first} ${last}`, Role: 'Administrator', Active: 'Y' })
  if (i % 3 === 0) {
    const staff = `${pick(FIRST)}${i}`.toLowerCase()
    users.push({
      AccountCode: code,
      UserName: staff,
      Email: `${staff}@example.com`,
      Name: `${staff[0].toUpperCase()}${staff.slice(1).replace(/\d+$/, '')} ${last}`,
      Role: 'User',
      Active: 'Y',
    })
  }
  for (let s = 1; s <= (i % 2) + 1; s++)
    sites.push({
      AccountCode: code,
      SiteCode: `S${s}`,
      Name: s === 1 ? 'Homestead' : 'Shearing Shed',
      Address1: `${int(10, 990)} ${pick(['Back', 'Station', 'Creek', 'Ridge'])} Road`,
      Address2: '',
      City: town,
      State: state,
      PostalCode: postcode,
      Contact: `${first} ${last}`,
      Email: `${username}@example.com`,
      Phone: `02 6${int(100, 999)} ${int(1000, 9999)}`,
      Fax: '',
    })
}

const contractPrices = []
for (const a of accounts.slice(1, 6))
  for (const p of products.filter((_, i) => i % 29 === accounts.indexOf(a)))
    contractPrices.push({ AccountCode: a.AccountCode, ProductCode: p.ProductCode, Price: money(Math.round(Number(p.Price) * 100 * 0.9)) })

const periods = []
for (const year of [2026, 2027])
  for (let m = 0; m < 12; m++) {
    const month = (m + 6) % 12 // July first: the Australian financial year
    const calendarYear = month >= 6 ? year - 1 : year
    const start = new Date(Date.UTC(calendarYear, month, 1))
    const end = new Date(Date.UTC(calendarYear, month + 1, 0))
    periods.push({
      financialYear: year,
      financialPeriod: m + 1,
      DESCRIPTION: start.toLocaleString('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      StartDate: start.toISOString().slice(0, 10),
      EndDate: end.toISOString().slice(0, 10),
    })
  }

const orders = []
const orderLines = []
const invoices = []
const invoiceLines = []
for (let n = 0; n < 30; n++) {
  const account = accounts[1 + (n % 19)]
  const salesOrder = `SO${String(500100 + n)}`
  const day = new Date(Date.UTC(2026, 6 + Math.floor(n / 8), 1 + (n % 27)))
  const enter = day.toISOString().slice(0, 10)
  const shipped = n % 4 !== 3
  const site = sites.find((s) => s.AccountCode === account.AccountCode)
  orders.push({
    AccountCode: account.AccountCode,
    SalesOrder: salesOrder,
    EnterDate: enter,
    SalesOrderStatus: shipped ? '9' : '4',
    LocationID: account.DefaultWareHouse,
    CustomerPurchaseOrder: `PO-${int(1000, 9999)}`,
    ShipDate: shipped ? new Date(day.getTime() + 2 * 86400000).toISOString().slice(0, 10) : '',
    SiteCode: site.SiteCode,
    DeliveryName: site.Name,
    DeliveryAddress1: site.Address1,
    DeliveryAddress2: '',
    DeliveryCity: site.City,
    DeliveryState: site.State,
    DeliveryPostalCode: site.PostalCode,
    Email: site.Email,
    Phone: site.Phone,
    PortalOrderId: '',
  })
  const lines = []
  for (let l = 1; l <= int(1, 4); l++) {
    const p = pick(products)
    const qty = int(1, 12)
    const backOrdered = shipped ? 0 : int(0, qty)
    lines.push({ p, qty, price: Math.round(Number(p.Price) * 100) })
    orderLines.push({
      SalesOrder: salesOrder,
      Line: l,
      ProductCode: p.ProductCode,
      QuantityOrdered: qty,
      QuantitySupplied: qty - backOrdered,
      QuantityBackOrdered: backOrdered,
      DueDate: backOrdered ? new Date(day.getTime() + 14 * 86400000).toISOString().slice(0, 10) : '',
      Price: p.Price,
    })
  }
  if (shipped) {
    const invoice = `IN${String(800100 + n)}`
    const inc = lines.reduce((t, l) => t + l.qty * l.price + gst(l.qty * l.price), 0)
    invoices.push({
      AccountCode: account.AccountCode,
      Invoice: invoice,
      InvoiceDate: orders.at(-1).ShipDate,
      TransactionType: 'INV',
      Amount: money(inc),
      DueDate: new Date(day.getTime() + 32 * 86400000).toISOString().slice(0, 10),
      SalesOrder: salesOrder,
      Reference: orders.at(-1).CustomerPurchaseOrder,
      BRN: '',
      SalesLocation: account.DefaultWareHouse,
      Carrier: pick(['Own truck', 'Toll', 'Northline']),
      ConsignmentNote: `CN${int(100000, 999999)}`,
    })
    lines.forEach((l, i) => invoiceLines.push({ Invoice: invoice, Line: i + 1, ProductCode: l.p.ProductCode, Quantity: l.qty, Price: money(l.price) }))
  }
}

/** A small PNG of one colour: a real picture, made without any library. */
function png(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

for (const dir of ['images', 'attachments']) rmSync(join(out, dir), { recursive: true, force: true })
mkdirSync(join(out, 'images'), { recursive: true })
for (const p of products.slice(0, 6)) writeFileSync(join(out, 'images', `${p.ProductCode}.png`), png(64, 64, [int(40, 200), int(80, 200), int(40, 160)]))
const attached = products.filter((p) => p.Category === 'drenches' || p.Category === 'vaccines').slice(0, 2)
for (const p of attached) {
  mkdirSync(join(out, 'attachments', p.ProductCode), { recursive: true })
  writeFileSync(join(out, 'attachments', p.ProductCode, 'safety-data-sheet.txt'), `Safety data sheet: ${p.Description}\nFirst aid: call 13 11 26.\n`)
}

csv(
  'branches.csv',
  ['LocationID', 'NAME', 'Active'],
  BRANCHES.map((b) => ({ ...b, Active: 'Y' })),
)
csv(
  'categories.csv',
  ['Category', 'Title', 'Parent', 'Order', 'IconName', 'Active'],
  CATEGORIES.flatMap((c, i) => [
    { Category: c.Category, Title: c.Title, Parent: '', Order: i + 1, IconName: c.IconName, Active: 'Y' },
    ...c.children.map((child, j) => ({ Category: child, Title: CHILD_TITLES[child], Parent: c.Category, Order: j + 1, IconName: '', Active: 'Y' })),
  ]),
)
csv(
  'brands.csv',
  ['BrandCode', 'Description', 'Active'],
  BRANDS.map(([BrandCode, Description]) => ({ BrandCode, Description, Active: 'Y' })),
)
csv('products.csv', Object.keys(products[0]), products)
csv('stock.csv', ['ProductCode', 'LocationID', 'QtyAvailable'], stock)
csv('accounts.csv', Object.keys(accounts[0]), accounts)
csv('contract_prices.csv', ['AccountCode', 'ProductCode', 'Price'], contractPrices)
csv('users.csv', ['AccountCode', 'UserName', 'Email', 'Name', 'Role', 'Active'], users)
csv('delivery_sites.csv', Object.keys(sites[0]), sites)
csv(
  'synonyms.csv',
  ['Term', 'Synonyms'],
  [
    { Term: 'wormer', Synonyms: 'drench;worm drench' },
    { Term: 'pour-on', Synonyms: 'pour on;backliner' },
    { Term: 'energizer', Synonyms: 'energiser' },
  ],
)
csv('financial_periods.csv', Object.keys(periods[0]), periods)
csv('orders.csv', Object.keys(orders[0]), orders)
csv('order_lines.csv', Object.keys(orderLines[0]), orderLines)
csv('invoices.csv', Object.keys(invoices[0]), invoices)
csv('invoice_lines.csv', Object.keys(invoiceLines[0]), invoiceLines)
csv(
  'attachments.csv',
  ['ProductCode', 'FileName', 'Description'],
  attached.map((p) => ({ ProductCode: p.ProductCode, FileName: 'safety-data-sheet.txt', Description: 'Safety data sheet' })),
)
console.log(`Wrote the sample ERP export to ${out}: ${products.length} products, ${accounts.length} accounts, ${users.length} users, ${orders.length} orders.`)
