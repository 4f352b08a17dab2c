/**
 * Product families: a product line per brand, times its pack sizes or dimensions, makes the catalogue.
 * The demo takes a few products of every family; the large data set takes nearly all of them
 * (the hardware families, as in a real rural store, provide most of the SKUs).
 */

export interface Option {
  label: string
  code: string
  /** Multiplies the family's base price (and weight, for options that are not a measure). */
  factor: number
  /** Known weight of this pack, when the label is a volume or mass. */
  kg?: number
}

export interface Line {
  brand: string
  text: string
  /** Multiplies the family's base price for this line. */
  price: number
}

export interface Family {
  /** Title of the child category the products sit in. */
  category: string
  lines: Line[]
  options: Option[][]
  /** Base unit price in dollars, ex GST, for factor 1. */
  price: number
  /** Weight in kg per unit of factor, for options that are not a measure. */
  kg: number
  /** Products the tests and the demo walk-through expect, taken before any others. */
  featured?: string[]
}

function line(brand: string, text: string, price = 1): Line {
  return { brand, text, price }
}

function optionCode(label: string): string {
  const words = label
    .replace(/[()]/g, '')
    .split(/\s+/)
    .filter((w) => w && !/^(of|x|for|and|&)$/i.test(w))
  if (/\d/.test(label)) {
    return words
      .map((w) => (/\d/.test(w) ? w.replace(/[^0-9A-Za-z./-]/g, '') : w.charAt(0)))
      .join('')
      .toUpperCase()
  }
  return (words.length === 1 ? (words[0] ?? '').slice(0, 3) : words.map((w) => w.charAt(0)).join('')).toUpperCase()
}

/** Pack sizes as shown on a label: 500mL, 5L, 20kg, 50 Dose, Pack of 25, Each. */
function packs(...labels: string[]): Option[] {
  return labels.map((label) => {
    const measure = /^([\d.]+)\s*(mL|L|g|kg)$/.exec(label)
    if (measure) {
      const size = Number(measure[1])
      const unit = measure[2]
      const factor = unit === 'mL' || unit === 'g' ? size / 1000 : size
      const liquid = unit === 'mL' || unit === 'L'
      const kg = liquid ? factor * 1.05 + Math.min(0.05 + factor * 0.04, 1.5) : factor * 1.01 + 0.02
      return { label, code: optionCode(label), factor, kg: Math.round(kg * 1000) / 1000 }
    }
    const count = /(\d+)/.exec(label)
    return { label, code: optionCode(label), factor: count ? Number(count[1]) : 1 }
  })
}

/** A dimension with explicit price factors: dim(['M6', 0.5], ['M8', 0.7]). */
function dim(...entries: Array<[string, number]>): Option[] {
  return entries.map(([label, factor]) => ({ label, code: optionCode(label), factor }))
}

/** A dimension that does not change the price (colours, sizes of clothing). */
function same(...labels: string[]): Option[] {
  return labels.map((label) => ({ label, code: optionCode(label), factor: 1 }))
}

function family(category: string, price: number, lines: Line[], options: Option[][], kg = 1, featured?: string[]): Family {
  return { category, price, lines, options, kg, ...(featured ? { featured } : {}) }
}

const DRENCH_PACKS = packs('1L', '5L', '10L', '20L')
const POUR_ON_PACKS = packs('1L', '2.5L', '5L', '10L')
const INJECTION_PACKS = packs('50mL', '100mL', '250mL', '500mL')
const CHEM_PACKS = packs('1L', '5L', '20L', '110L')
const BULK_CHEM_PACKS = packs('5L', '20L', '110L', '1000L')
const FEED_BAGS = packs('20kg', '25kg')
const PET_BAGS = packs('3kg', '8kg', '20kg')
const SIZES_CLOTHING = same('S', 'M', 'L', 'XL', '2XL', '3XL', '4XL')
const BOOT_SIZES = same('UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 12', 'UK 13')
const THREADS = dim(['M6', 0.45], ['M8', 0.6], ['M10', 0.8], ['M12', 1.0], ['M16', 1.6], ['M20', 2.4])
const BOLT_LENGTHS = dim(
  ['x 20mm', 0.7],
  ['x 25mm', 0.75],
  ['x 30mm', 0.8],
  ['x 40mm', 0.9],
  ['x 50mm', 1.0],
  ['x 65mm', 1.12],
  ['x 75mm', 1.2],
  ['x 90mm', 1.35],
  ['x 100mm', 1.45],
  ['x 110mm', 1.55],
  ['x 120mm', 1.65],
  ['x 130mm', 1.75],
  ['x 150mm', 1.95],
  ['x 200mm', 2.5],
)
const FINISHES = dim(['Zinc Plated', 1], ['Hot Dip Galvanised', 1.3], ['Stainless 304', 2.6], ['Stainless 316', 3.2])
const BOXES = dim(['Pack of 10', 10], ['Box of 50', 45], ['Box of 100', 85])
const GAUGES = dim(['8g', 0.7], ['10g', 0.85], ['12g', 1], ['14g', 1.25])
const SCREW_LENGTHS = dim(
  ['x 16mm', 0.7],
  ['x 20mm', 0.75],
  ['x 25mm', 0.8],
  ['x 30mm', 0.9],
  ['x 35mm', 0.95],
  ['x 40mm', 1],
  ['x 45mm', 1.05],
  ['x 50mm', 1.1],
  ['x 65mm', 1.3],
  ['x 75mm', 1.45],
  ['x 100mm', 1.8],
)
const SCREW_FINISHES = dim(['Class 3', 1], ['Class 4', 1.25], ['Stainless', 2.2], ['Zinc', 0.85], ['Black Oxide', 1.1])
const SCREW_BOXES = dim(['Box of 100', 100], ['Box of 250', 230], ['Box of 500', 440], ['Bucket of 1000', 820])
const POLY_SIZES = dim(['13mm', 0.6], ['19mm', 0.75], ['20mm', 0.75], ['25mm', 1], ['32mm', 1.4], ['40mm', 2.1], ['50mm', 3.2], ['63mm', 5])
const TAG_COLOURS = same('Yellow', 'Orange', 'Green', 'Blue', 'Red', 'White', 'Purple', 'Pink', 'Black', 'Light Blue')
const TAG_NUMBERS = dim(
  ['Blank', 1],
  ['Numbered 1-100', 1.3],
  ['Numbered 101-200', 1.3],
  ['Numbered 201-300', 1.3],
  ['Numbered 301-400', 1.3],
  ['Numbered 401-500', 1.3],
  ['Numbered 501-600', 1.3],
  ['Numbered 601-700', 1.3],
  ['Numbered 701-800', 1.3],
  ['Numbered 801-900', 1.3],
  ['Numbered 901-1000', 1.3],
)

