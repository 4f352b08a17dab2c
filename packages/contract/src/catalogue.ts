import { z } from 'zod'
import { Message, Money, Page, TokenQuery, WarehouseCode } from './common'
import {
  CATEGORY_PAGE_SIZE,
  LIST_PAGE_SIZE,
  RELATED_REQUEST_SIZE,
  POPULAR_SIZE,
  MAX_PAGE_SIZE,
  PRODUCT_SORTS,
  SUGGESTION_PRODUCTS,
  SUGGESTION_GROUPS,
} from './constants'

/** The widths the image endpoint renders. */
export const IMAGE_WIDTHS = [250, 512, 1200] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

const Price = z.object({ Price: Money.describe('ex GST, for this account') })

/**
 * A product as every list and the detail return it, priced for the signed-in account and stocked
 * at the requested branch. Resellers (isElders) get one price only: no carton, pallet or retail price.
 */
export const Product = z
  .object({
    ProductID: z.number().int(),
    ProductCode: z.string(),
    Description: z.string(),
    FullDescription1: z.string(),
    FullDescription2: z.string(),
    FullDescription3: z.string(),
    brandcode: z.string(),
    Category: z.string().describe('category name, as in /category/{name}'),
    CategoryTitle: z.string(),
    SinglePricing: z.object({
      Price: Money.describe('unit price ex GST, for this account'),
      RetailPrice: Money.optional().describe('recommended retail price; not sent to resellers, nor when the ERP gives none'),
      UsualPrice: Money.optional().describe(
        "specials only: the list price, before this account's discount or contract price, sent when the account pays less; not sent to resellers",
      ),
    }),
    CartonPricing: Price.optional().describe('price per unit when bought by the carton; not sent to resellers'),
    CartonQty: z.number().int().nullable(),
    PalletPricing: Price.optional().describe('price per unit when bought by the pallet; not sent to resellers'),
    PalletQty: z.number().int().nullable(),
    Availability: z.object({ Available: z.number().int().describe('in stock at the requested branch') }),
    UserDefinedField4: z.string().describe('information text'),
    Barcode: z.string().nullable(),
    Weight: z.number().describe('kg per unit'),
  })
  .meta({ id: 'Product' })
export type Product = z.infer<typeof Product>

/**
 * What a product costs this account and its stock at the branch, as the catalogue shows them: all a list line,
 * a buy-again row or a suggestion shows of the product besides its code and description (decision 0100).
 */
export const ProductOffer = Product.pick({
  SinglePricing: true,
  CartonPricing: true,
  CartonQty: true,
  PalletPricing: true,
  PalletQty: true,
  Availability: true,
}).meta({ id: 'ProductOffer' })
export type ProductOffer = z.infer<typeof ProductOffer>

export const BranchStock = z.object({ LocationID: z.string(), DESCRIPTION: z.string(), QtyAvail: z.number().int() }).meta({ id: 'BranchStock' })
export type BranchStock = z.infer<typeof BranchStock>

export const Attachment = z.object({ AttachmentID: z.number().int(), FileName: z.string(), Description: z.string() }).meta({ id: 'Attachment' })
export type Attachment = z.infer<typeof Attachment>

/** The product page: the product, its stock at the other branches customers order from, and its documents. */
export const ProductDetail = Product.extend({
  QtyAvailableOther: z.number().int().describe('sum of AvailabilityOther'),
  AvailabilityOther: z.array(BranchStock).describe('the other branches, without the consignment and Farmers Mailbox locations'),
  Attachments: z.array(Attachment),
  CodeSetupRequested: z.boolean().describe('resellers: this user already asked for a code setup of this product at this branch'),
}).meta({ id: 'ProductDetail' })
export type ProductDetail = z.infer<typeof ProductDetail>

const ignoredIsElders = z.string().max(10).optional().describe('Accepted from older clients and ignored: what a user sees comes from the user record')

const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(fallback)

const branch = WarehouseCode.optional().describe("The branch whose stock is shown; the account's default branch when left out")

/** Paged product lists: category and brand (40 a page), specials and search (20). */
export const productListQuery = (size: number) => TokenQuery.extend({ warehouse: branch, page: Page, size: pageSize(size), isElders: ignoredIsElders })
export const ProductListQuery = productListQuery(CATEGORY_PAGE_SIZE)
export type ProductListQuery = z.infer<typeof ProductListQuery>

