/** The fixed reference data of the fictional distributor "Riverina Rural Supply". */

export const DISTRIBUTOR = {
  name: 'Riverina Rural Supply',
  domain: 'riverinarural.example',
}

export interface BranchSeed {
  locationId: string
  name: string
  state: string
  /** Not a place customers pick up from (left out of the branch selector). */
  virtual?: boolean
}

export const BRANCHES: readonly BranchSeed[] = [
  { locationId: 'ADE', name: 'Adelaide', state: 'SA' },
  { locationId: 'BRI', name: 'Brisbane', state: 'QLD' },
  { locationId: 'MEL', name: 'Melbourne', state: 'VIC' },
  { locationId: 'PER', name: 'Perth', state: 'WA' },
  { locationId: 'SHE', name: 'Shepparton', state: 'VIC' },
  { locationId: 'SYD', name: 'Sydney', state: 'NSW' },
  { locationId: 'TAM', name: 'Tamworth', state: 'NSW' },
  { locationId: 'TAS', name: 'Tasmania', state: 'TAS' },
  { locationId: 'WAG', name: 'Wagga Wagga', state: 'NSW' },
  { locationId: 'FMB', name: 'Farmers Mailbox', state: 'NSW', virtual: true },
  { locationId: 'CON', name: 'Consignment Stock', state: 'NSW', virtual: true },
]

/** The large data set models a bigger network. */
export const LARGE_SCALE_BRANCHES: readonly BranchSeed[] = [
  { locationId: 'DUB', name: 'Dubbo', state: 'NSW' },
  { locationId: 'TOO', name: 'Toowoomba', state: 'QLD' },
]

/** Catalogue groupings; each product family names one, and it decides the copy, the picture and who buys it. */
export type Kind = 'animal' | 'crop' | 'seed' | 'fencing' | 'feed' | 'water' | 'hardware' | 'livestock' | 'pest' | 'pet' | 'workwear'

export interface ParentCategorySeed {
  title: string
  icon: string
  kind: Kind
  hidden?: boolean
  children: readonly string[]
}

