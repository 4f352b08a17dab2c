import sharp from 'sharp'
import type { ImageWidth } from '@portal/contract/catalogue'

export const IMAGE_TYPE = 'image/webp'

/** Least recently used first; bounded by the bytes it holds. */
class ByteLru {
  private readonly entries = new Map<string, Buffer>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key)
    if (value) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: Buffer) {
    if (value.length > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous) {
      this.bytes -= previous.length
      this.entries.delete(key)
    }
    this.entries.set(key, value)
    this.bytes += value.length
    for (const [oldest, buffer] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= buffer.length
    }
  }
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
<rect width="1200" height="1200" fill="#f4f6f4"/>
<rect x="390" y="400" width="420" height="330" rx="28" fill="none" stroke="#a9b5ad" stroke-width="28"/>
<circle cx="500" cy="505" r="42" fill="#a9b5ad"/>
<path d="M414 706 L540 590 L620 660 L690 600 L786 706 Z" fill="#a9b5ad"/>
<text x="600" y="850" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="64" fill="#5b665f" text-anchor="middle">No image available</text>
</svg>`

/**
 * Product pictures at the widths the web app asks for, as WebP. Rendering is the expensive part, so
 * each instance keeps recent renders in memory (a cache only: any instance can render any image;
 * browsers and a CDN keep them for a week through the response headers).
 */
export function createImageRenderer({ maxBytes = 48 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const cache = new ByteLru(maxBytes)
  const inFlight = new Map<string, Promise<Buffer>>()

  const render = (key: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const cached = cache.get(key)
    if (cached) return Promise.resolve(cached)
    let pending = inFlight.get(key)
    if (!pending) {
      pending = make()
        .then((buffer) => {
          cache.set(key, buffer)
          return buffer
        })
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }

  const toWidth = (input: Buffer | Uint8Array, width: ImageWidth) => sharp(input).resize({ width }).webp({ quality: 80 }).toBuffer()

  return {
    /** A stored picture at a width; `load` fetches the original only when no render is cached. */
    picture(imageId: number, width: ImageWidth, load: () => Promise<Buffer | Uint8Array | undefined>): Promise<Buffer | null> {
      return render(`${imageId}:${width}`, async () => {
        const original = await load()
        if (!original) throw new MissingImage()
        return toWidth(original, width)
      }).catch((error: unknown) => {
        if (error instanceof MissingImage) return null
        throw error
      })
    },
    placeholder(width: ImageWidth): Promise<Buffer> {
      return render(`placeholder:${width}`, () => toWidth(Buffer.from(PLACEHOLDER_SVG), width))
    },
  }
}

class MissingImage extends Error {}

export type ImageRenderer = ReturnType<typeof createImageRenderer>
