import type { Product, ProductDetail } from '@portal/contract/catalogue'

let nextId = 1000

/** A product as the lists send it: priced for a trade account, in stock at the branch. */
export const aProduct = (overrides: Partial<Product> = {}): Product => {
  const id = overrides.ProductID ?? nextId++
  return {
    ProductID: id,
    ProductCode: `IVO-POC-${id}`,
    Description: `Ivomec Pour-On for Cattle ${id}`,
    FullDescription1: 'A proven pour-on for cattle.',
    FullDescription2: 'Always read and follow the label directions.',
    FullDescription3: '',
    brandcode: 'IVOMEC',
    Category: 'pour-ons-backliners',
    CategoryTitle: 'Pour-Ons & Backliners',
    SinglePricing: { Price: 187.1, RetailPrice: 291.95 },
    CartonPricing: { Price: 173.71 },
    CartonQty: 2,
    PalletQty: null,
    Availability: { Available: 12 },
    UserDefinedField4: '',
    Barcode: '9310000000018',
    Weight: 5.4,
    ...overrides,
  }
}

export const aProductDetail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  ...aProduct(overrides),
  QtyAvailableOther: 30,
  AvailabilityOther: [
    { LocationID: 'MEL', DESCRIPTION: 'Melbourne', QtyAvail: 20 },
    { LocationID: 'ADE', DESCRIPTION: 'Adelaide', QtyAvail: 10 },
  ],
  Attachments: [{ AttachmentID: 7, FileName: 'IVO-POC SDS.pdf', Description: 'Safety Data Sheet' }],
  CodeSetupRequested: false,
  ...overrides,
})

/** n products for a page of a list. */
export const someProducts = (n: number, overrides: Partial<Product> = {}) => Array.from({ length: n }, () => aProduct(overrides))
