import type { Rng } from './random'

/** Names and places for customer accounts, delivery sites and users. Phone numbers use ACMA's fictitious ranges. */

export interface Town {
  name: string
  state: string
  postcode: string
  /** Nearest branch, then the one used when the nearest is not in the data set. */
  branches: [string, string]
}

function town(name: string, state: string, postcode: string, branch: string, fallback = branch): Town {
  return { name, state, postcode, branches: [branch, fallback] }
}

export const TOWNS: readonly Town[] = [
  town('Wagga Wagga', 'NSW', '2650', 'WAG'),
  town('Junee', 'NSW', '2663', 'WAG'),
  town('Cootamundra', 'NSW', '2590', 'WAG'),
  town('Temora', 'NSW', '2666', 'WAG'),
  town('Narrandera', 'NSW', '2700', 'WAG'),
  town('Griffith', 'NSW', '2680', 'WAG'),
  town('Leeton', 'NSW', '2705', 'WAG'),
  town('Albury', 'NSW', '2640', 'WAG'),
  town('Tumut', 'NSW', '2720', 'WAG'),
  town('Gundagai', 'NSW', '2722', 'WAG'),
  town('Young', 'NSW', '2594', 'WAG'),
  town('Holbrook', 'NSW', '2644', 'WAG'),
  town('Hay', 'NSW', '2711', 'WAG'),
  town('Tamworth', 'NSW', '2340', 'TAM'),
  town('Gunnedah', 'NSW', '2380', 'TAM'),
  town('Armidale', 'NSW', '2350', 'TAM'),
  town('Moree', 'NSW', '2400', 'TAM'),
  town('Narrabri', 'NSW', '2390', 'TAM'),
  town('Quirindi', 'NSW', '2343', 'TAM'),
  town('Dubbo', 'NSW', '2830', 'DUB', 'TAM'),
  town('Mudgee', 'NSW', '2850', 'DUB', 'SYD'),
  town('Orange', 'NSW', '2800', 'DUB', 'SYD'),
  town('Parkes', 'NSW', '2870', 'DUB', 'WAG'),
  town('Camden', 'NSW', '2570', 'SYD'),
  town('Goulburn', 'NSW', '2580', 'SYD'),
  town('Bathurst', 'NSW', '2795', 'SYD'),
  town('Windsor', 'NSW', '2756', 'SYD'),
  town('Shepparton', 'VIC', '3630', 'SHE'),
  town('Kyabram', 'VIC', '3620', 'SHE'),
  town('Echuca', 'VIC', '3564', 'SHE'),
  town('Benalla', 'VIC', '3672', 'SHE'),
  town('Seymour', 'VIC', '3660', 'SHE'),
  town('Rochester', 'VIC', '3561', 'SHE'),
  town('Cobram', 'VIC', '3644', 'SHE'),
  town('Bendigo', 'VIC', '3550', 'SHE'),
  town('Ballarat', 'VIC', '3350', 'MEL'),
  town('Hamilton', 'VIC', '3300', 'MEL'),
  town('Horsham', 'VIC', '3400', 'MEL'),
  town('Warrnambool', 'VIC', '3280', 'MEL'),
  town('Colac', 'VIC', '3250', 'MEL'),
  town('Sale', 'VIC', '3850', 'MEL'),
  town('Bairnsdale', 'VIC', '3875', 'MEL'),
  town('Daylesford', 'VIC', '3460', 'MEL'),
  town('Kyneton', 'VIC', '3444', 'MEL'),
  town('Yarra Glen', 'VIC', '3775', 'MEL'),
  town('Leongatha', 'VIC', '3953', 'MEL'),
  town('Mount Gambier', 'SA', '5290', 'ADE'),
  town('Naracoorte', 'SA', '5271', 'ADE'),
  town('Clare', 'SA', '5453', 'ADE'),
  town('Murray Bridge', 'SA', '5253', 'ADE'),
  town('Gawler', 'SA', '5118', 'ADE'),
  town('Port Lincoln', 'SA', '5606', 'ADE'),
  town('Toowoomba', 'QLD', '4350', 'TOO', 'BRI'),
  town('Dalby', 'QLD', '4405', 'TOO', 'BRI'),
  town('Warwick', 'QLD', '4370', 'TOO', 'BRI'),
  town('Kingaroy', 'QLD', '4610', 'BRI'),
  town('Roma', 'QLD', '4455', 'TOO', 'BRI'),
  town('Gatton', 'QLD', '4343', 'BRI'),
  town('Beaudesert', 'QLD', '4285', 'BRI'),
  town('Northam', 'WA', '6401', 'PER'),
  town('Narrogin', 'WA', '6312', 'PER'),
  town('Katanning', 'WA', '6317', 'PER'),
  town('Esperance', 'WA', '6450', 'PER'),
  town('Geraldton', 'WA', '6530', 'PER'),
  town('Bunbury', 'WA', '6230', 'PER'),
  town('Launceston', 'TAS', '7250', 'TAS'),
  town('Devonport', 'TAS', '7310', 'TAS'),
  town('Deloraine', 'TAS', '7304', 'TAS'),
  town('Scottsdale', 'TAS', '7260', 'TAS'),
  town('Longford', 'TAS', '7301', 'TAS'),
]