const listView = {
  sort: z
    .enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` })
    .default('relevance')
    .describe('The order of the list; relevance when left out'),
  inStock: z
    .enum(['true', 'false'], { error: 'inStock must be true or false' })
    .optional()
    .transform((v) => v === 'true')
    .describe('true: only the products in stock at the branch'),
}

/** Category, brand and specials lists: paged, in an order chosen, with or without what is out of stock at the branch. */
export const sortedListQuery = (size: number) => productListQuery(size).extend(listView)
export const SortedListQuery = sortedListQuery(CATEGORY_PAGE_SIZE)
export type SortedListQuery = z.infer<typeof SortedListQuery>
export const SpecialsQuery = sortedListQuery(LIST_PAGE_SIZE)

/** How many products a category, brand or specials list holds for this user (with inStock, in stock at the branch). */
export const ListCountQuery = TokenQuery.extend({ warehouse: branch, inStock: listView.inStock, isElders: ignoredIsElders })
export const ListCount = z.object({ count: z.number().int() }).meta({ id: 'ListCount' })
export type ListCount = z.infer<typeof ListCount>

export const RandomProductsQuery = TokenQuery.extend({ warehouse: branch, size: pageSize(RELATED_REQUEST_SIZE), isElders: ignoredIsElders })
export const PopularQuery = TokenQuery.extend({ warehouse: branch, size: pageSize(POPULAR_SIZE), isElders: ignoredIsElders })
export const ProductQuery = TokenQuery.extend({ warehouse: branch })

export const SearchBody = z.object({ search: z.string().trim().min(1, 'Enter something to search for').max(200) })
export type SearchBody = z.infer<typeof SearchBody>

export const ProductIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const AttachmentParams = ProductIdParams.extend({ attachmentId: z.coerce.number().int().positive().max(2_147_483_647) })
export const CategoryParams = z.object({ name: z.string().min(1).max(200) })
export const BrandParams = z.object({ code: z.string().min(1).max(100) })

/** Image cache key: ISO week-numbering year and week, e.g. 202647; it changes weekly so images refresh. */
export const ImageQuery = z.object({
  width: z
    .enum(['250', '512', '1200'], { error: `width must be one of ${IMAGE_WIDTHS.join(', ')}` })
    .default('512')
    .transform((w) => Number(w) as ImageWidth),
  v: z
    .string()
    .regex(/^\d{6}$/, 'v is the ISO year and week, e.g. 202647')
    .optional(),
})

export const BarcodeParams = z.object({ barcode: z.string().min(1).max(48) })

/** Resellers ask the distributor to set a product up under their own code. */
export const CodeSetupBody = z.object({
  id: z.number({ error: 'Choose a product' }).int().positive().max(2_147_483_647),
  warehouse: WarehouseCode,
})
export type CodeSetupBody = z.infer<typeof CodeSetupBody>
export const CodeSetupResponse = Message

export const PriceListQuery = TokenQuery.extend({ warehouse: branch, isElders: ignoredIsElders })

/**
 * POST /search answers a plain list; when its best results needed corrected words, this
 * response header carries the query as corrected, URI-encoded: the search screen shows 'Showing results for …'.
 */
export const SEARCH_CORRECTION_HEADER = 'Search-Corrected-Query'

export const SuggestQuery = TokenQuery.extend({
  text: z.string().trim().min(1, 'Enter something to search for').max(200),
  warehouse: branch,
})
export type SuggestQuery = z.infer<typeof SuggestQuery>

export const SuggestedGroup = z
  .object({
    kind: z.enum(['category', 'brand']),
    key: z.string().describe('the category name (/category/{key}) or the brand code (/brand/{key})'),
    title: z.string(),
  })
  .meta({ id: 'SuggestedGroup' })
export type SuggestedGroup = z.infer<typeof SuggestedGroup>

/** A suggested product: its code, description and offer, what a suggestion shows with its picture (decision 0100). */
export const SuggestedProduct = Product.pick({ ProductID: true, ProductCode: true, Description: true })
  .extend(ProductOffer.shape)
  .meta({ id: 'SuggestedProduct' })
export type SuggestedProduct = z.infer<typeof SuggestedProduct>

/** Instant suggestions under the search box: the best products, priced and stocked, and matching categories or brands. */
export const Suggestions = z
  .object({
    products: z.array(SuggestedProduct).max(SUGGESTION_PRODUCTS),
    groups: z.array(SuggestedGroup).max(SUGGESTION_GROUPS),
    correction: z.string().nullable().describe('the query with the corrected words the best product needed; null when it needed none'),
  })
  .meta({ id: 'Suggestions' })
export type Suggestions = z.infer<typeof Suggestions>
