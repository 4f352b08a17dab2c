import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { DISTRIBUTOR, type Kind } from './reference'

/** Attachment documents: small real PDFs, one per kind of document, shared by the products that carry one. */

export interface DocumentKind {
  /** Ends the file name: 'IVO-POC-5L SDS.pdf'. */
  suffix: string
  description: string
  sections: Array<[string, string]>
}

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  {
    suffix: 'SDS',
    description: 'Safety Data Sheet',
    sections: [
      ['1. Identification', 'Product identifier and supplier details are shown on the label. Emergency: call 13 11 26 (Poisons Information Centre).'],
      ['2. Hazard identification', 'Read the label before use. May cause eye and skin irritation. Harmful if swallowed.'],
      ['4. First aid', 'If swallowed, do not induce vomiting. If on skin, wash with plenty of water. Seek medical advice.'],
      ['7. Handling and storage', 'Store in the original container, tightly closed, below 30°C, away from food and animal feed.'],
      ['8. Exposure controls', 'Wear chemical resistant gloves, safety glasses and cotton overalls when handling.'],
      ['13. Disposal', 'Triple rinse empty containers and dispose of them through drumMUSTER or an approved waste facility.'],
    ],
  },
  {
    suffix: 'Label',
    description: 'Product Label',
    sections: [
      ['Directions for use', 'Restraints, rates and critical comments are given on the registered label. Do not use contrary to the label.'],
      ['Withholding periods', 'Observe the withholding periods and export slaughter intervals stated on the pack.'],
      ['Storage', 'Store below 30°C. Protect from light. Keep out of reach of children.'],
    ],
  },
  {
    suffix: 'Brochure',
    description: 'Product Brochure',
    sections: [
      ['Features', 'Built for Australian farm conditions. Backed by the manufacturer warranty and local branch support.'],
      ['Range', 'Available in the sizes listed in the catalogue. Ask your branch about accessories and spare parts.'],
    ],
  },
  {
    suffix: 'Guide',
    description: 'Installation Guide',
    sections: [
      ['Before you start', 'Check the contents, read these instructions and wear suitable protective equipment.'],
      ['Installation', 'Follow the manufacturer steps in order. Tighten fittings by hand, then a quarter turn with a tool.'],
      ['Maintenance', 'Inspect regularly and replace worn parts with genuine spares.'],
    ],
  },
]

/** Which documents a product of a kind may carry (indexes into DOCUMENT_KINDS). */
export function documentChoicesFor(kind: Kind): number[] {
  if (kind === 'animal' || kind === 'crop' || kind === 'pest') return [0, 1]
  if (kind === 'fencing' || kind === 'water' || kind === 'livestock') return [2, 3]
  return [2]
}

export async function renderDocuments(today: Date): Promise<Uint8Array[]> {
  return Promise.all(DOCUMENT_KINDS.map((kind) => renderDocument(kind, today)))
}

async function renderDocument(kind: DocumentKind, today: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(kind.description)
  pdf.setAuthor(DISTRIBUTOR.name)
  pdf.setProducer(DISTRIBUTOR.name)
  pdf.setCreator(DISTRIBUTOR.name)
  pdf.setCreationDate(today)
  pdf.setModificationDate(today)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const page = pdf.addPage([595, 842])
  const green = rgb(0.11, 0.37, 0.13)
  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: green })
  page.drawText(DISTRIBUTOR.name, { x: 40, y: 805, size: 18, font: bold, color: rgb(1, 1, 1) })
  page.drawText(kind.description, { x: 40, y: 740, size: 22, font: bold, color: green })
  page.drawText('Demonstration document. Always read the registered label supplied with the product.', { x: 40, y: 716, size: 9, font: regular })
  let y = 680
  for (const [heading, body] of kind.sections) {
    page.drawText(heading, { x: 40, y, size: 12, font: bold })
    y -= 18
    for (const row of wrap(body, 95)) {
      page.drawText(row, { x: 40, y, size: 10, font: regular })
      y -= 14
    }
    y -= 12
  }
  return pdf.save()
}

function wrap(text: string, width: number): string[] {
  const rows: string[] = []
  let row = ''
  for (const word of text.split(' ')) {
    if (row && row.length + word.length + 1 > width) {
      rows.push(row)
      row = word
    } else {
      row = row ? `${row} ${word}` : word
    }
  }
  if (row) rows.push(row)
  return rows
}
