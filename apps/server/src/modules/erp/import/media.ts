import { createHash } from 'node:crypto'
import { extname } from 'node:path'
import sharp from 'sharp'
import { ATTACHMENT_FOLDER, IMAGE_FOLDER } from './files'
import { collect } from './catalogue'
import { MESSAGES, type Message } from './messages'
import { counts, notChecked, type Db, type PlanContext, type Step } from './plan'
import type { ExportFiles, Table } from './read'
import * as repo from './repo'

const PICTURES: Record<string, { type: string; magic: (b: Uint8Array) => boolean }> = {
  '.jpg': { type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  '.jpeg': { type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  '.png': { type: 'image/png', magic: (b) => Buffer.from(b.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  '.webp': {
    type: 'image/webp',
    magic: (b) => Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
}

const ATTACHMENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

/** images/{ProductCode}.jpg|png|webp: the product's picture. A file that is not the picture its name says is a problem. */
export async function planImages(db: Db, files: ExportFiles, ctx: PlanContext): Promise<Step | null> {
  const pictures = [...files].filter(([path]) => path.startsWith(`${IMAGE_FOLDER}/`))
  if (pictures.length === 0) return null
  const problem = (path: string, value: string, message: Message) => ctx.problems.push({ file: path, line: 0, field: 'ProductCode', value, message })
  const wanted = new Map<string, { path: string; type: string; data: Uint8Array; width: number; height: number }>()
  const read = new Map<string, Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>> | null>()
  let failed = 0
  for (const [path, data] of pictures) {
    const name = path.slice(IMAGE_FOLDER.length + 1)
    const ext = extname(name).toLowerCase()
    const code = name.slice(0, name.length - ext.length)
    const kind = PICTURES[ext]
    const before = ctx.problems.length
    if (!kind || name.includes('/')) problem(path, name, MESSAGES.picturePath())
    else if (!ctx.known.products.has(code)) {
      if (!notChecked(ctx, 'products', `${IMAGE_FOLDER}/`, 'ProductCode')) problem(path, code, MESSAGES.unknownProduct())
    } else if (wanted.has(code)) problem(path, code, MESSAGES.pictureTwice(wanted.get(code)!.path))
    else if (!kind.magic(data)) problem(path, code, MESSAGES.pictureType(kind.type))
    else {
      // A picture sent for many products (a brand's pack shot) is read once.
      const digest = sha(data)
      const meta =
        read.get(digest) ??
        (await sharp(data)
          .metadata()
          .catch(() => null))
      read.set(digest, meta)
      if (!meta?.width || !meta.height) problem(path, code, MESSAGES.pictureUnreadable())
      else wanted.set(code, { path, type: kind.type, data, width: meta.width, height: meta.height })
    }
    if (ctx.problems.length > before) failed++
  }
  const { images } = await repo.productFiles(db, [...wanted.keys()])
  const added = [...wanted].filter(([code]) => !images.has(code))
  const changed = [...wanted].filter(([code, p]) => images.has(code) && sha(images.get(code)!) !== sha(p.data))
  return {
    file: `${IMAGE_FOLDER}/`,
    counts: counts(added.length, changed.length, 0, failed),
    async write(trx) {
      const ids = await repo.productIds(trx)
      // The same picture sent for several products (a brand's pack shot) is stored once and shown by each.
      const stored = new Map<string, number>()
      const shown: Array<{ productId: number; imageId: number }> = []
      for (const [code, p] of [...added, ...changed]) {
        const digest = sha(p.data)
        const imageId = stored.get(digest) ?? (await repo.insertImage(trx, { content_type: p.type, data: p.data, width: p.width, height: p.height }))
        stored.set(digest, imageId)
        shown.push({ productId: ids.get(code)!, imageId })
      }
      await repo.setProductImages(trx, shown)
    },
  }
}

/** attachments/{ProductCode}/{FileName}, described by the optional attachments.csv (ProductCode, FileName, Description). */
export async function planAttachments(db: Db, files: ExportFiles, list: Table | null, ctx: PlanContext): Promise<Step | null> {
  const sent = [...files].filter(([path]) => path.startsWith(`${ATTACHMENT_FOLDER}/`))
  if (sent.length === 0 && !list) return null
  const descriptions = list
    ? await collect(list, ctx, (r) => ({ key: `${r.key('ProductCode')}|${r.key('FileName')}`, row: { description: r.text('Description') ?? '' } }), 'FileName')
    : null
  const wanted = new Map<string, { code: string; name: string; data: Uint8Array; type: string; description: string }>()
  let failed = descriptions?.failed ?? 0
  for (const [path, data] of sent) {
    const parts = path.split('/')
    const [, code = '', name = ''] = parts
    const before = ctx.problems.length
    if (parts.length !== 3 || !name) ctx.problems.push({ file: path, line: 0, field: 'FileName', value: path, message: MESSAGES.attachmentPath() })
    else if (!ctx.known.products.has(code)) {
      if (!notChecked(ctx, 'products', `${ATTACHMENT_FOLDER}/`, 'ProductCode'))
        ctx.problems.push({ file: path, line: 0, field: 'ProductCode', value: code, message: MESSAGES.unknownProduct() })
    } else {
      const description = descriptions?.rows.get(`${code}|${name}`)?.description ?? ''
      wanted.set(`${code}|${name}`, { code, name, data, type: ATTACHMENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream', description })
    }
    if (ctx.problems.length > before) failed++
  }
  if (list && descriptions)
    for (const key of descriptions.rows.keys())
      if (!wanted.has(key)) {
        const line = descriptions.named.get(key)!
        failed++
        ctx.problems.push({
          file: list.file,
          line,
          field: 'FileName',
          value: key.split('|')[1]!,
          message: MESSAGES.attachmentMissing(key.split('|')[0]!),
        })
      }
  const { attachments } = await repo.productFiles(db, [...new Set([...wanted.values()].map((w) => w.code))])
  const added = [...wanted].filter(([key]) => !attachments.has(key))
  const changed = [...wanted].filter(([key, w]) => {
    const now = attachments.get(key)
    return now && (now.description !== w.description || sha(now.data) !== sha(w.data))
  })
  return {
    file: list?.file ?? `${ATTACHMENT_FOLDER}/`,
    counts: counts(added.length, changed.length, 0, failed),
    async write(trx) {
      const ids = await repo.productIds(trx)
      for (const [, w] of [...added, ...changed])
        await repo.upsertAttachment(trx, { product_id: ids.get(w.code)!, file_name: w.name, description: w.description, content_type: w.type, data: w.data })
    },
  }
}