export const FAMILIES: readonly Family[] = [
  // Animal health
  family(
    'Drenches',
    36,
    [
      line('COOPERS', 'Coopers Magnum Drench'),
      line('IVOMEC', 'Ivomec Oral Drench for Sheep', 1.1),
      line('CYDECTIN', 'Cydectin Oral Drench for Sheep', 1.3),
      line('ELANCO', 'Elanco Zolvix Plus Oral Drench', 2.2),
      line('JUROX', 'Jurox Triple Combination Sheep Drench', 0.9),
      line('VIRBAC', 'Virbac Trifecta Sheep Drench', 0.95),
      line('OSPRAY', 'Ospray Abamectin Sheep Drench', 0.7),
      line('UNIVET', 'Univet Levamisole Drench', 0.5),
    ],
    [DRENCH_PACKS],
    1,
    ['Coopers Magnum Drench 20L'],
  ),
  family(
    'Drenches',
    22,
    [
      line('IVOMEC', 'Ivomec Oral Drench for Cattle'),
      line('COOPERS', 'Coopers Cattle Drench Concentrate'),
      line('STOCKGUARD', 'Stockguard Abamectin Cattle Drench', 0.75),
      line('BOEHRINGER', 'Boehringer Ingelheim Fluke and Worm Drench', 1.4),
      line('OSPRAY', 'Ospray Oxfendazole Cattle Drench', 0.8),
    ],
    [packs('5L', '10L', '20L')],
  ),
  family(
    'Drenches',
    48,
    [line('ZOETIS', 'Zoetis Startect Dual Active drench for Sheep', 1.6), line('JUROX', 'Jurox Closantel drench for Sheep')],
    [packs('1L', '5L', '20L')],
  ),
  family(
    'Pour-Ons & Backliners',
    52,
    [
      line('IVOMEC', 'Ivomec Pour-On for Cattle'),
      line('CYDECTIN', 'Cydectin Pour-On for Cattle', 1.15),
      line('ZOETIS', 'Zoetis Dectomax Pour-On', 1.2),
      line('STOCKGUARD', 'Stockguard Abamectin Pour-On', 0.65),
      line('VIRBAC', 'Virbac Eprinex Pour-On for Beef and Dairy Cattle', 1.35),
      line('OSPRAY', 'Ospray Genesis Pour-On', 0.8),
    ],
    [POUR_ON_PACKS],
    1,
    ['Ivomec Pour-On for Cattle 5L'],
  ),
  family(
    'Pour-Ons & Backliners',
    70,
    [line('ELANCO', 'Elanco Extinosad Pour-On for Sheep'), line('COOPERS', 'Coopers Clik Extra Spray-On', 1.3), line('BAYER', 'Bayer Vetrazin Spray-On', 0.9)],
    [packs('2.5L', '5L', '10L', '20L')],
  ),
  family(
    'Vaccines',
    280,
    [
      line('ZOETIS', 'Zoetis Ultravac 5in1 Vaccine'),
      line('COOPERS', 'Coopers Glanvac 6 Vaccine', 1.1),
      line('VIRBAC', 'Virbac Websters 3in1 Vaccine', 0.8),
      line('BOEHRINGER', 'Boehringer Ingelheim Covexin 10 Vaccine', 1.4),
      line('ZOETIS', 'Zoetis Scabigard Vaccine', 1.6),
    ],
    [packs('100mL', '250mL', '500mL')],
    1,
  ),
  family(
    'Vaccines',
    5.2,
    [line('ZOETIS', 'Zoetis Pestigard Vaccine'), line('ZOETIS', 'Zoetis Bovilis MH + IBR Vaccine', 1.3), line('ELANCO', 'Elanco Leptoshield Vaccine', 0.6)],
    [packs('10 Dose', '50 Dose', '125 Dose')],
    0.004,
  ),
  family(
    'Antibiotics & Injectables',
    800,
    [
      line('CYDECTIN', 'Cydectin Long Acting Injection'),
      line('IVOMEC', 'Ivomec Injection for Cattle and Sheep', 0.45),
      line('ZOETIS', 'Zoetis Dectomax Injection', 0.6),
      line('JUROX', 'Jurox Alamycin LA 300 Injection', 0.25),
      line('BAYER', 'Bayer Baytril Injection', 0.9),
      line('ELANCO', 'Elanco Micotil 300 Injection', 1.8),
      line('VIRBAC', 'Virbac Vitamin B12 Injection', 0.15),
      line('UNIVET', 'Univet Vitamin ADE Injection', 0.12),
      line('ANCARE', 'Ancare Oxytetracycline Injection', 0.2),
    ],
    [INJECTION_PACKS],
    1,
    ['Cydectin Long Acting Injection 500mL'],
  ),
  family(
    'Wormers',
    4.2,
    [
      line('TROY', 'Troy Canex Plus Allwormer'),
      line('VIRBAC', 'Virbac Endogard Allwormer', 1.4),
      line('ELANCO', 'Elanco Milbemax Allwormer', 2.1),
      line('BAYER', 'Bayer Drontal Allwormer', 2.3),
    ],
    [dim(['for Small Dogs', 0.8], ['for Medium Dogs', 1], ['for Large Dogs', 1.4]), packs('4 Tablets', '20 Tablets')],
    0.01,
  ),
  family(
    'Wormers',
    24,
    [
      line('VIRBAC', 'Virbac Equimax Elite Paste'),
      line('BOEHRINGER', 'Boehringer Ingelheim Eqvalan Gold Paste', 1.2),
      line('JUROX', 'Jurox Equine Combination Paste', 0.75),
      line('OSPRAY', 'Ospray Equine Allwormer Paste', 0.6),
    ],
    [packs('1 Tube', '6 Pack', '12 Pack')],
    0.04,
  ),
  family(
    'Lice & Fly Control',
    1.8,
    [
      line('COOPERS', 'Coopers Patriot Insecticide Cattle Ear Tags'),
      line('ZOETIS', 'Zoetis Co-Ral Plus Fly Tags', 1.2),
      line('TROY', 'Troy Fly Repellent Spray', 6),
    ],
    [packs('20 Pack', '100 Pack')],
    0.015,
  ),
  family(
    'Lice & Fly Control',
    44,
    [line('BAYER', 'Bayer Vetrazin Liquid Concentrate'), line('COOPERS', 'Coopers Blowfly and Lice Jetting Fluid', 0.7)],
    [packs('1L', '5L', '20L')],
  ),
  family(
    'Wound Care',
    40,
    [
      line('TROY', 'Troy Tricin Wound Powder', 1.5),
      line('VIRBAC', 'Virbac Purple Spray Antiseptic'),
      line('COOPERS', 'Coopers Cetrigen Wound Spray', 1.2),
      line('ANCARE', 'Ancare Iodine Wound Spray', 0.7),
      line('UNIVET', 'Univet Zinc Cream', 0.9),
    ],
    [packs('250mL', '500mL')],
  ),
  family(
    'Dairy Hygiene',
    7.5,
    [line('ANCARE', 'Ancare Iodine Teat Dip'), line('VIRBAC', 'Virbac Teatguard Spray', 1.2), line('UNIVET', 'Univet Chlorhexidine Teat Spray', 0.9)],
    [packs('5L', '20L', '200L')],
  ),
  family(
    'Drench Guns & Applicators',
    90,
    [
      line('TEPARI', 'Te Pari Racewell Drench Gun'),
      line('TEPARI', 'Te Pari Flexidose Pour-On Applicator', 1.1),
      line('COOPERS', 'Coopers Injector Gun', 0.6),
      line('ANCARE', 'Ancare Drench Backpack', 0.5),
    ],
    [dim(['10mL', 0.9], ['20mL', 1], ['30mL', 1.1], ['60mL', 1.25])],
    0.6,
  ),
  family(
    'Drench Guns & Applicators',
    0.32,
    [line('TEPARI', 'Te Pari Veterinary Needles')],
    [dim(['16G', 1], ['18G', 1], ['20G', 1], ['21G', 1.05]), dim(['x 1/2in', 1], ['x 3/4in', 1], ['x 1in', 1.1]), packs('Box of 100')],
    0.003,
  ),

  // Crop protection
  family(
    'Herbicides',
    8.5,
    [
      line('NUFARM', 'Nufarm Weedmaster Argo Glyphosate 540'),
      line('BAYER', 'Bayer Roundup Ultra Max', 1.35),
      line('ADAMA', 'Adama Glyphosate 450', 0.8),
      line('SYNGENTA', 'Syngenta Gramoxone 360', 1.5),
      line('CORTEVA', 'Corteva Starane Advanced', 3.6),
      line('NUFARM', 'Nufarm Amicide Advance 700', 1.7),
      line('ADAMA', 'Adama Kamba 500', 2.6),
    ],
    [CHEM_PACKS],
  ),
  family('Herbicides', 7.2, [line('APPARENT', 'Apparent Glyphosate 360'), line('APPARENT', 'Apparent 2,4-D Amine 625', 1.4)], [packs('5L', '20L')]),
  family(
    'Insecticides',
    28,
    [
      line('BAYER', 'Bayer Decis Options'),
      line('ADAMA', 'Adama Alpha-Cypermethrin 100', 0.7),
      line('SUMITOMO', 'Sumitomo Sumi-Alpha Flex', 1.1),
      line('NUFARM', 'Nufarm Le-Mat 290 SL', 3.5),
      line('CORTEVA', 'Corteva Transform Isoclast', 7),
    ],
    [packs('1L', '5L', '20L')],
  ),
  family(
    'Fungicides',
    44,
    [
      line('SYNGENTA', 'Syngenta Amistar Xtra'),
      line('BAYER', 'Bayer Prosaro 420 SC', 1.6),
      line('ADAMA', 'Adama Custodia', 0.9),
      line('NUFARM', 'Nufarm Tebuconazole 430', 0.55),
    ],
    [packs('5L', '10L', '20L')],
  ),
  family(
    'Adjuvants & Wetters',
    11,
    [line('NUFARM', 'Nufarm BS1000 Wetter'), line('ADAMA', 'Adama Hasten Spray Adjuvant', 1.3), line('SYNGENTA', 'Syngenta Uptake Spraying Oil', 1.1)],
    [packs('1L', '5L', '20L', '110L')],
  ),
  family(
    'Seed Treatments',
    62,
    [line('BAYER', 'Bayer Gaucho 600 Red'), line('SYNGENTA', 'Syngenta Vibrance Seed Treatment', 1.4), line('NUFARM', 'Nufarm Imidacloprid 600 ST', 0.6)],
    [packs('5L', '20L')],
  ),
  family('Apparent Glyphosate', 6.8, [line('APPARENT', 'Apparent Glyphosate 540'), line('APPARENT', 'Apparent Glyphosate 450', 0.85)], [BULK_CHEM_PACKS]),
  family(
    'Apparent Knockdown Herbicides',
    11,
    [line('APPARENT', 'Apparent Paraquat 250'), line('APPARENT', 'Apparent Diquat 200', 1.2), line('APPARENT', 'Apparent Glufosinate 200', 1.5)],
    [packs('5L', '20L', '110L')],
  ),
  family(
    'Apparent Selective Herbicides',
    16,
    [
      line('APPARENT', 'Apparent MCPA 750'),
      line('APPARENT', 'Apparent Clopyralid 300', 2.1),
      line('APPARENT', 'Apparent Trifluralin 480', 0.8),
      line('APPARENT', 'Apparent Dicamba 500', 1.4),
    ],
    [packs('5L', '20L', '110L')],
  ),
  family(
    'Apparent Triazole Fungicides',
    30,
    [line('APPARENT', 'Apparent Tebuconazole 430'), line('APPARENT', 'Apparent Propiconazole 250', 0.9), line('APPARENT', 'Apparent Epoxiconazole 125', 1.3)],
    [packs('5L', '20L', '110L')],
  ),
  family(
    'Apparent Protectant Fungicides',
    14,
    [line('APPARENT', 'Apparent Mancozeb 750 WG'), line('APPARENT', 'Apparent Chlorothalonil 720', 1.2)],
    [packs('10kg', '20kg')],
  ),
  family(
    'Apparent Synthetic Pyrethroids',
    18,
    [
      line('APPARENT', 'Apparent Alpha-Cypermethrin 100'),
      line('APPARENT', 'Apparent Bifenthrin 100', 1.4),
      line('APPARENT', 'Apparent Lambda-Cyhalothrin 250', 2.2),
    ],
    [packs('1L', '5L', '20L')],
  ),
  family(
    'Apparent Organophosphates',
    15,
    [line('APPARENT', 'Apparent Chlorpyrifos 500'), line('APPARENT', 'Apparent Dimethoate 400', 0.9)],
    [packs('5L', '20L')],
  ),
  family(
    'Apparent Wetters & Spreaders',
    8,
    [line('APPARENT', 'Apparent Wetter 1000'), line('APPARENT', 'Apparent Ammonium Sulphate Liquid', 0.4)],
    [packs('5L', '20L', '110L')],
  ),
  family(
    'Apparent Crop Oils',
    6.5,
    [line('APPARENT', 'Apparent Crop Oil Concentrate'), line('APPARENT', 'Apparent Esterified Canola Oil', 1.1)],
    [packs('20L', '110L', '1000L')],
  ),
  family(
    'Apparent Plant Growth Regulators',
    12,
    [line('APPARENT', 'Apparent Chlormequat 750'), line('APPARENT', 'Apparent Trinexapac 250', 4.5)],
    [packs('5L', '20L')],
  ),
  family(
    'Apparent Cereal Seed Treatments',
    40,
    [line('APPARENT', 'Apparent Imidacloprid 600 ST'), line('APPARENT', 'Apparent Triadimenol 150 ST', 0.7)],
    [packs('5L', '20L')],
  ),

  // Seed
  family(
    'Pasture Seed',
    7.5,
    [
      line('HERITAGE', 'Heritage Seeds Perennial Ryegrass'),
      line('HERITAGE', 'Heritage Seeds Sub Clover', 1.6),
      line('PGGSEEDS', 'PGG Wrightson Seeds Phalaris', 1.9),
      line('PGGSEEDS', 'PGG Wrightson Seeds Cocksfoot', 2.1),
      line('HERITAGE', 'Heritage Seeds Lucerne', 1.7),
      line('PGGSEEDS', 'PGG Wrightson Seeds Annual Ryegrass', 0.7),
    ],
    [packs('10kg', '20kg', '25kg')],
  ),
  family(
    'Cereal Seed',
    1.25,
    [line('AGT', 'AGT Scepter Wheat Seed'), line('AGT', 'AGT Compass Barley Seed'), line('AGT', 'AGT Bannister Oat Seed', 0.9)],
    [packs('25kg', '1000kg')],
  ),
  family(
    'Forage Crops',
    9,
    [
      line('PGGSEEDS', 'PGG Wrightson Seeds Forage Rape'),
      line('HERITAGE', 'Heritage Seeds Forage Brassica', 1.1),
      line('HERITAGE', 'Heritage Seeds Millet', 0.5),
    ],
    [packs('5kg', '20kg')],
  ),
  family(
    'Lawn Seed',
    22,
    [line('YATES', 'Yates Tuff Lawn Seed'), line('YATES', 'Yates Shady Lawn Seed', 1.1), line('YATES', 'Yates Buffalo Lawn Seed', 1.5)],
    [packs('500g', '1kg', '2kg', '5kg')],
  ),

  // Fencing
  family(
    'Electric Fencing',
    220,
    [
      line('GALLAGHER', 'Gallagher M1200 Mains Energiser', 2.6),
      line('GALLAGHER', 'Gallagher M2800i Mains Energiser', 5.2),
      line('GALLAGHER', 'Gallagher S100 Solar Energiser', 3.1),
      line('GALLAGHER', 'Gallagher B80 Battery Energiser', 1.6),
      line('STOCKGUARD', 'Stockguard 3 Joule Mains Energiser', 1.2),
      line('GALLAGHER', 'Gallagher Earth Stake Kit', 0.25),
    ],
    [],
    2,
  ),
  family(
    'Electric Fencing',
    0.16,
    [line('GALLAGHER', 'Gallagher Poly Tape'), line('STOCKGUARD', 'Stockguard Poly Tape', 0.8)],
    [dim(['12.5mm', 0.6], ['40mm', 1]), dim(['x 200m', 200], ['x 400m', 380]), same('White', 'Yellow')],
    0.006,
    ['Gallagher Poly Tape 40mm x 200m White'],
  ),
  family(
    'Electric Fencing',
    0.11,
    [line('GALLAGHER', 'Gallagher Polywire 6 Strand'), line('GALLAGHER', 'Gallagher Turbo Wire', 1.5), line('STOCKGUARD', 'Stockguard Polywire', 0.75)],
    [dim(['x 200m', 200], ['x 400m', 380], ['x 800m', 720])],
    0.004,
  ),
  family(
    'Insulators',
    0.65,
    [
      line('GALLAGHER', 'Gallagher Ring Insulator'),
      line('GALLAGHER', 'Gallagher Pinlock Insulator', 1.3),
      line('GALLAGHER', 'Gallagher Offset Insulator', 2.4),
      line('STOCKGUARD', 'Stockguard Star Picket Insulator', 0.9),
      line('WARATAH', 'Waratah Strain Insulator', 1.6),
    ],
    [packs('Pack of 25', 'Pack of 125')],
    0.02,
  ),
  family(
    'Fence Posts',
    0.0046,
    [line('WARATAH', 'Waratah Star Picket'), line('CLIPEX', 'Clipex Steel Fence Post', 1.2), line('MACQUARIE', 'Macquarie Star Picket', 0.9)],
    [dim(['1350mm', 1350], ['1500mm', 1500], ['1650mm', 1650], ['1800mm', 1800], ['2100mm', 2100], ['2400mm', 2400]), dim(['Black', 1], ['Galvanised', 1.3])],
    0.0015,
  ),
  family(
    'Fencing Wire',
    120,
    [
      line('WARATAH', 'Waratah Barbed Wire High Tensile'),
      line('WARATAH', 'Waratah Plain Wire 2.5mm'),
      line('WARATAH', 'Waratah Fencemaster Hinge Joint 8/80/30', 2.4),
      line('MACQUARIE', 'Macquarie Barbed Wire Motto', 0.85),
      line('CLIPEX', 'Clipex Ringlock 8/90/30', 2.2),
    ],
    [dim(['x 200m', 0.5], ['x 250m', 0.6], ['x 500m', 1])],
    25,
  ),
  family(
    'Gates',
    48,
    [
      line('FARMHAND', 'Farmhand Medium Duty Gate'),
      line('FARMHAND', 'Farmhand Heavy Duty Gate', 1.4),
      line('MACQUARIE', 'Macquarie Mesh Gate', 1.1),
      line('STOCKGUARD', 'Stockguard Tubular Gate', 0.9),
    ],
    [dim(['2.4m', 2.4], ['3.0m', 3], ['3.6m', 3.6], ['4.2m', 4.2], ['4.8m', 4.8])],
    9,
  ),
  family(
    'Netting & Mesh',
    1.4,
    [line('WARATAH', 'Waratah Rabbit Netting 900mm'), line('WARATAH', 'Waratah Chicken Mesh 1200mm', 1.3), line('CLIPEX', 'Clipex Weldmesh 1200mm', 2.2)],
    [dim(['x 25m', 25], ['x 50m', 48])],
    0.45,
  ),
  family(
    'Fencing Tools',
    80,
    [
      line('GALLAGHER', 'Gallagher Digital Fence Tester'),
      line('WARATAH', 'Waratah Wire Strainer', 0.7),
      line('ZENITH', 'Zenith Fencing Pliers', 0.45),
      line('WARATAH', 'Waratah Post Driver', 1.5),
      line('CYCLONE', 'Cyclone Wire Spinner', 2.4),
      line('GALLAGHER', 'Gallagher Fault Finder', 4.1),
    ],
    [],
    2.5,
  ),

  // Stock feed
  family(
    'Pellets & Grains',
    0.78,
    [
      line('RIDLEY', 'Ridley Cattle Pellets'),
      line('RIDLEY', 'Ridley Sheep and Lamb Pellets', 1.05),
      line('BARASTOC', 'Barastoc Calf Rearer Pellets', 1.5),
      line('LAUCKE', 'Laucke Lamb Finisher Pellets', 1.1),
      line('BARASTOC', 'Barastoc Rolled Barley', 0.8),
    ],
    [FEED_BAGS],
  ),
  family(
    'Lick Blocks & Minerals',
    3.2,
    [
      line('AGRIMIN', 'Agrimin 24/7 Cattle Trace Element Lick'),
      line('RIDLEY', 'Ridley Cattle Lick Block', 0.6),
      line('AGRIMIN', 'Agrimin Sheep Mineral Block', 0.9),
    ],
    [packs('20kg', '60kg')],
  ),
  family('Lick Blocks & Minerals', 2.6, [line('IOMINERALS', 'iO Minerals Cattle Lick Block')], [packs('20kg')]),
  family('Milk Replacers', 6, [line('BARASTOC', 'Barastoc Calf Milk Replacer'), line('LAUCKE', 'Laucke Lamb Milk Replacer', 1.4)], [packs('10kg', '20kg')]),
  family('Milk Replacers', 5.4, [line('IOMILK', 'iO Milk Replacers Calf Milk Replacer')], [packs('20kg')]),
  family(
    'Horse Feed',
    2.2,
    [
      line('HYGAIN', 'Hygain Ice Horse Feed'),
      line('HYGAIN', 'Hygain Tru Care', 1.2),
      line('MITAVITE', 'Mitavite Gallop', 0.95),
      line('MITAVITE', 'Mitavite Xtra Cool', 0.9),
    ],
    [packs('20kg')],
  ),
  family(
    'Poultry Feed',
    1.15,
    [
      line('LAUCKE', 'Laucke Layer Pellets'),
      line('BARASTOC', 'Barastoc Chick Starter Crumbles', 1.2),
      line('RIDLEY', 'Ridley Poultry Grower Crumbles', 1.05),
      line('WILDLANDS', 'Wildlands Wild Bird Seed Mix', 2.4),
    ],
    [packs('5kg', '20kg')],
  ),

  // Water and irrigation
  family(
    'Poly Pipe',
    0.9,
    [line('VINIDEX', 'Vinidex Rural Poly Pipe PN12.5'), line('IPLEX', 'Iplex Metric Poly Pipe PN12.5', 1.1), line('VINIDEX', 'Vinidex Lay Flat Hose', 0.8)],
    [dim(['19mm', 0.8], ['25mm', 1], ['32mm', 1.5], ['40mm', 2.3], ['50mm', 3.5]), dim(['x 50m', 50], ['x 100m', 95], ['x 200m', 185])],
    0.15,
  ),
  family(
    'Pipe Fittings',
    4.2,
    [
      line('PHILMAC', 'Philmac Rural Joiner'),
      line('PHILMAC', 'Philmac Metric Elbow', 1.1),
      line('PHILMAC', 'Philmac Tee', 1.3),
      line('PHILMAC', 'Philmac End Cap', 0.7),
      line('PHILMAC', 'Philmac Male Adaptor', 0.9),
      line('PHILMAC', 'Philmac Female Adaptor', 0.9),
      line('HOLMAN', 'Holman Ball Valve', 2.4),
      line('HOLMAN', 'Holman Tapping Saddle', 1.5),
      line('PHILMAC', 'Philmac Reducing Joiner', 1.2),
      line('HOLMAN', 'Holman Barbed Joiner', 0.35),
    ],
    [POLY_SIZES],
    0.12,
  ),
  family(
    'Pumps',
    480,
    [
      line('DAVEY', 'Davey HM60-08 Pressure Pump'),
      line('DAVEY', 'Davey Firefighter 5.5HP Pump', 2.2),
      line('DAVEY', 'Davey Torrium2 Controller', 0.7),
      line('ONGA', 'Onga Hydromatic Pressure Pump', 0.9),
      line('ONGA', 'Onga Submersible Bore Pump', 2.6),
      line('DAVEY', 'Davey Dynajet Transfer Pump', 0.8),
      line('ONGA', 'Onga Poolmaster Pump', 1.1),
    ],
    [],
    14,
  ),
  family(
    'Troughs & Valves',
    58,
    [
      line('PHILMAC', 'Philmac Trough Valve 20mm'),
      line('PHILMAC', 'Philmac Trough Valve 25mm', 1.1),
      line('STOCKGUARD', 'Stockguard Concrete Trough 600L', 7),
      line('MACQUARIE', 'Macquarie Poly Trough 400L', 5),
      line('HOLMAN', 'Holman Float Valve', 0.4),
    ],
    [],
    6,
  ),
  family(
    'Sprinklers & Drippers',
    5.5,
    [
      line('HOLMAN', 'Holman Impact Sprinkler', 4),
      line('HOLMAN', 'Holman Micro Sprinkler', 0.4),
      line('HOLMAN', 'Holman Pressure Compensating Dripper 4L/h', 0.15),
      line('PHILMAC', 'Philmac Sprinkler Riser', 1.2),
    ],
    [packs('Each', 'Pack of 10', 'Pack of 25')],
    0.05,
  ),

  // Hardware
  family(
    'Bolts & Screws',
    0.32,
    [
      ...['ZENITH', 'MACSIM', 'BREMICK'].flatMap((brand) => {
        const name = brand === 'ZENITH' ? 'Zenith' : brand === 'MACSIM' ? 'Macsim' : 'Bremick'
        return [
          line(brand, `${name} Hex Bolt and Nut`),
          line(brand, `${name} Cup Head Bolt and Nut`, 1.1),
          line(brand, `${name} Coach Screw`, 0.8),
          line(brand, `${name} Hex Set Screw`, 0.9),
          line(brand, `${name} Dynabolt Sleeve Anchor`, 1.6),
          line(brand, `${name} Cup Head Bolt Only`, 0.95),
          line(brand, `${name} Hex Bolt Only`, 0.85),
          line(brand, `${name} Eye Bolt and Nut`, 2.2),
        ]
      }),
    ],
    [THREADS, BOLT_LENGTHS, FINISHES, BOXES],
    0.02,
  ),
  family(
    'Bolts & Screws',
    0.09,
    [
      ...['ZENITH', 'MACSIM', 'BREMICK'].flatMap((brand) => {
        const name = brand === 'ZENITH' ? 'Zenith' : brand === 'MACSIM' ? 'Macsim' : 'Bremick'
        return [
          line(brand, `${name} Hex Head Tek Screw`),
          line(brand, `${name} Roofing Screw`, 1.1),
          line(brand, `${name} Batten Screw`, 1.2),
          line(brand, `${name} Chipboard Screw`, 0.6),
          line(brand, `${name} Decking Screw`, 1.15),
          line(brand, `${name} Timber Screw`, 0.8),
          line(brand, `${name} Bugle Head Screw`, 0.7),
          line(brand, `${name} Wafer Head Tek Screw`, 1.05),
        ]
      }),
    ],
    [GAUGES, SCREW_LENGTHS, SCREW_FINISHES, SCREW_BOXES],
    0.004,
  ),
  family(
    'Nails & Staples',
    9,
    [
      line('ZENITH', 'Zenith Bullet Head Nails'),
      line('ZENITH', 'Zenith Flat Head Nails'),
      line('ZENITH', 'Zenith Clouts', 1.1),
      line('WARATAH', 'Waratah Fencing Staples', 1.2),
      line('MACSIM', 'Macsim Twisted Shank Nails', 1.3),
      line('MACSIM', 'Macsim Roofing Nails', 1.4),
      line('BREMICK', 'Bremick Framing Nails', 1.05),
      line('BREMICK', 'Bremick Jolt Head Nails', 1.1),
    ],
    [
      dim(['25mm', 1], ['30mm', 1], ['40mm', 1], ['50mm', 1], ['65mm', 1], ['75mm', 1.05], ['90mm', 1.05], ['100mm', 1.1], ['125mm', 1.1], ['150mm', 1.15]),
      dim(['x 2.0mm', 1], ['x 2.8mm', 1], ['x 3.15mm', 1], ['x 3.75mm', 1.05], ['x 4.5mm', 1.1]),
      dim(['Bright', 1], ['Galvanised', 1.35]),
      dim(['500g', 0.5], ['1kg', 1], ['5kg', 4.4], ['25kg', 19]),
    ],
    1,
  ),
  family(
    'Nuts & Washers',
    0.06,
    [
      ...['ZENITH', 'MACSIM', 'BREMICK'].flatMap((brand) => {
        const name = brand === 'ZENITH' ? 'Zenith' : brand === 'MACSIM' ? 'Macsim' : 'Bremick'
        return [
          line(brand, `${name} Flat Washer`),
          line(brand, `${name} Spring Washer`, 0.9),
          line(brand, `${name} Hex Nut`, 1.3),
          line(brand, `${name} Nyloc Nut`, 2),
          line(brand, `${name} Dome Nut`, 2.6),
          line(brand, `${name} Mudguard Washer`, 1.4),
          line(brand, `${name} Square Washer`, 1.6),
        ]
      }),
    ],
    [THREADS, FINISHES, dim(['Pack of 20', 20], ['Box of 100', 85], ['Box of 500', 400])],
    0.004,
  ),
  family(
    'Hand Tools',
    38,
    [
      line('CYCLONE', 'Cyclone Post Hole Shovel'),
      line('CYCLONE', 'Cyclone Long Handle Round Mouth Shovel'),
      line('CYCLONE', 'Cyclone Garden Rake', 0.8),
      line('CYCLONE', 'Cyclone Crowbar 1.8m', 1.4),
      line('CYCLONE', 'Cyclone Mattock', 1.2),
      line('CYCLONE', 'Cyclone Wheelbarrow 100L', 4.2),
      line('ZENITH', 'Zenith Claw Hammer 20oz', 0.7),
      line('ZENITH', 'Zenith Shifting Spanner 250mm', 0.8),
      line('ZENITH', 'Zenith Bolt Cutters 600mm', 1.9),
      line('ZENITH', 'Zenith Hacksaw 300mm', 0.6),
      line('ZENITH', 'Zenith Tape Measure 8m', 0.5),
      line('CYCLONE', 'Cyclone Fork 4 Prong', 1.1),
    ],
    [],
    2.2,
  ),
  family(
    'Chain & Rope',
    3.1,
    [line('ZENITH', 'Zenith Gal Chain Grade 30'), line('ZENITH', 'Zenith Load Chain Grade 70', 2.4), line('FARMHAND', 'Farmhand Gal Chain', 0.9)],
    [dim(['4mm', 0.4], ['5mm', 0.55], ['6mm', 0.7], ['8mm', 1], ['10mm', 1.5], ['13mm', 2.4]), dim(['x 1m', 1], ['x 5m', 4.8], ['x 10m', 9], ['x 30m', 25])],
    0.9,
  ),
  family(
    'Chain & Rope',
    0.55,
    [line('ZENITH', 'Zenith Silver Rope'), line('ZENITH', 'Zenith Polyprop Rope', 0.7), line('FARMHAND', 'Farmhand Nylon Rope', 1.4)],
    [dim(['6mm', 0.5], ['8mm', 0.75], ['10mm', 1], ['12mm', 1.4], ['16mm', 2.4]), dim(['x 30m', 30], ['x 100m', 90], ['x 220m', 190])],
    0.08,
  ),
  family(
    'Hose & Reels',
    2.4,
    [line('HOLMAN', 'Holman Garden Hose'), line('ZENITH', 'Zenith Heavy Duty Hose', 1.3), line('FARMHAND', 'Farmhand Stock Hose', 1.6)],
    [dim(['12mm', 1], ['18mm', 1.5], ['25mm', 2.4]), dim(['x 15m', 15], ['x 20m', 20], ['x 30m', 29])],
    0.22,
  ),

  // Livestock equipment
  family(
    'Ear Tags & Identification',
    0.95,
    [
      line('ALLFLEX', 'Allflex Cattle Ear Tag Large'),
      line('ALLFLEX', 'Allflex Sheep Ear Tag', 0.55),
      line('ALLFLEX', 'Allflex Cattle Ear Tag Medium', 0.8),
      line('STOCKGUARD', 'Stockguard Visual Cattle Tag', 0.7),
    ],
    [TAG_COLOURS, TAG_NUMBERS, packs('Pack of 100')],
    0.01,
  ),
  family(
    'Ear Tags & Identification',
    3.4,
    [line('ALLFLEX', 'Allflex NLIS Cattle Breeder Tag'), line('ALLFLEX', 'Allflex NLIS Sheep Tag', 0.45)],
    [packs('Pack of 20', 'Pack of 100')],
    0.012,
  ),
  family(
    'Ear Tags & Identification',
    95,
    [
      line('ALLFLEX', 'Allflex Tag Applicator'),
      line('ALLFLEX', 'Allflex Stock Marker Crayons Box of 10', 0.35),
      line('STOCKGUARD', 'Stockguard Tag Applicator', 0.7),
    ],
    [],
    0.3,
  ),
  family(
    'Shearing',
    11,
    [line('HEINIGER', 'Heiniger Comb'), line('HEINIGER', 'Heiniger Cutter', 0.45)],
    [same('Evolution', 'Quadrant', 'Spitfire', 'Cyclone', 'Supercrush'), packs('Each', 'Pack of 10')],
    0.05,
  ),
  family(
    'Shearing',
    680,
    [
      line('HEINIGER', 'Heiniger Xpert Handpiece'),
      line('HEINIGER', 'Heiniger Icon Handpiece', 1.2),
      line('HEINIGER', 'Heiniger Progress Shearing Machine', 1.6),
      line('HEINIGER', 'Heiniger Grinder Discs', 0.04),
    ],
    [],
    1.4,
  ),
  family(
    'Feeders',
    260,
    [
      line('FARMHAND', 'Farmhand Sheep Self Feeder'),
      line('MACQUARIE', 'Macquarie Cattle Hay Ring', 1.6),
      line('STOCKGUARD', 'Stockguard Lick Feeder', 0.5),
      line('FARMHAND', 'Farmhand Lamb Creep Feeder', 2.1),
    ],
    [],
    40,
  ),
  family(
    'Yards & Handling',
    180,
    [line('MACQUARIE', 'Macquarie Cattle Yard Panel'), line('FARMHAND', 'Farmhand Sheep Hurdle', 0.45), line('MACQUARIE', 'Macquarie Gate in Frame', 1.5)],
    [dim(['1.8m', 0.8], ['2.1m', 0.9], ['2.4m', 1]), dim(['x 1.6m High', 1], ['x 1.8m High', 1.15])],
    30,
  ),

  // Pest control
  family(
    'Rodent Control',
    16,
    [line('PESTOFF', 'Pestoff Rodent Blocks'), line('BAYER', 'Bayer Racumin Rat Bait', 1.3), line('PESTOFF', 'Pestoff Mouse Pellets', 0.9)],
    [packs('500g', '1kg', '3kg', '10kg')],
  ),
  family('Rodent Control', 14, [line('IOPEST', 'iO Pest Control Rodent Bait Blocks')], [packs('1kg', '10kg')]),
  family(
    'Insect Control',
    38,
    [
      line('PESTOFF', 'Pestoff Fly Bait'),
      line('PESTOFF', 'Pestoff Ant Sand', 0.6),
      line('BAYER', 'Bayer QuickBayt Fly Bait', 1.5),
      line('WILDLANDS', 'Wildlands Wasp Trap Refill', 0.8),
    ],
    [packs('200g', '500g', '2kg')],
  ),

  // Pet and companion
  family(
    'Dog Food',
    5.6,
    [
      line('KELPIE', 'Kelpie Working Dog Dry Food'),
      line('KELPIE', 'Kelpie Puppy Formula', 1.3),
      line('ADVANCE', 'Advance Adult Dog Dry Food Chicken', 2.1),
      line('BLACKHAWK', 'Black Hawk Adult Dog Lamb and Rice', 2.2),
      line('BLACKHAWK', 'Black Hawk Working Dog', 1.6),
    ],
    [PET_BAGS],
  ),
  family('Dog Food', 4.8, [line('IOPET', 'iO pet Working Dog Biscuits')], [packs('8kg', '20kg')]),
  family(
    'Cat Food',
    11,
    [
      line('ADVANCE', 'Advance Adult Cat Dry Food Chicken'),
      line('BLACKHAWK', 'Black Hawk Adult Cat Ocean Fish', 0.9),
      line('KELPIE', 'Kelpie Farm Cat Dry Food', 0.6),
    ],
    [packs('1.5kg', '3kg', '6kg')],
  ),
  family(
    'Pet Health',
    16,
    [
      line('BAYER', 'Bayer Advocate for Dogs'),
      line('ELANCO', 'Elanco Seresto Flea and Tick Collar', 1.4),
      line('TROY', 'Troy Ilium Flea Rinse', 0.35),
      line('VIRBAC', 'Virbac Pyoderm Shampoo', 0.4),
    ],
    [dim(['Small', 0.85], ['Medium', 1], ['Large', 1.2]), packs('1 Pack', '3 Pack', '6 Pack')],
    0.1,
  ),
  family(
    'Pet Accessories',
    14,
    [line('KELPIE', 'Kelpie Leather Dog Collar'), line('KELPIE', 'Kelpie Nylon Dog Lead', 0.8), line('KELPIE', 'Kelpie Stainless Dog Bowl', 0.9)],
    [same('Small', 'Medium', 'Large'), same('Black', 'Brown', 'Red', 'Blue')],
    0.25,
  ),

  // Workwear and safety
  family(
    'Gloves',
    9,
    [
      line('ANSELL', 'Ansell HyFlex Work Gloves'),
      line('ANSELL', 'Ansell Nitrile Disposable Gloves Box of 100', 2.2),
      line('ANSELL', 'Ansell Chemical Resistant Gauntlets', 1.5),
    ],
    [same('S', 'M', 'L', 'XL')],
    0.15,
  ),
  family(
    'Boots',
    185,
    [
      line('BLUNDSTONE', 'Blundstone 140 Elastic Side Work Boot'),
      line('BLUNDSTONE', 'Blundstone 312 Lace Up Safety Boot', 1.15),
      line('STEELBLUE', 'Steel Blue Argyle Safety Boot', 1.05),
      line('STEELBLUE', 'Steel Blue Southern Cross Zip Boot', 1.2),
    ],
    [BOOT_SIZES],
    1.6,
  ),
  family(
    'Workwear',
    42,
    [
      line('HARDYAKKA', 'Hard Yakka Cotton Drill Work Shirt'),
      line('HARDYAKKA', 'Hard Yakka Cargo Work Pants', 1.3),
      line('KINGGEE', 'KingGee Workcool Pro Shirt', 1.1),
      line('KINGGEE', 'KingGee Tradie Shorts', 0.9),
      line('HARDYAKKA', 'Hard Yakka Fleece Pullover', 1.4),
    ],
    [SIZES_CLOTHING, same('Navy', 'Khaki', 'Bottle Green', 'Black', 'Bluestone')],
    0.45,
  ),
  family(
    'Safety Equipment',
    18,
    [
      line('ANSELL', 'Ansell Safety Glasses Clear', 0.5),
      line('ANSELL', 'Ansell P2 Respirator Box of 20', 2.4),
      line('ANSELL', 'Ansell Ear Plugs Box of 200', 3.3),
      line('ZENITH', 'Zenith First Aid Kit Farm', 6),
    ],
    [],
    0.3,
  ),

  // Hidden iO and Apparent ranges: resellers never see these categories.
  family(
    'iO Equine Paste Wormers',
    19,
    [line('IOEQUINE', 'iO Equine Abamectin Paste'), line('IOEQUINE', 'iO Equine Combination Paste', 1.4)],
    [packs('1 Tube', '6 Pack', '12 Pack')],
    0.04,
  ),
  family(
    'iO Equine Electrolytes',
    12,
    [line('IOEQUINE', 'iO Equine Electrolyte Powder'), line('IOGENERAL', 'iO General Vitamin and Mineral Powder', 0.8)],
    [packs('2kg', '5kg', '10kg')],
  ),
  family(
    'iO Equine Hoof & Coat',
    24,
    [line('IOEQUINE', 'iO Equine Hoof and Coat Supplement'), line('IOEQUINE', 'iO Equine Joint Support', 1.8)],
    [packs('1kg', '5kg')],
  ),
  family(
    'iO Cattle Drenches',
    18,
    [line('IOANIMAL', 'iO Animal Health Cattle Oral Drench'), line('IOANIMAL', 'iO Animal Health Levamisole Cattle Drench', 0.7)],
    [packs('5L', '10L', '20L')],
  ),
  family(
    'iO Cattle Pour-Ons',
    34,
    [line('IOANIMAL', 'iO Animal Health Abamectin Pour-On'), line('IOANIMAL', 'iO Animal Health Moxidectin Pour-On', 1.4)],
    [packs('5L', '10L', '20L')],
  ),
  family(
    'iO Cattle Injectables',
    220,
    [
      line('IOANIMAL', 'iO Animal Health Vitamin ADE Injection'),
      line('IOANIMAL', 'iO Animal Health Ivermectin Injection', 1.6),
      line('IOMINERALS', 'iO Minerals Selenium Injection', 1.2),
    ],
    [packs('250mL', '500mL')],
  ),
  family(
    'iO Sheep Drenches',
    30,
    [line('IOANIMAL', 'iO Animal Health Sheep Triple Drench'), line('IOMINERALS', 'iO Minerals Sheep Selenium Drench', 0.5)],
    [packs('5L', '10L', '20L')],
  ),
  family(
    'iO Sheep Lice & Fly',
    58,
    [line('IOANIMAL', 'iO Animal Health Backline Lice Treatment'), line('IOANIMAL', 'iO Animal Health Blowfly Jetting Fluid', 0.7)],
    [packs('5L', '10L')],
  ),
  family(
    'iO Whole Grains',
    0.9,
    [
      line('IOGRAINS', 'iO Premium Grains Whole Barley'),
      line('IOGRAINS', 'iO Premium Grains Cracked Corn', 1.2),
      line('IOGRAINS', 'iO Premium Grains Lupins', 1.4),
    ],
    [packs('20kg', '25kg')],
  ),
  family(
    'iO Bird & Poultry Mixes',
    2.1,
    [line('IOBIRD', 'iO Bird Parrot Mix'), line('IOBIRD', 'iO Bird Finch Mix', 1.1), line('IOBIRD', 'iO Bird Laying Hen Mix', 0.6)],
    [packs('2kg', '5kg', '20kg')],
  ),
  family('Wound Care', 30, [line('IOGENERAL', 'iO General Antiseptic Wound Spray')], [packs('500mL')]),
]
