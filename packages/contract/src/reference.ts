import { z } from 'zod'
import { PaymentSettings } from './payments'

export const Warehouse = z.object({ LocationID: z.string(), NAME: z.string() }).meta({ id: 'Warehouse' })
export type Warehouse = z.infer<typeof Warehouse>

export const ChildCategory = z.object({ category: z.string().describe('name, as in /category/{name}'), title: z.string() })

/** A parent category with its children, in the shape of the content service's product_category. */
export const Category = z
  .object({
    id: z.number(),
    name: z.string(),
    title: z.string(),
    acf: z.object({
      order: z.number(),
      icon_name: z.string().nullable(),
      child_categories: z.array(ChildCategory),
    }),
  })
  .meta({ id: 'Category' })
export type Category = z.infer<typeof Category>

export const Brand = z.object({ BrandCode: z.string(), Description: z.string() }).meta({ id: 'Brand' })
export type Brand = z.infer<typeof Brand>

export const DeliverySite = z
  .object({
    SiteCode: z.string(),
    Name: z.string(),
    Address1: z.string(),
    Address2: z.string(),
    City: z.string(),
    State: z.string(),
    PostalCode: z.string(),
    Contact: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Fax: z.string(),
    LocationID: z.string().nullable().describe('The branch that usually serves this site'),
  })
  .meta({ id: 'DeliverySite' })
export type DeliverySite = z.infer<typeof DeliverySite>

/** Public facts about the distributor, for the login screen and footer. */
export const SiteInfo = z
  .object({
    name: z.string(),
    abn: z.string(),
    phone: z.string(),
    accountsPhone: z.string(),
    email: z.string(),
    demo: z.boolean(),
    contentBaseUrl: z.string().describe('Where the web app reads news, promotions and the home banners (a WordPress REST API wp/v2 base)'),
    demoLogins: z.array(z.object({ username: z.string(), password: z.string(), description: z.string() })),
    payments: PaymentSettings.describe('Card payment provider, card endpoint, IP lookup, analytics hook and, in demo mode, the sandbox’s test cards'),
  })
  .meta({ id: 'SiteInfo' })
export type SiteInfo = z.infer<typeof SiteInfo>