export const CATEGORY_TREE: readonly ParentCategorySeed[] = [
  {
    title: 'Animal Health',
    icon: 'syringe',
    kind: 'animal',
    children: [
      'Drenches',
      'Pour-Ons & Backliners',
      'Vaccines',
      'Antibiotics & Injectables',
      'Wormers',
      'Lice & Fly Control',
      'Wound Care',
      'Dairy Hygiene',
      'Drench Guns & Applicators',
    ],
  },
  {
    title: 'Crop Protection',
    icon: 'spray-can',
    kind: 'crop',
    children: ['Herbicides', 'Insecticides', 'Fungicides', 'Adjuvants & Wetters', 'Seed Treatments'],
  },
  { title: 'Seed', icon: 'sprout', kind: 'seed', children: ['Pasture Seed', 'Cereal Seed', 'Forage Crops', 'Lawn Seed'] },
  {
    title: 'Fencing',
    icon: 'fence',
    kind: 'fencing',
    children: ['Electric Fencing', 'Insulators', 'Fence Posts', 'Fencing Wire', 'Gates', 'Netting & Mesh', 'Fencing Tools'],
  },
  {
    title: 'Stock Feed',
    icon: 'wheat',
    kind: 'feed',
    children: ['Pellets & Grains', 'Lick Blocks & Minerals', 'Milk Replacers', 'Horse Feed', 'Poultry Feed'],
  },
  {
    title: 'Water & Irrigation',
    icon: 'droplets',
    kind: 'water',
    children: ['Poly Pipe', 'Pipe Fittings', 'Pumps', 'Troughs & Valves', 'Sprinklers & Drippers'],
  },
  {
    title: 'Hardware',
    icon: 'wrench',
    kind: 'hardware',
    children: ['Bolts & Screws', 'Nails & Staples', 'Nuts & Washers', 'Hand Tools', 'Chain & Rope', 'Hose & Reels'],
  },
  { title: 'Livestock Equipment', icon: 'tag', kind: 'livestock', children: ['Ear Tags & Identification', 'Shearing', 'Feeders', 'Yards & Handling'] },
  { title: 'Pest Control', icon: 'bug', kind: 'pest', children: ['Rodent Control', 'Insect Control'] },
  { title: 'Pet & Companion', icon: 'paw-print', kind: 'pet', children: ['Dog Food', 'Cat Food', 'Pet Health', 'Pet Accessories'] },
  { title: 'Workwear & Safety', icon: 'hard-hat', kind: 'workwear', children: ['Gloves', 'Boots', 'Workwear', 'Safety Equipment'] },
  // Resellers (isElders) never see these, nor anything under them.
  { title: 'Apparent adjuvants', icon: 'spray-can', kind: 'crop', hidden: true, children: ['Apparent Wetters & Spreaders', 'Apparent Crop Oils'] },
  { title: 'Apparent fungicides', icon: 'spray-can', kind: 'crop', hidden: true, children: ['Apparent Triazole Fungicides', 'Apparent Protectant Fungicides'] },
  { title: 'Apparent growth regulators', icon: 'spray-can', kind: 'crop', hidden: true, children: ['Apparent Plant Growth Regulators'] },
  {
    title: 'Apparent herbicides',
    icon: 'spray-can',
    kind: 'crop',
    hidden: true,
    children: ['Apparent Glyphosate', 'Apparent Knockdown Herbicides', 'Apparent Selective Herbicides'],
  },
  { title: 'Apparent insecticide', icon: 'spray-can', kind: 'crop', hidden: true, children: ['Apparent Synthetic Pyrethroids', 'Apparent Organophosphates'] },
  { title: 'Apparent seed treatment', icon: 'sprout', kind: 'crop', hidden: true, children: ['Apparent Cereal Seed Treatments'] },
  { title: 'iO equine wormers', icon: 'syringe', kind: 'animal', hidden: true, children: ['iO Equine Paste Wormers'] },
  { title: 'iO equine supplement', icon: 'syringe', kind: 'animal', hidden: true, children: ['iO Equine Electrolytes', 'iO Equine Hoof & Coat'] },
  { title: 'iO cattle', icon: 'syringe', kind: 'animal', hidden: true, children: ['iO Cattle Drenches', 'iO Cattle Pour-Ons', 'iO Cattle Injectables'] },
  { title: 'iO sheep', icon: 'syringe', kind: 'animal', hidden: true, children: ['iO Sheep Drenches', 'iO Sheep Lice & Fly'] },
  { title: 'iO premium grains', icon: 'wheat', kind: 'feed', hidden: true, children: ['iO Whole Grains', 'iO Bird & Poultry Mixes'] },
]

export interface BrandSeed {
  code: string
  name: string
  /** Leads the product codes, e.g. IVO-POC-5L. */
  prefix: string
  hidden?: boolean
}

