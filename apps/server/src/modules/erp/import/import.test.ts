import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, TEST_ERP_KEY, type TestContext } from '../../../../test/helpers'
import { fingerprint, VOLATILE_TABLES } from '../../../../test/security/surface'
import { LISTED_PROBLEMS } from '../problems'
import { readExportFolder } from './folder'

/** A rural and vet wholesaler's own export, written by hand the way ERPs write them (see its files). */
const AWKWARD = new URL('../../../../test/fixtures/erp-awkward/', import.meta.url).pathname

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }
const encoder = new TextEncoder()
type Files = Map<string, Uint8Array> | Record<string, string | Uint8Array>

async function multipart(files: Files) {
  const form = new FormData()
  const entries = files instanceof Map ? [...files] : Object.entries(files)
  for (const [path, data] of entries) form.append(path, new Blob([typeof data === 'string' ? encoder.encode(data) : data]), path.split('/').pop())
  const res = new Response(form)
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } }
}

let t: TestContext
const importFiles = async (files: Files, query = '') => {
  const body = await multipart(files)
  return t.app.inject({ method: 'POST', url: `/api/erp/import${query}`, payload: body.payload, headers: { ...body.headers, ...erpKey } })
}
const listed = (res: { json(): any }) => res.json().problems.map((p: any) => `${p.file}:${p.line} ${p.field}=${p.value}: ${p.message}`)
const unchanged = () => fingerprint(t.db, [...VOLATILE_TABLES, 'erp_runs'])

beforeAll(async () => {
  t = await startTestApp({}, { emptyDatabase: true })
  const first = await importFiles(readExportFolder(AWKWARD))
  expect(first.statusCode, first.body).toBe(200)
})
afterAll(async () => t?.close())

describe('an awkward export of another distributor', () => {
  it('arrives intact: BOM, CRLF, quoted commas, doubled quotes, line breaks, accents, padded values, reordered columns', async () => {
    const products = await t.db
      .selectFrom('products')
      .select(['product_code', 'description', 'unit_price_cents', 'full_description1'])
      .orderBy('product_code')
      .execute()
    expect(products).toEqual([
      {
        product_code: 'WRV-CR-20',
        description: 'Calf milk replacer, 20 kg',
        unit_price_cents: 8950,
        full_description1: 'Mix 150 g per litre.\r\nFeed twice daily.',
      },
      { product_code: 'WRV-HW-1', description: 'Hot wire insulator', unit_price_cents: 725, full_description1: '' },
      { product_code: 'WRV-TAG', description: 'Ear tag "Large" – yellow', unit_price_cents: 1200, full_description1: '' },
      { product_code: 'ÉLV-DR-1', description: "Drench à l'avermectine 1 L", unit_price_cents: 4510, full_description1: 'Pour-on; "shake well"' },
    ])
    const branches = await t.db.selectFrom('branches').select(['location_id', 'name', 'trading']).orderBy('location_id').execute()
    expect(branches).toEqual([
      { location_id: 'HAM', name: 'Hamilton, Main St', trading: true },
      { location_id: 'NPL', name: 'Napier (closed)', trading: false },
      { location_id: 'PNR', name: 'Palmerston North', trading: true },
      { location_id: 'TRG', name: 'Te Awamutu', trading: true },
    ])
    const categories = await t.db.selectFrom('categories').select(['name', 'title']).orderBy('name').execute()
    expect(categories).toContainEqual({ name: 'fencing', title: 'Fencing "Hot Wire" Gear' })
    // A state written out in full is kept as the code the checkout offers.
    const sites = await t.db.selectFrom('delivery_sites').select(['site_code', 'state', 'address1']).orderBy('account_id').execute()
    expect(sites).toEqual([
      { site_code: 'S1', state: 'VIC', address1: '12 Bank Street, Unit 3' },
      { site_code: 'S1', state: 'NSW', address1: '1 Station Rd' },
    ])
  })

  it('a second time changes nothing', async () => {
    const before = await unchanged()
    const again = await importFiles(readExportFolder(AWKWARD))
    expect(again.statusCode).toBe(200)
    expect(again.json().totals).toEqual({ added: 0, changed: 0, withdrawn: 0, failed: 0 })
    expect(await unchanged()).toEqual(before)
  })

  it('a branch imported with Active N is offered nowhere: not in the branch list, not taken by a cart', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/warehouses' })).json()
    expect(list.map((w: { LocationID: string }) => w.LocationID).sort()).toEqual(['HAM', 'PNR', 'TRG'])
  })

  it('matches file names whatever their case', async () => {
    const res = await importFiles({ 'Products.CSV': 'ProductCode,Description,Category,brandcode,Price\nWRV-CASE,Case,fencing,WRV,1.00\n' }, '?dryRun=true')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().files).toEqual([{ file: 'Products.CSV', added: 1, changed: 0, withdrawn: 0, failed: 0 }])
    const twice = await importFiles({ 'Products.csv': 'ProductCode\n', 'products.csv': 'ProductCode\n' }, '?dryRun=true')
    expect(twice.statusCode).toBe(422)
    expect(listed(twice)).toEqual(['products.csv:0 =: Products.csv was sent too (file names match whatever their case): send one'])
  })
})

