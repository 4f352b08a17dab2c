import sharp from 'sharp'
import type { Kind } from './reference'

/** Generated pack shots: one per brand, a pack shape for its main kind of product and the brand's initials. */

export const IMAGE_SIZE = 1200

export interface GeneratedImage {
  brandCode: string
  contentType: string
  data: Buffer
  width: number
  height: number
}

const PALETTE = ['#1b5e20', '#0d47a1', '#b71c1c', '#e65100', '#4a148c', '#006064', '#33691e', '#880e4f', '#3e2723', '#263238', '#f9a825', '#2e7d32']

type Shape = 'bottle' | 'jerrycan' | 'bag' | 'reel' | 'box' | 'tub'

const SHAPES: Record<Kind, Shape> = {
  animal: 'bottle',
  crop: 'jerrycan',
  seed: 'bag',
  fencing: 'reel',
  feed: 'bag',
  water: 'reel',
  hardware: 'box',
  livestock: 'box',
  pest: 'tub',
  pet: 'bag',
  workwear: 'box',
}

function shapeSvg(shape: Shape, colour: string): string {
  switch (shape) {
    case 'bottle':
      return `<rect x="500" y="190" width="200" height="120" rx="24" fill="#37474f"/><rect x="390" y="290" width="420" height="700" rx="90" fill="${colour}"/>`
    case 'jerrycan':
      return `<rect x="330" y="300" width="540" height="690" rx="60" fill="${colour}"/><rect x="640" y="200" width="150" height="130" rx="20" fill="#37474f"/><rect x="400" y="230" width="200" height="90" rx="40" fill="none" stroke="${colour}" stroke-width="40"/>`
    case 'bag':
      return `<path d="M340 260 L860 260 L900 990 L300 990 Z" fill="${colour}"/><rect x="330" y="230" width="540" height="60" rx="10" fill="#5d4037"/>`
    case 'reel':
      return `<circle cx="600" cy="620" r="380" fill="${colour}"/><circle cx="600" cy="620" r="300" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="24"/><circle cx="600" cy="620" r="90" fill="#eceff1"/>`
    case 'box':
      return `<path d="M300 380 L600 250 L900 380 L900 900 L600 1030 L300 900 Z" fill="${colour}"/><path d="M300 380 L600 510 L900 380 L600 250 Z" fill="#ffffff" fill-opacity="0.2"/><path d="M600 510 L600 1030" stroke="#000000" stroke-opacity="0.2" stroke-width="8"/>`
    case 'tub':
      return `<path d="M330 330 L870 330 L820 990 L380 990 Z" fill="${colour}"/><rect x="300" y="280" width="600" height="80" rx="20" fill="#37474f"/>`
  }
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  const letters =
    words.length > 1
      ? words
          .slice(0, 2)
          .map((w) => w.charAt(0))
          .join('')
      : name.slice(0, 2)
  return letters.toUpperCase()
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function brandSvg(name: string, kind: Kind, index: number): string {
  const colour = PALETTE[index % PALETTE.length] ?? '#1b5e20'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 1200 1200">
<rect width="1200" height="1200" fill="#f5f3ee"/>
<ellipse cx="600" cy="1040" rx="360" ry="40" fill="#000000" fill-opacity="0.08"/>
${shapeSvg(SHAPES[kind], colour)}
<rect x="420" y="520" width="360" height="240" rx="24" fill="#ffffff"/>
<text x="600" y="690" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="150" font-weight="bold" fill="${colour}" text-anchor="middle">${escapeXml(initials(name))}</text>
<text x="600" y="1140" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="56" fill="#455a64" text-anchor="middle">${escapeXml(name)}</text>
</svg>`
}

export async function renderBrandImages(brands: ReadonlyArray<{ code: string; name: string; kind: Kind }>): Promise<GeneratedImage[]> {
  return Promise.all(
    brands.map(async (brand, index) => ({
      brandCode: brand.code,
      contentType: 'image/webp',
      data: await sharp(Buffer.from(brandSvg(brand.name, brand.kind, index)))
        .webp({ quality: 80, effort: 0 })
        .toBuffer(),
      width: IMAGE_SIZE,
      height: IMAGE_SIZE,
    })),
  )
}
