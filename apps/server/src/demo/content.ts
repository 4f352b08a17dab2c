import type { Kysely } from 'kysely'
import { markdownToHtml } from '../modules/content/markdown'
import { storeMedia, type MediaInfo } from '../modules/content/media'
import { bodyImage, publishHomePage, publishPost } from '../modules/content/publish'
import { hasContent } from '../modules/content/repo'
import type { StoredHomeAcf } from '../modules/content/wordpress'
import type { DB } from '../db/schema'
import { sceneSvg, type SceneKind } from './content-scenes'
import { formatDay, localToday, parseDay } from './dates'
import { seedLegalPages } from './legal'

/**
 * The demo news, promotions and home banners of the embedded content service: posts for each group
 * (the sales categories TRADE, FARM, VET, CAS and ELD, the reseller group), dated back from today,
 * one without a picture; a home page with banners for resellers and for everyone else.
 */

type Group = 'TRADE' | 'FARM' | 'VET' | 'CAS' | 'ELD'
const EVERYONE: Group[] = ['TRADE', 'FARM', 'VET', 'CAS', 'ELD']

interface PostSeed {
  slug: string
  title: string
  groups: Group[]
  daysAgo: number
  time?: string
  scene: SceneKind | null
  alt: string
  body: string
}

const POSTS: PostSeed[] = [
  {
    slug: 'christmas-new-year-trading-hours',
    title: 'Christmas & New Year trading hours',
    groups: EVERYONE,
    daysAgo: 2,
    scene: 'dusk',
    alt: 'Cattle grazing at dusk under a gum tree',
    body: `Our branches close for the public holidays and run reduced hours between Christmas and New Year. Orders placed in the portal over the break are picked on the first working day after it.

| Branch | 24 Dec | 25–26 Dec | 27–31 Dec | 1 Jan | From 2 Jan |
|---|---|---|---|---|---|
| Wagga Wagga | 7:30–12:00 | Closed | 8:00–4:00 | Closed | Normal hours |
| Shepparton | 7:30–12:00 | Closed | 8:00–4:00 | Closed | Normal hours |
| Tamworth | 7:30–12:00 | Closed | 8:00–12:00 | Closed | Normal hours |
| All other branches | 8:00–12:00 | Closed | 8:00–4:00 | Closed | Normal hours |

Deliveries booked for the week of Christmas leave a day early, so **please order by Friday 19 December** if you need stock before the break.

From all of us at Riverina Rural Supply: thank you for your business this year, and a safe and happy Christmas.`,
  },
  {
    slug: 'spring-drench-program',
    title: 'Spring drench program: up to 15% off drenches and pour-ons',
    groups: ['TRADE', 'FARM', 'VET', 'CAS'],
    daysAgo: 6,
    scene: 'pasture',
    alt: 'Merino sheep on green spring pasture',
    body: `Worm burdens climb with the spring flush. Until the end of the month, drenches, pour-ons and backliners from **Cydectin**, **Ivomec**, **Coopers** and **Virbac** are up to 15% off your account price.

## What is included

- Oral drenches for sheep and cattle, 5 L to 20 L packs
- Pour-ons and backliners, including the 2.5 L and 5 L packs
- Drench guns and applicators bought with any drench

The discount shows on the product pages and in your cart; nothing to enter at checkout. See them all under [Animal Health](/category/animal-health) or in the [Web Specials](/specials).

> Rotate drench groups and test before you drench: ask your branch for a worm egg count kit.`,
  },
  {
    slug: 'whats-new-in-the-portal',
    title: "What's new in the portal: invoices, statements and back orders online",
    groups: EVERYONE,
    daysAgo: 11,
    scene: null,
    alt: '',
    body: `The ordering portal now shows your whole account, not only the catalogue:

1. **Invoice History** lists every tax invoice; open one to e-mail yourself a copy.
2. **Balance & Statements** shows your balance and credit limit, and e-mails a statement for any month.
3. **Backordered Items** lists what is still to come, with the expected shipment date.

All three are in the *Account* menu. Questions? Call customer service on 02 6921 4400.`,
  },
  {
    slug: 'hay-and-fodder-order-early',
    title: 'Hay & fodder: order early for summer',
    groups: ['TRADE', 'FARM', 'ELD'],
    daysAgo: 17,
    scene: 'shed',
    alt: 'A red hay shed with round bales beside it',
    body: `Dry conditions across the Riverina are lifting demand for hay, silage wrap and stock feed. We hold more stock than last year, but freight is tight in December.

- Place standing orders now and we hold the price until 31 January.
- Pellets, lick blocks and supplements from **Ridley** and **Laucke** ship with your hay on one delivery.
- Silage wrap and net wrap are on the [specials](/specials) list this month.`,
  },
  {
    slug: 'reseller-rebate-program-2027',
    title: 'Reseller rebate program 2027',
    groups: ['ELD'],
    daysAgo: 4,
    scene: 'cattle',
    alt: 'Cattle grazing in a green paddock',
    body: `From 1 January the reseller rebate is paid **monthly** instead of quarterly, on the combined purchases of your whole branch group.

| Monthly purchases (ex GST) | Rebate |
|---|---|
| $25,000 – $49,999 | 1.0% |
| $50,000 – $99,999 | 1.5% |
| $100,000 and over | 2.0% |

Rebates are credited to your account on the 10th of the following month and show on your statement. Your territory manager has the full terms.`,
  },
  {
    slug: 'code-setup-requests-faster',
    title: 'New product codes set up within two working days',
    groups: ['ELD'],
    daysAgo: 9,
    scene: 'wheat',
    alt: 'A golden wheat crop with silos behind it',
    body: `When a product in the portal has no code in your store system yet, use **Request code setup** on the product page. Requests now reach our master-data team directly and are set up within two working days.

You will receive an e-mail when the code is live for every branch in your group.`,
  },
  {
    slug: 'branch-group-ordering',
    title: 'Ordering for your whole branch group',
    groups: ['ELD'],
    daysAgo: 23,
    scene: 'fence',
    alt: 'A paddock fence line with sheep beyond it',
    body: `Reseller logins can switch between the branches of their group in the top bar. Each branch keeps its own cart, so you can build orders for several stores at once.

- Order History and Backordered Items have a **branch filter**, including *All Branches*.
- **Download These Items as PDF** in the cart gives your store a printable order to key in.`,
  },
  {
    slug: 'winter-crop-herbicide-pre-orders',
    title: 'Winter crop protection: herbicide pre-orders open',
    groups: ['TRADE', 'FARM', 'ELD'],
    daysAgo: 31,
    scene: 'wheat',
    alt: 'Rows of a cereal crop ripening in the sun',
    body: `Pre-orders for the 2027 winter crop season are open. Lock in this season's pricing on knockdown and pre-emergent herbicides from **Nufarm**, **Syngenta**, **Corteva** and **Adama** with delivery from March.

Browse [Crop Protection](/category/crop-protection) and add the products to your cart; mention *pre-order* in the order description at checkout.`,
  },
  {
    slug: 'vaccines-cold-chain-delivery',
    title: 'Vaccines delivered cold-chain to your clinic',
    groups: ['VET'],
    daysAgo: 8,
    scene: 'vet',
    alt: 'Animal health products on a clinic bench',
    body: `Vaccines and temperature-sensitive injectables now travel in validated cold boxes with a data logger on every delivery to a clinic.

- Order by **2 pm** for next-day delivery within 300 km of a branch.
- The logger report is e-mailed with the invoice.
- Anything that arrives out of range is replaced at no charge.

See the vaccines under [Animal Health](/category/animal-health).`,
  },
  {
    slug: 'clinic-supply-day',
    title: 'Clinic supply day at Wagga Wagga',
    groups: ['VET'],
    daysAgo: 27,
    scene: 'cattle',
    alt: 'Cattle in a paddock',
    body: `Join us at the Wagga Wagga branch on **Thursday 4 December** from 10 am for our clinic supply day: product updates from **Zoetis**, **Boehringer Ingelheim** and **Elanco**, and show pricing on the day for orders placed in the portal.

Lunch is provided. RSVP to your account manager.`,
  },
  {
    slug: 'pet-food-bulk-deal',
    title: 'Dog food: bulk deal on 20 kg bags',
    groups: ['VET', 'TRADE', 'CAS'],
    daysAgo: 14,
    scene: 'fence',
    alt: 'A farm fence line on a sunny day',
    body: `Buy ten or more 20 kg bags of working-dog food in one order and get one free, across all brands in [Dog Food](/category/dog-food). The free bag is added by our team when your order is picked.`,
  },
  {
    slug: 'paying-by-card',
    title: 'Paying by card: what to expect at checkout',
    groups: ['CAS'],
    daysAgo: 5,
    scene: 'shed',
    alt: 'A farm shed with hay bales',
    body: `Cash-sale accounts pay by card when they place an order. After **Make Payment** you go to our secure card page, and back to your order history once the bank approves the payment.

- We accept Visa and Mastercard.
- Your card details go straight to the bank: they never reach our servers.
- If a payment is declined, your order details are kept, so you can try another card.`,
  },
  {
    slug: 'stock-you-can-buy',
    title: 'Cash-sale accounts: the stock you see is what you can buy',
    groups: ['CAS'],
    daysAgo: 19,
    scene: 'dam',
    alt: 'A farm dam with a windmill',
    body: `For cash-sale accounts, the quantity you can add to the cart is capped at the stock of your selected branch. If a product shows **Check other WH**, switch branch in the top bar to see where it is in stock.`,
  },
  {
    slug: 'lamb-marking-checklist',
    title: 'Lamb marking essentials checklist',
    groups: ['FARM', 'TRADE', 'CAS', 'ELD'],
    daysAgo: 39,
    scene: 'pasture',
    alt: 'Ewes and lambs on pasture',
    body: `Get everything to the yards before you start:

- Rings and applicators, or a knife and disinfectant
- Vaccine: 6-in-1 or 3-in-1, with a vaccinator and spare needles
- Ear tags and an applicator from **Allflex**
- Wound spray and fly protection
- Marking cradles and portable yards from [Livestock Equipment](/category/livestock-equipment)

Everything on the list is in stock at every branch until the end of the month.`,
  },
  {
    slug: 'davey-pump-service-clinic',
    title: 'Davey pump service clinic',
    groups: ['TRADE', 'FARM', 'CAS'],
    daysAgo: 46,
    scene: 'dam',
    alt: 'A dam and windmill on a dry afternoon',
    body: `Bring your pressure pump to any branch in the first week of December for a free check by a **Davey** technician. Spare parts and new pumps ordered on the day are 10% off.

See the range under [Water & Irrigation](/category/water-irrigation).`,
  },
  {
    slug: 'fencing-season-prices',
    title: "Fencing season: last year's prices on Waratah and Gallagher",
    groups: ['TRADE', 'FARM', 'ELD', 'CAS'],
    daysAgo: 58,
    scene: 'fence',
    alt: 'A long fence line across a paddock',
    body: `Steel posts, barb, ringlock and energisers from **Waratah** and **Gallagher** stay at last year's prices until 31 January. Order in the portal and choose pick-up at your branch to avoid the freight queue.

See [Fencing](/category/fencing).`,
  },
  {
    slug: 'new-shepparton-branch-hours',
    title: 'Shepparton branch: longer Saturday hours',
    groups: EVERYONE,
    daysAgo: 75,
    scene: 'cattle',
    alt: 'Cattle in a green paddock',
    body: `Our Shepparton branch now opens from **7:30 am to 1 pm on Saturdays**, with pick-up of portal orders placed before 5 pm on Friday.`,
  },
]

