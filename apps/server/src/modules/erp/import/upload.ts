import type { Multipart } from '@fastify/multipart'
import { AppError, badRequest } from '../../../lib/errors'
import { IMPORT_LIMITS } from './files'
import { unstorable, type ExportFiles } from './read'

/** What one POST /api/erp/import may carry: a catalogue of 50,000 products with stock and prices fits well within. */
export const UPLOAD_LIMITS = {
  files: 20_000,
  fileSize: IMPORT_LIMITS.fileMiB * 1024 * 1024,
  totalSize: 256 * 1024 * 1024,
  fields: 0,
  parts: 20_000,
}

const tooLarge = (message: string, field: string) => badRequest('upload_too_large', message, field)

/**
 * The files of a multipart upload by their paths in the export. A part's name is its path (products.csv,
 * images/ABC-1.png, attachments/ABC-1/label.pdf); a part named `file` or `files` goes by its file name.
 */
export async function readUpload(parts: AsyncIterableIterator<Multipart>): Promise<ExportFiles> {
  const files: ExportFiles = new Map()
  let total = 0
  try {
    for await (const part of parts) {
      // A name no database can store is refused before it is repeated in any problem (or in the runs).
      const printable = (name: string) => (unstorable(name) ? JSON.stringify(name.replaceAll('\u0000', '\\0')) : name)
      if (unstorable(part.fieldname) || (part.type === 'file' && unstorable(part.filename ?? '')))
        throw badRequest('bad_file_path', `A part's name and file name must be text without NUL characters, not ${printable(part.fieldname)}.`, 'body')
      if (part.type !== 'file') throw badRequest('not_a_file', `Unexpected form field ${part.fieldname}: send files only.`, part.fieldname)
      const path = part.fieldname === 'file' || part.fieldname === 'files' ? part.filename : part.fieldname
      if (!path || path.includes('..') || path.startsWith('/'))
        throw badRequest('bad_file_path', `A file part needs its path in the export, not ${JSON.stringify(path)}.`, part.fieldname)
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`${path} is larger than ${UPLOAD_LIMITS.fileSize / 1024 / 1024} MB.`, path)
        throw error
      })
      total += data.length
      if (total > UPLOAD_LIMITS.totalSize)
        throw tooLarge(`The files come to more than ${UPLOAD_LIMITS.totalSize / 1024 / 1024} MB; send them in several imports.`, path)
      if (files.has(path)) throw badRequest('file_sent_twice', `${path} was sent twice.`, path)
      files.set(path, data)
    }
  } catch (error) {
    throw unreadableUpload(error)
  }
  return files
}

/**
 * A body that is not whole multipart (cut short, no boundary, a part without a name) is the sender's to fix:
 * a 400 saying so, never a 500. The limits' own errors keep their answers.
 */
function unreadableUpload(error: unknown): unknown {
  if (error instanceof AppError) return error
  const status = (error as { statusCode?: number }).statusCode
  if (status !== undefined && status < 500) return error
  return badRequest('bad_multipart', 'The upload is not whole multipart/form-data (cut short, or without its boundary): send it again.', 'body')
}