export const FIRST_NAMES = [
  'Sam',
  'Jess',
  'Tom',
  'Emma',
  'Jack',
  'Olivia',
  'Liam',
  'Chloe',
  'Noah',
  'Mia',
  'Will',
  'Grace',
  'James',
  'Ruby',
  'Ben',
  'Sophie',
  'Matt',
  'Kate',
  'Dan',
  'Lucy',
  'Josh',
  'Hannah',
  'Luke',
  'Ella',
  'Ryan',
  'Georgia',
  'Nick',
  'Amelia',
  'Hamish',
  'Isla',
  'Angus',
  'Priya',
  'Chris',
  'Mai',
  'Raj',
  'Sarah',
  'Michael',
  'Bridget',
  'Paddy',
  'Fiona',
  'Stuart',
  'Anh',
  'Tahlia',
  'Cameron',
  'Maddie',
]

export const SURNAMES = [
  'Kelly',
  'Murphy',
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Walker',
  'Harris',
  'Ryan',
  "O'Brien",
  'Robinson',
  'Kennedy',
  'Campbell',
  'McDonald',
  'Stewart',
  'Fraser',
  'Hughes',
  'Sullivan',
  'Morrison',
  'Patel',
  'Lee',
  'Crawford',
  'Mitchell',
  'Reid',
  'Henderson',
  'Cameron',
  'Graham',
  'Doyle',
  'Gallagher',
  'Sharma',
  'Costa',
  'Rossi',
  'Schmidt',
  'Hoffmann',
  'Tran',
  'Baxter',
  'Hawkins',
  'McKenzie',
  'Lawson',
  'Pearce',
  'Quinn',
  'Drummond',
]

const STREETS = [
  'Main',
  'High',
  'Station',
  'Church',
  'Railway',
  'Hammond',
  'Edward',
  'Fitzmaurice',
  'Baylis',
  'Gurwood',
  'Peter',
  'Bourke',
  'Sturt',
  'Murray',
  'Hume',
  'Lachlan',
  'Macquarie',
  'Darling',
  'Wattle',
  'Kurrajong',
  'Coolamon',
  'Old Narrandera',
  'Boundary',
]
const STREET_TYPES = ['Street', 'Road', 'Lane', 'Avenue', 'Drive', 'Highway']
const PROPERTY_WORDS = ['Glen', 'Hill', 'Creek', 'Park', 'Downs', 'Vale', 'Ridge', 'Plains', 'Springs', 'Brook', 'View', 'Gully']
const PROPERTY_PREFIXES = ['Rose', 'Wattle', 'Red', 'Yarran', 'Box', 'Ironbark', 'Mallee', 'River', 'Green', 'Blue', 'Stony', 'Emu', 'Bell', 'Clover', 'Myall']

export function personName(rng: Rng): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(SURNAMES) }
}

export function propertyName(rng: Rng): string {
  return `${rng.pick(PROPERTY_PREFIXES)} ${rng.pick(PROPERTY_WORDS)}`
}

export function streetAddress(rng: Rng, rural: boolean): string {
  if (rural) return `${rng.int(10, 3999)} ${rng.pick(STREETS)} ${rng.pick(['Road', 'Lane', 'Highway'])}`
  return `${rng.int(1, 250)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`
}

export function areaCode(state: string): string {
  if (state === 'NSW' || state === 'ACT') return '02'
  if (state === 'VIC' || state === 'TAS') return '03'
  if (state === 'QLD') return '07'
  return '08'
}

/** (0X) 5550 XXXX is reserved for fiction, as is 0491 57X XXX for mobiles. */
export function landline(rng: Rng, state: string): string {
  return `${areaCode(state)} 5550 ${rng.digits(4)}`
}

export function mobile(rng: Rng): string {
  return `0491 57${rng.int(0, 3)} ${rng.digits(3)}`
}

export function emailLocal(first: string, last: string): string {
  return `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
}

export function domainOf(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .split(/\s+/)
    .filter((w) => w && !['pty', 'ltd', 'the', 'and', 'co'].includes(w))
  return `${words.slice(0, 3).join('') || 'customer'}.example`
}

/** A valid ABN: the weighted sum (first digit less one) is divisible by 89. */
export function abn(rng: Rng): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  for (;;) {
    const tail = Array.from({ length: 9 }, () => rng.int(0, 9))
    const tailSum = tail.reduce((sum, digit, i) => sum + digit * (weights[i + 2] ?? 0), 0)
    for (let first = 1; first <= 9; first++) {
      for (let second = 0; second <= 9; second++) {
        if (((first - 1) * 10 + second + tailSum) % 89 === 0) {
          const d = [first, second, ...tail].join('')
          return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`
        }
      }
    }
  }
}
