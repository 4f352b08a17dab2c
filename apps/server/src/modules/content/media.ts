import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { CONTENT_IMAGE_WIDTHS, CONTENT_THUMBNAIL } from '@portal/contract/content'
import type { Database } from '../../db/database'
import * as repo from './repo'

/**
 * The media library's files. An original is stored once (content-addressed); the web app gets
 * WebP renditions at the widths of CONTENT_IMAGE_WIDTHS, made on first request and kept, so that
 * no page downloads a picture much larger than the box it fills.
 *
 *   /content/uploads/{id}/{name}.{ext}        the original (raster uploads only)
 *   /content/uploads/{id}/{name}-{w}w.webp    proportional rendition, w in CONTENT_IMAGE_WIDTHS
 *   /content/uploads/{id}/{name}-150x150.webp WordPress's cropped thumbnail
 */
export const UPLOADS_PATH = '/content/uploads'

const ACCEPTED: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  svg: { mime: 'image/svg+xml', ext: 'svg' },
}

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024
const MAX_PIXELS = 40_000_000

export interface MediaInfo {
  id: number
  fileName: string
  mimeType: string
  width: number
  height: number
}

export class MediaError extends Error {}

/** 'Harvest Field 2026.JPG' becomes 'harvest-field-2026'. */
export function mediaBaseName(name: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  // A name that looks like a rendition's ('banner-1920w') would be read as one.
  if (/-\d+(w|x\d+)$/.test(base)) return `${base}-image`
  return base || 'image'
}

const splitName = (fileName: string) => {
  const dot = fileName.lastIndexOf('.')
  return { base: fileName.slice(0, dot), ext: fileName.slice(dot + 1) }
}

/**
 * Stores a picture in the library, or finds the identical one already there. SVG is accepted only
 * from trusted code (the demo data): it is never served as it is, only rasterised.
 */