export const BRANDS: readonly BrandSeed[] = [
  { code: 'AGRIMIN', name: 'Agrimin', prefix: 'AGM' },
  { code: 'ALLFLEX', name: 'Allflex', prefix: 'ALX' },
  { code: 'ANCARE', name: 'Ancare', prefix: 'ANC' },
  { code: 'ANSELL', name: 'Ansell', prefix: 'ANS' },
  { code: 'ADVANCE', name: 'Advance', prefix: 'ADV' },
  { code: 'ADAMA', name: 'Adama', prefix: 'ADA' },
  { code: 'AGT', name: 'AGT', prefix: 'AGT' },
  { code: 'BAYER', name: 'Bayer', prefix: 'BAY' },
  { code: 'BOEHRINGER', name: 'Boehringer Ingelheim', prefix: 'BOE' },
  { code: 'BARASTOC', name: 'Barastoc', prefix: 'BAR' },
  { code: 'BLACKHAWK', name: 'Black Hawk', prefix: 'BHK' },
  { code: 'BLUNDSTONE', name: 'Blundstone', prefix: 'BLU' },
  { code: 'BREMICK', name: 'Bremick', prefix: 'BRE' },
  { code: 'COOPERS', name: 'Coopers', prefix: 'COO' },
  { code: 'CYDECTIN', name: 'Cydectin', prefix: 'CYD' },
  { code: 'CLIPEX', name: 'Clipex', prefix: 'CLX' },
  { code: 'CYCLONE', name: 'Cyclone', prefix: 'CYC' },
  { code: 'CORTEVA', name: 'Corteva', prefix: 'COR' },
  { code: 'DAVEY', name: 'Davey', prefix: 'DAV' },
  { code: 'ELANCO', name: 'Elanco', prefix: 'ELA' },
  { code: 'FARMHAND', name: 'Farmhand', prefix: 'FMH' },
  { code: 'GALLAGHER', name: 'Gallagher', prefix: 'GAL' },
  { code: 'HEINIGER', name: 'Heiniger', prefix: 'HEI' },
  { code: 'HERITAGE', name: 'Heritage Seeds', prefix: 'HER' },
  { code: 'HARDYAKKA', name: 'Hard Yakka', prefix: 'HYK' },
  { code: 'HYGAIN', name: 'Hygain', prefix: 'HYG' },
  { code: 'HOLMAN', name: 'Holman', prefix: 'HOL' },
  { code: 'IVOMEC', name: 'Ivomec', prefix: 'IVO' },
  { code: 'IPLEX', name: 'Iplex', prefix: 'IPL' },
  { code: 'JUROX', name: 'Jurox', prefix: 'JUR' },
  { code: 'KELPIE', name: 'Kelpie', prefix: 'KEL' },
  { code: 'KINGGEE', name: 'KingGee', prefix: 'KGE' },
  { code: 'LAUCKE', name: 'Laucke', prefix: 'LAU' },
  { code: 'MACQUARIE', name: 'Macquarie', prefix: 'MAQ' },
  { code: 'MACSIM', name: 'Macsim', prefix: 'MCS' },
  { code: 'MITAVITE', name: 'Mitavite', prefix: 'MIT' },
  { code: 'NUFARM', name: 'Nufarm', prefix: 'NUF' },
  { code: 'OSPRAY', name: 'Ospray', prefix: 'OSP' },
  { code: 'ONGA', name: 'Onga', prefix: 'ONG' },
  { code: 'PESTOFF', name: 'Pestoff', prefix: 'PES' },
  { code: 'PHILMAC', name: 'Philmac', prefix: 'PHI' },
  { code: 'PGGSEEDS', name: 'PGG Wrightson Seeds', prefix: 'PGG' },
  { code: 'RIDLEY', name: 'Ridley', prefix: 'RID' },
  { code: 'STOCKGUARD', name: 'Stockguard', prefix: 'STG' },
  { code: 'STEELBLUE', name: 'Steel Blue', prefix: 'SBL' },
  { code: 'SYNGENTA', name: 'Syngenta', prefix: 'SYN' },
  { code: 'SUMITOMO', name: 'Sumitomo', prefix: 'SUM' },
  { code: 'TROY', name: 'Troy', prefix: 'TRO' },
  { code: 'TEPARI', name: 'Te Pari', prefix: 'TEP' },
  { code: 'UNIVET', name: 'Univet', prefix: 'UNI' },
  { code: 'VIRBAC', name: 'Virbac', prefix: 'VIR' },
  { code: 'VINIDEX', name: 'Vinidex', prefix: 'VIN' },
  { code: 'WARATAH', name: 'Waratah', prefix: 'WAR' },
  { code: 'WILDLANDS', name: 'Wildlands', prefix: 'WLD' },
  { code: 'YATES', name: 'Yates', prefix: 'YAT' },
  { code: 'ZOETIS', name: 'Zoetis', prefix: 'ZOE' },
  { code: 'ZENITH', name: 'Zenith', prefix: 'ZEN' },
  // Resellers (isElders) never see these brands.
  { code: 'APPARENT', name: 'Apparent', prefix: 'APP', hidden: true },
  { code: 'IOANIMAL', name: 'iO Animal Health', prefix: 'IOA', hidden: true },
  { code: 'IOBIRD', name: 'iO Bird', prefix: 'IOB', hidden: true },
  { code: 'IOEQUINE', name: 'iO Equine', prefix: 'IOE', hidden: true },
  { code: 'IOGENERAL', name: 'iO General', prefix: 'IOG', hidden: true },
  { code: 'IOMILK', name: 'iO Milk Replacers', prefix: 'IOM', hidden: true },
  { code: 'IOMINERALS', name: 'iO Minerals', prefix: 'ION', hidden: true },
  { code: 'IOPEST', name: 'iO Pest Control', prefix: 'IOP', hidden: true },
  { code: 'IOPET', name: 'iO pet', prefix: 'IOT', hidden: true },
  { code: 'IOGRAINS', name: 'iO Premium Grains', prefix: 'IOR', hidden: true },
]

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