describe('every problem once, at its root', () => {
  it('a products.csv refused for its header is reported once, and the rows naming its products are not checked against it', async () => {
    const before = await unchanged()
    const res = await importFiles({
      'products.csv': 'ProductCode,Description,Category,brandcode,Price,Colour\nNEW-1,New,fencing,WRV,1.00,red\n',
      'stock.csv': 'ProductCode,LocationID,QtyAvailable\nNEW-1,HAM,1\nNEW-1,TRG,2\nWRV-TAG,HMA,3\n',
      'contract_prices.csv': 'AccountCode,ProductCode,Price\nWK2001,NEW-1,1.00\nWK2001,NEW-2,1.00\n',
      'images/NEW-1.png': new Uint8Array([1, 2, 3]),
      'attachments/NEW-1/label.pdf': new Uint8Array([1]),
    })
    expect(res.statusCode).toBe(422)
    expect(listed(res)).toEqual([
      'products.csv:1 Colour=Colour: unknown column; products has ProductCode, Description, Category, brandcode, Price, RetailPrice, CartonPrice, CartonQty, PalletPrice, PalletQty, Weight, Barcode, FullDescription1, FullDescription2, FullDescription3, UserDefinedField4, Special, Active',
      'stock.csv:0 ProductCode=: not checked: products.csv was refused (see its problems); fix it and import again',
      // The rows' other problems are still found in the same run.
      'stock.csv:4 LocationID=HMA: unknown branch: did you mean HAM?',
      'images/:0 ProductCode=: not checked: products.csv was refused (see its problems); fix it and import again',
      'attachments/:0 ProductCode=: not checked: products.csv was refused (see its problems); fix it and import again',
      'contract_prices.csv:0 ProductCode=: not checked: products.csv was refused (see its problems); fix it and import again',
    ])
    expect(await unchanged()).toEqual(before)
  })

  it('a categories.csv refused for a missing column leaves the products naming categories unchecked, and says so once', async () => {
    const res = await importFiles({
      'categories.csv': 'Category,Titel\nnew-cat,New\n',
      'products.csv': 'ProductCode,Description,Category,brandcode,Price\nNEW-1,New,new-cat,WRV,1.00\nNEW-2,New,new-cat,NOPE,1.00\n',
    })
    expect(listed(res)).toEqual([
      'categories.csv:1 Titel=Titel: unknown column: did you mean Title?',
      'products.csv:0 Category=: not checked: categories.csv was refused (see its problems); fix it and import again',
      'products.csv:3 brandcode=NOPE: unknown brand; the brands are WRV, ÉLV',
    ])
  })

  it('reports a duplicate product code even when one of its rows has another error', async () => {
    const res = await importFiles({
      'products.csv':
        'ProductCode,Description,Category,brandcode,Price\nDUP-1,First,fencing,WRV,abc\nDUP-1,Second,fencing,WRV,2.00\nDUP-2,,fencing,WRV,1.00\nDUP-2,,fencing,WRV,1.00\n',
    })
    expect(listed(res)).toEqual([
      'products.csv:2 Price=abc: not an amount in dollars with up to 2 decimals, such as 1234.50',
      'products.csv:3 ProductCode=DUP-1: duplicate key: also on line 2',
      'products.csv:4 Description=: required field is empty',
      'products.csv:5 Description=: required field is empty',
      'products.csv:5 ProductCode=DUP-2: duplicate key: also on line 4',
    ])
  })
})

