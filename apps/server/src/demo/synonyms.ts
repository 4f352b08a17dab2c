import { parseCsv } from '../lib/csv'
import type { Db } from './bulk'

/**
 * The demo distributor's synonyms.csv, as its ERP would send it (docs/erp-interchange.md: Term, Synonyms
 * separated by ';'). Each row's term and synonyms all mean the same, each way round (decision 0029).
 */
export const DEMO_SYNONYMS_CSV = `Term,Synonyms
wormer,drench;worm drench
pour-on,pour on;pouron;backliner
20L,20 litre;20 litres;20 ltr
5L,5 litre;5 litres;5 ltr
1L,1 litre;1 litres
jab,vaccine
dewormer,wormer;drench
tag,ear tag
poly,polyethylene;polythene
energizer,energiser
fly spray,insecticide spray
`

export interface SynonymRecord {
  term: string
  synonyms: string[]
}

/** Problems name the line as an editor counts it (the header is line 1). */
export class SynonymsFileError extends Error {}

/**
 * Reads synonyms.csv: a header with Term and Synonyms (in any order, a BOM allowed), RFC 4180 quoting,
 * synonyms separated by ';'. A term given twice keeps its last row.
 */
export function parseSynonymsCsv(text: string): SynonymRecord[] {
  const { records: rows, error } = parseCsv(text)
  if (error) throw new SynonymsFileError(`synonyms.csv line ${error.line}: ${error.message}`)
  const header = rows.shift()?.fields.map((f) => f.trim()) ?? []
  const termAt = header.indexOf('Term')
  const synonymsAt = header.indexOf('Synonyms')
  if (termAt < 0 || synonymsAt < 0) throw new SynonymsFileError('synonyms.csv line 1: the header needs Term and Synonyms')
  const byTerm = new Map<string, SynonymRecord>()
  for (const { line, fields } of rows) {
    if (fields.every((f) => f.trim() === '')) continue
    const term = (fields[termAt] ?? '').trim()
    const synonyms = (fields[synonymsAt] ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
    if (!term) throw new SynonymsFileError(`synonyms.csv line ${line}: Term is empty`)
    if (synonyms.length === 0) throw new SynonymsFileError(`synonyms.csv line ${line}: Synonyms is empty for '${term}'`)
    byTerm.set(term.toLowerCase(), { term, synonyms })
  }
  return [...byTerm.values()]
}

/** Replaces the synonyms with the file's rows. */
export async function loadSynonyms(db: Db, records: SynonymRecord[]): Promise<void> {
  await db.deleteFrom('search_synonyms').execute()
  if (records.length > 0)
    await db
      .insertInto('search_synonyms')
      .values(records.map((r) => ({ term: r.term, synonyms: r.synonyms })))
      .execute()
}
