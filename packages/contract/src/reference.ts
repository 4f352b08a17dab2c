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

/** The browser's error reporting (the Sentry protocol): the DSN is public by design, it only lets one send events. */
export const ErrorReportingSettings = z
  .object({
    dsn: z.string(),
    environment: z.string(),
    release: z.string(),
  })
  .meta({ id: 'ErrorReportingSettings' })
export type ErrorReportingSettings = z.infer<typeof ErrorReportingSettings>

/** Public facts about the distributor (login screen, footer) and the web app's run-time settings: one build runs everywhere. */
export const SiteInfo = z
  .object({
    name: z.string(),
    abn: z.string(),
    phone: z.string(),
    accountsPhone: z.string(),
    email: z.string(),
    address: z.string().describe('The street address (DISTRIBUTOR_ADDRESS)'),
    postalAddress: z.string().describe('The postal address (DISTRIBUTOR_POSTAL_ADDRESS; the street address unless set)'),
    brandColour: z.string().describe('The brand colour as #rrggbb (DISTRIBUTOR_BRAND_COLOUR): the header, buttons and the installed app'),
    logoUrl: z.string().nullable().describe('The logo picture: /api/site/logo, an https:// address, or null for the portal’s own mark'),
    demo: z.boolean(),
    contentBaseUrl: z.string().describe('Where the web app reads news, promotions and the home banners (a WordPress REST API wp/v2 base)'),
    demoLogins: z
      .array(z.object({ username: z.string(), password: z.string(), description: z.string() }))
      .describe('In demo mode, the demo logins this database really has; otherwise none'),
    payments: PaymentSettings.describe('Card payment provider, card endpoint, IP lookup, analytics hook and, in demo mode, the sandbox’s test cards'),
    apiBaseUrl: z.string().describe('Where the web app sends its API calls: /api on the portal itself, or an https:// URL (API_BASE_URL)'),
    imageBaseUrl: z
      .string()
      .describe('Where the web app loads product pictures ({base}/product/{id}/image): the API base or an image proxy or CDN (IMAGE_BASE_URL)'),
    errorReporting: ErrorReportingSettings.nullable().describe('Where the browser reports its errors (Sentry); null when off'),
  })
  .meta({ id: 'SiteInfo' })
export type SiteInfo = z.infer<typeof SiteInfo>
