import type { Rng } from './random'
import type { Kind } from './reference'

/** Catalogue copy: three paragraphs per product and the info line (UserDefinedField4). */

interface KindCopy {
  intro: string[]
  use: string[]
  supply: string[]
  info: string[]
  infoChance: number
}

const GENERAL_INFO = [
  'Indent item: allow 5 to 7 business days for delivery.',
  'Freight surcharge applies to WA and TAS deliveries.',
  'Bulky item: pallet freight or branch pickup only.',
  'Limited stock: while stocks last.',
  'Price held until 30 June. Ask your branch about volume pricing.',
]

const COPY: Record<Kind, KindCopy> = {
  animal: {
    intro: [
      '{name} is an APVMA registered animal health product from {brand}, stocked across the Riverina Rural Supply network.',
      '{brand} {category} trusted by producers and vets for reliable results in sheep and cattle programs.',
      'A proven {category} line from {brand}, supplied in the {pack} pack size for easy handling on farm.',
    ],
    use: [
      'Always read and follow the label directions. Dose to the heaviest animal in the mob and calibrate equipment before use.',
      'Use as part of an integrated parasite management program. Talk to your local vet or agronomist about resistance testing.',
      'Store below 30°C (room temperature) and protect from light. Dispose of empty containers through drumMUSTER.',
    ],
    supply: [
      'Dangerous when swallowed; keep out of reach of children. Safety data sheet available on request.',
      'Available from every branch. Carton and pallet pricing applies to full cartons and pallets.',
      'Cold-chain and dangerous goods freight arranged by your branch where required.',
    ],
    info: [
      'WHP: Meat 14 days. ESI: 21 days.',
      'WHP: Meat 42 days. Milk NIL. ESI: 42 days.',
      'Schedule 4: prescription animal remedy. Veterinary authority required.',
      'Keep refrigerated 2-8°C. Dispatched in cold-chain packaging.',
      'Do not use in lactating animals producing milk for human consumption.',
    ],
    infoChance: 0.6,
  },
  crop: {
    intro: [
      '{name} from {brand}: a dependable {category} choice for broadacre and horticultural programs.',
      '{brand} {category} formulated for Australian conditions and supplied in the {pack} pack.',
      'A field-proven {category} product that fits into rotation programs across winter and summer crops.',
    ],
    use: [
      'Apply through well-maintained, calibrated boom sprayers. Observe buffer zones and avoid spray drift onto sensitive areas.',
      'Check the label for registered crops, rates and critical comments. Rotate modes of action to manage resistance.',
      'Mix with clean water; add adjuvants only where the label recommends them.',
    ],
    supply: [
      'Dangerous goods may apply to some pack sizes. Safety data sheet supplied with every order.',
      'Bulk packs are returnable through the distributor container program.',
      'Agronomic support is available from your local Riverina Rural Supply branch.',
    ],
    info: [
      'Dangerous goods: Class 3, PG III.',
      'Schedule 6 poison. Read the label before use.',
      'Not to be used for any purpose, or in any manner, contrary to the label unless authorised under appropriate legislation.',
      'Withholding period: Grazing 7 days. Harvest 14 days.',
      'drumMUSTER levy included in the price.',
    ],
    infoChance: 0.6,
  },
  seed: {
    intro: [
      '{name}: quality assured seed from {brand}, tested for germination and purity.',
      '{brand} {category} bred for persistence and yield in southern Australian conditions.',
      'A popular {category} line for pasture renovation and forage programs.',
    ],
    use: [
      'Sow into a firm, moist seedbed at the recommended rate. Control weeds and pests before sowing.',
      'Inoculate legumes before sowing where required. Speak to your agronomist about sowing rates for your district.',
      'Best sown in autumn after the break of season; spring sowing suits irrigated country.',
    ],
    supply: [
      'Seed is treated; do not use for food or feed. Store in a cool, dry place.',
      'Certified seed with lot traceability on every bag.',
      'Bulk bags available on indent through your branch.',
    ],
    info: ['Treated seed: not for human or animal consumption.', 'Germination tested this season.', ...GENERAL_INFO],
    infoChance: 0.3,
  },
  fencing: {
    intro: [
      '{name} from {brand}: built to last on Australian farms.',
      '{brand} {category} trusted by fencing contractors and farmers alike.',
      'Dependable {category} from {brand} for permanent and temporary fences.',
    ],
    use: [
      'Follow the manufacturer guidance for post spacing, strainer assemblies and earthing.',
      'Suitable for cattle, sheep, horses and mixed grazing. Pair with matching insulators and connectors.',
      'Check electric fences regularly with a fence tester and keep vegetation clear of live wires.',
    ],
    supply: [
      'Full manufacturer warranty. Pallet quantities dispatched by semi-trailer from the nearest branch.',
      'Bulk orders can be delivered direct to farm; ask your branch for a freight quote.',
      'Spare parts and accessories are available across the range.',
    ],
    info: GENERAL_INFO,
    infoChance: 0.15,
  },
  feed: {
    intro: [
      '{name}: a balanced {category} ration from {brand}.',
      '{brand} {category} made from quality Australian grains and proteins.',
      'Consistent, palatable {category} to keep stock performing through the season.',
    ],
    use: [
      'Introduce new feeds gradually over 7 to 10 days. Always provide access to clean water and roughage.',
      'Feed according to the label for the class of stock, body weight and production stage.',
      'Store in a cool, dry, vermin-proof place off the ground.',
    ],
    supply: [
      'Contains restricted animal material: do not feed to ruminants where the label says so.',
      'Bagged and bulk options available. Pallet pricing on full pallets.',
      'Made in a FeedSafe accredited mill.',
    ],
    info: ['Do not feed to ruminants (RAM).', 'Best before 6 months from manufacture.', ...GENERAL_INFO],
    infoChance: 0.3,
  },
  water: {
    intro: [
      '{name} from {brand}: reliable water supply for stock, house and garden.',
      '{brand} {category} rated for Australian rural conditions and water quality.',
      'Quality {category} for irrigation, stock water and general farm use.',
    ],
    use: [
      'Install to AS/NZS standards; use thread tape or sealant on threaded joints.',
      'Check pressure ratings and flow requirements before installation.',
      'Protect from frost and direct sunlight where the manufacturer recommends.',
    ],
    supply: [
      'Manufacturer warranty applies. Pumps carry a 2-year warranty when installed by a licensed plumber.',
      'Cut lengths available at branch counters; full coils dispatched on pallets.',
      'Fittings are compatible with rural and metric poly pipe as marked.',
    ],
    info: GENERAL_INFO,
    infoChance: 0.15,
  },
  hardware: {
    intro: [
      '{name}: trade quality {category} from {brand}.',
      '{brand} {category} for farm maintenance, sheds, yards and general construction.',
      'Everyday {category} stocked in depth for tradespeople and farmers.',
    ],
    use: [
      'Select the finish for the environment: galvanised or class 4 outdoors, stainless near the coast or chemicals.',
      'Use the right drive and pilot hole sizes for the material and load.',
      'Check load ratings before use. Do not exceed the working load limit.',
    ],
    supply: [
      'Sold in the pack size shown. Bulk packs available on request.',
      'Trade pricing applies to carton quantities.',
      'Made to Australian standards where applicable.',
    ],
    info: GENERAL_INFO,
    infoChance: 0.1,
  },
  livestock: {
    intro: [
      '{name}: practical livestock equipment from {brand}.',
      '{brand} {category} that makes stock work quicker and safer.',
      'Tough {category} for sheds, yards and paddocks.',
    ],
    use: [
      'Suits cattle and sheep operations of every size. Check compatibility with your existing gear.',
      'NLIS devices must be recorded on the NLIS database within the required time frame.',
      'Clean and maintain equipment after every use to extend its life.',
    ],
    supply: [
      'Manufacturer warranty applies. Spare parts available through your branch.',
      'Custom printed tags are made to order: allow 10 business days.',
      'Bulky items can be delivered direct to farm.',
    ],
    info: ['Custom print: allow 10 business days.', ...GENERAL_INFO],
    infoChance: 0.2,
  },
  pest: {
    intro: [
      '{name}: effective {category} from {brand}.',
      '{brand} {category} for farm buildings, grain stores and homesteads.',
      'Proven {category} that keeps stores and sheds clean.',
    ],
    use: [
      'Place baits in secure bait stations out of reach of children, pets and livestock.',
      'Read the label before use. Remove uneaten bait at the end of the program.',
      'Use in and around farm buildings only as directed on the label.',
    ],
    supply: [
      'Poison: keep out of reach of children. Safety data sheet available.',
      'Bulk packs available for grain growers.',
      'Ask your branch about integrated pest management programs.',
    ],
    info: ['Schedule 6 poison. Read the label before use.', 'Restricted sale: not available in all states.', ...GENERAL_INFO],
    infoChance: 0.5,
  },
  pet: {
    intro: [
      '{name}: complete and balanced nutrition and care from {brand}.',
      '{brand} {category} loved by working dogs, pets and their owners.',
      'Quality {category} for farm dogs, cats and family pets.',
    ],
    use: [
      'Transition to a new food over 7 days and always provide fresh water.',
      'Follow the feeding guide for the weight and activity level of your animal.',
      'Follow the label directions for the weight of your animal.',
    ],
    supply: [
      'Made in Australia from Australian and imported ingredients.',
      'Store in a cool, dry place and reseal after opening.',
      'Available in every branch; larger bags on request.',
    ],
    info: GENERAL_INFO,
    infoChance: 0.1,
  },
  workwear: {
    intro: [
      '{name}: hard-wearing {category} from {brand}.',
      '{brand} {category} made for long days on the farm and on site.',
      'Comfortable, durable {category} that stands up to rural work.',
    ],
    use: [
      'Check the size guide before ordering. Exchanges accepted on unworn items within 30 days.',
      'Meets the relevant Australian safety standard where marked.',
      'Machine wash cold; do not bleach.',
    ],
    supply: [
      'Manufacturer warranty against faulty workmanship.',
      'Bulk orders for staff uniforms available on request.',
      'Stocked in the most popular sizes at every branch.',
    ],
    info: GENERAL_INFO,
    infoChance: 0.1,
  },
}

export interface CopyInput {
  name: string
  brand: string
  category: string
  pack: string
  kind: Kind
}

export function productCopy(rng: Rng, input: CopyInput): { fd1: string; fd2: string; fd3: string; info: string } {
  const copy = COPY[input.kind]
  const fill = (template: string) =>
    template.replace('{name}', input.name).replace('{brand}', input.brand).replace('{category}', input.category.toLowerCase()).replace('{pack}', input.pack)
  return {
    fd1: fill(rng.pick(copy.intro)),
    fd2: fill(rng.pick(copy.use)),
    fd3: fill(rng.pick(copy.supply)),
    info: rng.chance(copy.infoChance) ? rng.pick(copy.info) : '',
  }
}