interface SlideSeed {
  scene: SceneKind
  heading: string
  title: string
  link: string
  button: string
  isElders: boolean
}

interface PromoSeed {
  scene: SceneKind
  heading: string
  title: string
  link: string
  text: string
  isElders: boolean
}

const SLIDES = (postId: (slug: string) => number): SlideSeed[] => [
  {
    scene: 'pasture',
    heading: 'Spring animal health',
    title: 'Up to 15% off drenches and pour-ons',
    link: '/category/animal-health',
    button: 'Shop Animal Health',
    isElders: false,
  },
  {
    scene: 'fence',
    heading: 'Fencing season',
    title: "Waratah and Gallagher at last year's prices",
    link: '/category/fencing',
    button: 'Shop Fencing',
    isElders: false,
  },
  { scene: 'wheat', heading: 'Web Specials', title: 'New specials every week, only online', link: '/specials', button: 'See the specials', isElders: false },
  {
    scene: 'cattle',
    heading: 'Reseller program 2027',
    title: 'Rebates now paid monthly on your branch group',
    link: `/blog/${postId('reseller-rebate-program-2027')}`,
    button: 'Read more',
    isElders: true,
  },
  {
    scene: 'shed',
    heading: 'Stock up for summer',
    title: 'Hay, feed and water gear for your stores',
    link: '/category/stock-feed',
    button: 'Shop Stock Feed',
    isElders: true,
  },
]

