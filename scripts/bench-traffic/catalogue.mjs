// What the traffic's users ask for: the catalogue's categories, brands, products and branches, and over 200
// search queries made from words a trade customer types and from the products themselves.
import { withClient } from '../lib/postgres.mjs'
import { shuffled } from './random.mjs'

const WORDS = [
  'drench',
  'ivomec',
  'vaccine',
  'pour on',
  'electric fence',
  'dog food',
  'glyphosate',
  'ear tags',
  'fencing wire',
  'insulator',
  'hay',
  'chook feed',
  'horse feed',
  'calf milk',
  'lick block',
  'fly spray',
  'lice',
  'worm',
  'cattle',
  'sheep',
  'bolts',
  'screws',
  'star picket',
  'gate',
  'hinge',
  'chain',
  'rope',
  'bucket',
  'trough',
  'hose',
  'tap',
  'pump',
  'poly pipe',
  'fitting',
  'spray',
  'herbicide',
  'insecticide',
  'rat bait',
  'snail',
  'seed',
  'pasture',
  'lucerne',
  'oats',
  'fertiliser',
  'gloves',
  'boots',
  'syringe',
  'needle',
  'marking',
  'raddle',
  'coopers',
  'bayer',
  'elanco',
  'zoetis',
  'gallagher',
  'pakton',
  'ridley',
  'working dog',
  'puppy',
  'cat litter',
  '20l',
  '5l',
  '1 litre',
  '25kg',
  'energizer',
  'backliner',
  'wormer',
  'mineral',
  'salt',
  'molasses',
]

/** Over 200 queries: words and phrases as typed, typos of them, codes (whole, lower case, a prefix) and barcodes. */
function searchQueries(products, random) {
  const typo = (word) => {
    if (word.length < 5) return word + word.at(-1)
    const i = 1 + Math.floor(random() * (word.length - 2))
    const kind = Math.floor(random() * 3)
    if (kind === 0) return word.slice(0, i) + word.slice(i + 1) // a letter left out
    if (kind === 1) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // two swapped
    return word.slice(0, i) + word[i] + word.slice(i) // a letter twice
  }
  const queries = [...WORDS]
  for (const w of WORDS.slice(0, 60))
    queries.push(
      w
        .split(' ')
        .map((part, i) => (i === 0 ? typo(part) : part))
        .join(' '),
    )
  const sample = shuffled(products, random).slice(0, 60)
  for (const [i, p] of sample.entries()) {
    if (i % 3 === 0) queries.push(p.product_code)
    else if (i % 3 === 1) queries.push(p.product_code.toLowerCase())
    else queries.push(p.product_code.slice(0, Math.max(3, p.product_code.length - 3)))
  }
  for (const p of sample.slice(0, 15)) if (p.barcode) queries.push(p.barcode)
  for (const p of sample.slice(15, 45)) queries.push(p.description.split(/\s+/).slice(0, 2).join(' ').toLowerCase())
  return [...new Set(queries.filter(Boolean))]
}

/** What the users ask for: categories and brands (all, and those a reseller may see), products, queries. */
export async function catalogueOf(databaseUrl, random) {
  return withClient(databaseUrl, async (db) => {
    const categories = (
      await db.query(
        `SELECT c.name, c.hidden_for_elders OR coalesce(p.hidden_for_elders, false) AS hidden FROM categories c LEFT JOIN categories p ON p.id = c.parent_id ORDER BY c.id`,
      )
    ).rows
    const brands = (await db.query(`SELECT brand_code, hidden_for_elders AS hidden FROM brands ORDER BY brand_code`)).rows
    const products = (
      await db.query(
        `SELECT p.id, p.product_code, p.description, p.barcode,
                b.hidden_for_elders OR c.hidden_for_elders OR coalesce(k.hidden_for_elders, false) AS hidden
           FROM products p JOIN brands b ON b.brand_code = p.brand_code JOIN categories c ON c.id = p.category_id
           LEFT JOIN categories k ON k.id = c.parent_id
          WHERE p.active ORDER BY p.popularity DESC, p.id`,
      )
    ).rows
    const branches = (await db.query(`SELECT location_id FROM branches WHERE trading ORDER BY location_id`)).rows.map((r) => r.location_id)
    // Popularity decides the order of the long tail, shuffled a little so that the top is not one category's.
    const byPopularity = products.map((p) => p.id)
    const order = (list) => shuffled(list, random)
    return {
      branches,
      categories: { all: order(categories.map((c) => c.name)), elders: order(categories.filter((c) => !c.hidden).map((c) => c.name)) },
      brands: { all: order(brands.map((b) => b.brand_code)), elders: order(brands.filter((b) => !b.hidden).map((b) => b.brand_code)) },
      products: { all: byPopularity, elders: products.filter((p) => !p.hidden).map((p) => p.id) },
      codes: new Map(products.map((p) => [p.id, p.product_code])),
      queries: searchQueries(products, random),
    }
  })
}