describe('messages with the fix in words', () => {
  it('an unknown category or branch names the nearest one, or the ones there are', async () => {
    const res = await importFiles({
      'products.csv': 'ProductCode,Description,Category,brandcode,Price\nN-1,New,calf-rearng,WRV,1.00\n',
      'accounts.csv': 'AccountCode,Name,SalesCategory,DefaultWareHouse\nWK3001,New,TRD,XYZ\nWK3002,New,TRG,ham\n',
    })
    expect(listed(res)).toEqual([
      'products.csv:2 Category=calf-rearng: unknown category: did you mean calf-rearing?',
      'accounts.csv:2 DefaultWareHouse=XYZ: unknown branch; the branches are HAM, NPL, PNR, TRG',
      'accounts.csv:3 DefaultWareHouse=ham: unknown branch: did you mean HAM?',
    ])
  })

  it('accepts the documented number formats only: a thousands separator and a currency sign are refused saying so', async () => {
    const res = await importFiles({
      'products.csv': [
        'ProductCode,Description,Category,brandcode,Price,CartonQty,Weight',
        'F-1,a,fencing,WRV,"1,234.50",,',
        'F-2,a,fencing,WRV,$12.50,,',
        'F-3,a,fencing,WRV,AUD 12.50,,',
        'F-4,a,fencing,WRV,12.505,"1,200","1,5"',
        'F-5,a,fencing,WRV,99999999999,,',
      ].join('\n'),
    })
    expect(listed(res)).toEqual([
      'products.csv:2 Price=1,234.50: has a thousands separator: write 1234.50',
      'products.csv:3 Price=$12.50: has a currency sign: drop it and write 12.50',
      'products.csv:4 Price=AUD 12.50: has a currency sign: drop it and write 12.50',
      'products.csv:5 Price=12.505: not an amount in dollars with up to 2 decimals, such as 1234.50',
      'products.csv:5 CartonQty=1,200: has a thousands separator: write 1200',
      'products.csv:5 Weight=1,5: not a number of at least 0',
      'products.csv:6 Price=99999999999: must be at most 21474836.47',
    ])
  })

  it('refuses branch codes the API cannot read and states the checkout cannot offer, with the rule in words', async () => {
    const res = await importFiles({
      'branches.csv': 'LocationID,NAME\nHAMILTONMAIN,Hamilton Main\nHAM 2,Hamilton 2\nham,Hamilton again\nOK-1,Fine\n',
      'delivery_sites.csv': 'AccountCode,SiteCode,Name,State\nWK2001,S2,Farm,Waikato\nWK2001,S3,Farm,Vic.\nWK2001,S4,Farm,queensland\n',
    })
    const rule = 'not a branch code: 1 to 10 capital letters, digits, - or _, such as HAM or NPL-2'
    expect(listed(res)).toEqual([
      `branches.csv:2 LocationID=HAMILTONMAIN: ${rule}`,
      `branches.csv:3 LocationID=HAM 2: ${rule}`,
      `branches.csv:4 LocationID=ham: ${rule}`,
      'delivery_sites.csv:2 State=Waikato: not an Australian state: write one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA (or its full name, such as Victoria)',
      'delivery_sites.csv:3 State=Vic.: not an Australian state: write one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA (or its full name, such as Victoria)',
    ])
  })

  it('names a file that is not part of the interchange, citing the reference', async () => {
    const res = await importFiles({ 'prodcuts.csv': 'x\n' }, '?dryRun=true')
    expect(listed(res)).toEqual(['prodcuts.csv:0 =: not a file of the ERP interchange; the files are listed in docs/erp-interchange.md'])
  })

  it('reads CSV errors at their line: a quote never closed, a row wider than its header, an empty file', async () => {
    const res = await importFiles({
      'brands.csv': 'BrandCode,Description\nA,"one\ntwo"\nB,"never closed\n\n',
      'stock.csv': 'ProductCode,LocationID,QtyAvailable\nWRV-TAG,HAM,1,2\n',
      'users.csv': '\n\n',
    })
    expect(listed(res)).toEqual([
      'brands.csv:4 =: a quoted field is never closed',
      'stock.csv:2 =2: 4 fields where the header has 3: quote a value that holds a comma',
      'users.csv:1 =: the file is empty: it needs a header row',
    ])
  })
})