const PROMOS = (postId: (slug: string) => number): PromoSeed[] => [
  {
    scene: 'dam',
    heading: 'Water & Irrigation',
    title: 'Davey pump service clinic',
    link: '/brand/DAVEY',
    text: 'Free pump checks at every branch in December.',
    isElders: false,
  },
  {
    scene: 'vet',
    heading: 'Animal health',
    title: 'Vaccines, delivered cold-chain',
    link: '/category/animal-health',
    text: 'Next-day delivery to clinics within 300 km of a branch.',
    isElders: false,
  },
  {
    scene: 'shed',
    heading: 'Popular this month',
    title: 'What farms are ordering now',
    link: '/popular',
    text: 'The products most ordered across our branches.',
    isElders: false,
  },
  {
    scene: 'dusk',
    heading: 'Trading hours',
    title: 'Christmas & New Year',
    link: `/blog/${postId('christmas-new-year-trading-hours')}`,
    text: 'Branch hours over the break, and the last day to order.',
    isElders: true,
  },
  {
    scene: 'wheat',
    heading: 'Crop protection',
    title: 'Winter herbicide pre-orders',
    link: '/category/crop-protection',
    text: "Lock in this season's prices for delivery from March.",
    isElders: true,
  },
  { scene: 'fence', heading: 'Web Specials', title: 'This week online', link: '/specials', text: 'Prices for resellers, in the portal only.', isElders: true },
]