export async function storeMedia(
  db: Database,
  data: Buffer,
  { name, alt = '', allowSvg = false }: { name: string; alt?: string; allowSvg?: boolean },
): Promise<MediaInfo> {
  if (data.length > MAX_UPLOAD_BYTES) throw new MediaError(`${name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata()
  } catch {
    throw new MediaError(`${name} is not a picture that can be read (use JPEG, PNG, WebP or GIF)`)
  }
  const format = meta.format ? ACCEPTED[meta.format] : undefined
  if (!format || (format.ext === 'svg' && !allowSvg)) throw new MediaError(`${name} is ${meta.format ?? 'of an unknown type'}; use JPEG, PNG, WebP or GIF`)
  if (!meta.width || !meta.height) throw new MediaError(`${name} has no size`)
  // EXIF orientation 5-8 swaps the sides once the picture is turned upright.
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  const sha256 = createHash('sha256').update(data).digest('hex')
  const existing = await repo.mediaBySha(db, sha256)
  if (existing) {
    if (alt && existing.alt_text !== alt) await repo.setMediaAlt(db, existing.id, alt)
    return { id: existing.id, fileName: existing.file_name, mimeType: existing.mime_type, width: existing.width, height: existing.height }
  }
  const fileName = `${mediaBaseName(name)}.${format.ext}`
  const row = await repo.insertMedia(db, { sha256, file_name: fileName, mime_type: format.mime, width, height, alt_text: alt, data })
  return { id: row.id, fileName, mimeType: format.mime, width, height }
}

export interface Rendition {
  /** '768w' or '150x150'. */
  name: string
  width: number
  height: number
}

/** The renditions a picture has: the standard widths below its own, its own width, and the thumbnail. */
export function renditionsOf(media: { width: number; height: number }): Rendition[] {
  const widths = CONTENT_IMAGE_WIDTHS.filter((w) => w < media.width)
  const list: Rendition[] = [...widths, media.width].map((w) => ({
    name: `${w}w`,
    width: w,
    height: Math.max(1, Math.round((media.height * w) / media.width)),
  }))
  if (media.width >= CONTENT_THUMBNAIL && media.height >= CONTENT_THUMBNAIL) {
    list.unshift({ name: `${CONTENT_THUMBNAIL}x${CONTENT_THUMBNAIL}`, width: CONTENT_THUMBNAIL, height: CONTENT_THUMBNAIL })
  }
  return list
}

export const renditionFile = (fileName: string, name: string) => `${splitName(fileName).base}-${name}.webp`

export const mediaUrl = (media: { id: number; fileName: string }) => `${UPLOADS_PATH}/${media.id}/${media.fileName}`

export const renditionUrl = (media: { id: number; fileName: string }, name: string) => `${UPLOADS_PATH}/${media.id}/${renditionFile(media.fileName, name)}`

/** The URL a picture is shown at in full: the original, or for vector originals the full-width WebP. */
export function fullUrl(media: { id: number; fileName: string; mimeType: string; width: number }): string {
  return media.mimeType === 'image/svg+xml' ? renditionUrl(media, `${media.width}w`) : mediaUrl(media)
}

export type RequestedFile = { kind: 'original' } | { kind: 'rendition'; rendition: Rendition }

/**
 * What a file name under /content/uploads/{id}/ asks for: the original, an allowed rendition, or
 * nothing (null). Any standard width is accepted, above the original's too (it gives the original's
 * width), so a client that only knows the naming rule can build a srcset without knowing the size.
 */
export function requestedFile(media: { fileName: string; mimeType: string; width: number; height: number }, file: string): RequestedFile | null {
  if (file === media.fileName) return media.mimeType === 'image/svg+xml' ? null : { kind: 'original' }
  const { base } = splitName(media.fileName)
  if (!file.startsWith(`${base}-`) || !file.endsWith('.webp')) return null
  const name = file.slice(base.length + 1, -'.webp'.length)
  const known = renditionsOf(media).find((r) => r.name === name)
  if (known) return { kind: 'rendition', rendition: known }
  const width = /^(\d+)w$/.exec(name)?.[1]
  if (width && (CONTENT_IMAGE_WIDTHS as readonly number[]).includes(Number(width))) {
    const own = renditionsOf(media).find((r) => r.name === `${media.width}w`)
    return own ? { kind: 'rendition', rendition: own } : null
  }
  return null
}

const inFlight = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>()

/** Makes a rendition from the original (once per process at a time) and keeps it. */
export async function rendition(db: Database, media: { id: number; mimeType: string }, r: Rendition): Promise<{ data: Buffer; mimeType: string }> {
  const kept = await repo.findRendition(db, media.id, r.name)
  if (kept) return { data: Buffer.from(kept.data), mimeType: kept.mime_type }
  const key = `${media.id}/${r.name}`
  let making = inFlight.get(key)
  if (!making) {
    making = makeRendition(db, media.id, r).finally(() => inFlight.delete(key))
    inFlight.set(key, making)
  }
  const made = await making
  return { data: made.data, mimeType: 'image/webp' }
}

async function makeRendition(db: Database, mediaId: number, r: Rendition) {
  const original = await repo.mediaData(db, mediaId)
  if (!original) throw new MediaError(`media ${mediaId} is gone`)
  const square = r.name === `${CONTENT_THUMBNAIL}x${CONTENT_THUMBNAIL}`
  // SVG is drawn at the size asked for, not drawn large and scaled down.
  const density = original.mime_type === 'image/svg+xml' ? Math.max(1, Math.min(300, Math.round((72 * r.width) / original.width))) : undefined
  const { data, info } = await sharp(Buffer.from(original.data), { limitInputPixels: MAX_PIXELS, ...(density ? { density } : {}) })
    .rotate()
    .resize(square ? { width: r.width, height: r.height, fit: 'cover' } : { width: r.width, height: r.height, fit: 'fill' })
    .webp({ quality: 72, effort: 4, smartSubsample: true })
    .toBuffer({ resolveWithObject: true })
  await repo.insertRendition(db, { media_id: mediaId, name: r.name, mime_type: 'image/webp', width: info.width, height: info.height, data })
  return { data, width: info.width, height: info.height }
}