describe('NUL characters, wherever they are', () => {
  const nul = '\u0000'
  it('in a value, a header, a .jsonl value: refused with the line, on a real import as on a dry run', async () => {
    const before = await unchanged()
    for (const query of ['', '?dryRun=true']) {
      const res = await importFiles(
        {
          'products.csv': `ProductCode,Description,Category,brandcode,Price\nWRV-TAG,Ear${nul}tag,fencing,WRV,1.00\nNUL${nul}1,a,fencing,WRV,1.00\n`,
          'brands.csv': `BrandCode,Desc${nul}ription\nX,Y\n`,
          'categories.jsonl': `{"Category":"c1","Title":"a\\u0000b"}\n`,
          'attachments.csv': `ProductCode,FileName\nWRV-TAG,a${nul}.pdf\n`,
        },
        query,
      )
      expect(res.statusCode, res.body).toBe(422)
      expect(listed(res)).toEqual([
        'categories.jsonl:1 Title=a␀b: a NUL character (byte 0) on this line: remove it; no field may hold one',
        'brands.csv:1 Desc␀ription=Desc␀ription: a NUL character (byte 0) on this line: remove it; no field may hold one',
        'brands.csv:1 Description=: required column missing from the header',
        'products.csv:2 Description=Ear␀tag: a NUL character (byte 0) on this line: remove it; no field may hold one',
        'products.csv:3 ProductCode=NUL␀1: a NUL character (byte 0) on this line: remove it; no field may hold one',
        'attachments.csv:2 FileName=a␀.pdf: a NUL character (byte 0) on this line: remove it; no field may hold one',
      ])
    }
    expect(await unchanged()).toEqual(before)
    // The failed runs were recorded, their problems with them.
    const runs = (await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=1', headers: erpKey })).json()
    expect(runs[0]).toMatchObject({ status: 'failed' })
  })

  it('in a part name or a file name: 400 naming the body', async () => {
    for (const files of [{ [`products${nul}.csv`]: 'x' }, { [`attachments/WRV-TAG/a${nul}.pdf`]: 'x' }] as Array<Record<string, string>>) {
      const res = await importFiles(files)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ error: 'bad_file_path', fields: [{ field: 'body' }] })
    }
  })
})