const POST_SIZE = { width: 1920, height: 1080 }
const BANNER_SIZE = { width: 1920, height: 720 }
const PROMO_SIZE = { width: 1280, height: 800 }

export interface ContentSeedOptions {
  /** YYYY-MM-DD the posts are dated back from; defaults to today. */
  today?: string
}

/** Loads the demo content into empty content tables (one transaction). */
export async function seedContent(db: Kysely<DB>, options: ContentSeedOptions = {}): Promise<{ posts: number; pictures: number }> {
  const today = parseDay(options.today ?? localToday())
  let seq = 0
  return db.transaction().execute(async (trx) => {
    const pictures = new Map<string, MediaInfo>()
    const picture = async (name: string, kind: SceneKind, size: { width: number; height: number }, alt = '') => {
      const svg = sceneSvg(kind, size.width, size.height, 0xc0de + ++seq)
      const media = await storeMedia(trx, Buffer.from(svg), { name: `${name}.svg`, alt, allowSvg: true })
      pictures.set(name, media)
      return media
    }

    const ids = new Map<string, number>()
    // Oldest first, so that ids grow with the date as they do on a real site.
    for (const post of [...POSTS].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const media = post.scene ? await picture(post.slug, post.scene, POST_SIZE, post.alt) : null
      const { id } = await publishPost(trx, {
        slug: post.slug,
        title: post.title,
        date: `${formatDay(today - post.daysAgo)} ${post.time ?? '09:00:00'}`,
        status: 'publish',
        groups: post.groups,
        featuredMediaId: media?.id ?? null,
        contentHtml: markdownToHtml(post.body, { image: () => (media ? bodyImage(media) : null) }),
      })
      ids.set(post.slug, id)
    }
    const postId = (slug: string) => {
      const id = ids.get(slug)
      if (id === undefined) throw new Error(`the demo home page links to a post that is not seeded: ${slug}`)
      return id
    }

    const acf: StoredHomeAcf = { banner_slider: [], banner_promo: [] }
    for (const [i, s] of SLIDES(postId).entries()) {
      const media = await picture(`banner-${i + 1}-${s.scene}`, s.scene, BANNER_SIZE)
      acf.banner_slider.push({
        banner_image: media.id,
        banner_heading: s.heading,
        banner_title: s.title,
        button_link: s.link,
        button_text: s.button,
        isElders: s.isElders,
      })
    }
    for (const [i, p] of PROMOS(postId).entries()) {
      const media = await picture(`promo-${i + 1}-${p.scene}`, p.scene, PROMO_SIZE)
      acf.banner_promo.push({
        promo_image: media.id,
        promo_heading: p.heading,
        promo_title: p.title,
        promo_link: p.link,
        promo_text: p.text,
        isElders: p.isElders,
      })
    }
    await publishHomePage(trx, acf, { date: `${formatDay(today - 90)} 09:00:00` })
    await seedLegalPages(trx, { date: legalDate(today) })
    return { posts: POSTS.length, pictures: pictures.size }
  })
}

/** The legal pages' "last updated": the first of the month, four months back. */
const legalDate = (today: number) => `${formatDay(today - 120).slice(0, 8)}01 09:00:00`

/**
 * The demo content, unless the content tables already hold posts (a later start, or an import).
 * A demo database from before the legal pages existed gets the ones it lacks.
 */
export async function seedContentIfEmpty(db: Kysely<DB>, options: ContentSeedOptions = {}): Promise<boolean> {
  if (await hasContent(db)) {
    await seedLegalPages(db, { date: legalDate(parseDay(options.today ?? localToday())) })
    return false
  }
  await seedContent(db, options)
  return true
}