describe('a broken upload', () => {
  it('a multipart body cut short, or without its boundary, answers 400 and writes nothing', async () => {
    const before = await unchanged()
    const body = await multipart({ 'products.csv': 'ProductCode,Description,Category,brandcode,Price\nCUT-1,a,fencing,WRV,1.00\n'.repeat(50) })
    for (const cut of [body.payload.length - 10, Math.floor(body.payload.length / 2), 40]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/erp/import',
        payload: body.payload.subarray(0, cut),
        headers: { ...body.headers, ...erpKey },
      })
      expect(res.statusCode, `${cut}: ${res.body}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/erp/import',
      payload: body.payload,
      headers: { 'content-type': 'multipart/form-data', ...erpKey },
    })
    expect(noBoundary.statusCode, noBoundary.body).toBeGreaterThanOrEqual(400)
    expect(noBoundary.statusCode).toBeLessThan(500)
    expect(await unchanged()).toEqual(before)
  })
})

describe('caps: no file can take the server memory or time', () => {
  const MiB = 1024 * 1024

  /** The largest resident memory seen while `work` runs, above what it was before. */
  async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; grewMiB: number }> {
    globalThis.gc?.()
    const base = process.memoryUsage.rss()
    let peak = base
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
    try {
      const result = await work()
      peak = Math.max(peak, process.memoryUsage.rss())
      return { result, grewMiB: (peak - base) / MiB }
    } finally {
      clearInterval(sample)
    }
  }

  it('20 MB of empty lines and a header followed by 20 MB of commas: 422 within seconds, a small answer, memory bounded', async () => {
    const emptyLines = new Uint8Array(20 * MiB).fill(0x0a)
    const commas = new Uint8Array(20 * MiB).fill(0x2c)
    const header = encoder.encode('ProductCode,Description,Category,brandcode,Price')
    const products = new Uint8Array(header.length + commas.length)
    products.set(header)
    products.set(commas, header.length)
    const started = Date.now()
    const { result: res, grewMiB } = await peakGrowth(() =>
      importFiles(
        new Map([
          ['stock.csv', emptyLines],
          ['products.csv', products],
        ]),
      ),
    )
    const seconds = (Date.now() - started) / 1000
    expect(res.statusCode).toBe(422)
    expect(listed(res)).toEqual([
      'products.csv:1 =: a row longer than 1 MB starts here: check the file is the export you meant',
      'stock.csv:1 =: the file is empty: it needs a header row',
    ])
    expect(res.body.length).toBeLessThan(10_000)
    // Seconds even on a machine shared with other test files: the bytes are read once, in slices.
    expect(seconds).toBeLessThan(40)
    // The request's own bytes (40 MB sent, as a multipart body and as its files) are most of what it holds.
    expect(grewMiB).toBeLessThan(t.config.memoryBudgetMiB)
  })

  it('a 20 MB data file of commas is refused at its first long row; a .jsonl of 20 MB of empty lines reads as nothing', async () => {
    const rows = new Uint8Array(20 * MiB).fill(0x2c)
    const header = encoder.encode('ProductCode,LocationID,QtyAvailable\nWRV-TAG,HAM,1\n')
    const stock = new Uint8Array(header.length + rows.length)
    stock.set(header)
    stock.set(rows, header.length)
    const res = await importFiles(
      new Map([
        ['stock.csv', stock],
        ['brands.jsonl', new Uint8Array(20 * MiB).fill(0x0a)],
      ]),
      '?dryRun=true',
    )
    expect(res.statusCode).toBe(422)
    expect(listed(res)).toEqual(['stock.csv:3 =: a row longer than 1 MB starts here: check the file is the export you meant'])
  })

  it('other requests are answered while a large export is read and checked', async () => {
    const rows = encoder.encode('WRV-TAG,HAM,1\n'.repeat(300_000))
    const stock = new Uint8Array([...encoder.encode('ProductCode,LocationID,QtyAvailable\n'), ...rows])
    let running = true
    const waits: number[] = []
    const health = (async () => {
      while (running) {
        const asked = performance.now()
        await t.app.inject({ method: 'GET', url: '/api/health' })
        waits.push(performance.now() - asked)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    })()
    const res = await importFiles(new Map([['stock.csv', stock]]), '?dryRun=true')
    running = false
    await health
    expect(res.statusCode).toBe(422)
    expect(res.json().total).toBe(299_999)
    expect(waits.length).toBeGreaterThan(3)
    // Each file is read and checked in slices: the longest wait is a slice's, not the whole file's.
    expect(Math.max(...waits)).toBeLessThan(2_000)
  })

  it(`lists the first ${LISTED_PROBLEMS} problems and counts them all`, async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => `WRV-TAG,NOWHERE${i},x`)
    const res = await importFiles({ 'stock.csv': `ProductCode,LocationID,QtyAvailable\n${rows.join('\n')}\n` }, '?dryRun=true')
    expect(res.statusCode).toBe(422)
    expect(res.json().problems).toHaveLength(LISTED_PROBLEMS)
    expect(res.json().total).toBe(6_000)
    expect(res.json().message).toBe(`6000 problems found, the first ${LISTED_PROBLEMS} listed; nothing was written.`)
  })
})
