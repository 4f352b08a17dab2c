import { isMap, LineCounter, parseDocument, visit, type Scalar, type YAMLError } from 'yaml'

/**
 * Front matter: the YAML block between two `---` lines at the top of a Markdown file, read by the
 * `yaml` package (YAML 1.2 core schema). Two habits of the files written before it are kept: a plain
 * yes / no / on / off value is a flag, and only plain decimal numbers (12, -3, 4.5, not 012 or 1e3)
 * are numbers; everything else plain stays text, dates included. Errors name the file's own line.
 */

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue }
export type YamlRecord = { [key: string]: YamlValue }

export class FrontMatterError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`)
  }
}

export function splitFrontMatter(source: string): { data: YamlRecord; body: string; bodyLine: number } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (!text.startsWith('---\n') && text !== '---') return { data: {}, body: text, bodyLine: 1 }
  const lines = text.split('\n')
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l))
  if (end < 0) throw new FrontMatterError(1, 'the front matter starting with --- has no closing --- line')
  return { data: parseYaml(lines.slice(1, end), 2), body: lines.slice(end + 1).join('\n'), bodyLine: end + 2 }
}

const FLAGS: Record<string, boolean> = { yes: true, on: true, no: false, off: false }
const DECIMAL = /^-?\d+(\.\d+)?$/

/** A mapping of `name: value` lines; `firstLine` is the file's line number of the first of them. */
export function parseYaml(rawLines: string[], firstLine = 1): YamlRecord {
  const text = rawLines.join('\n')
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const lineOf = (offset: number) => Math.max(lineCounter.linePos(offset).line, 1) + firstLine - 1
  const error = doc.errors[0]
  if (error) {
    const { line, message } = explain(error, rawLines, doc, lineCounter)
    throw new FrontMatterError(line + firstLine - 1, message)
  }
  if (doc.contents === null) return {}
  if (!isMap(doc.contents)) {
    const line = lineOf(doc.contents.range?.[0] ?? 0)
    throw new FrontMatterError(line, `expected "name: value", found "${(rawLines[line - firstLine] ?? '').trim()}"`)
  }
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || node.type !== 'PLAIN') return
      const source = node.source ?? String(node.value)
      const flag = FLAGS[source.toLowerCase()]
      if (flag !== undefined) node.value = flag
      else if (typeof node.value === 'number' && (!DECIMAL.test(source) || /^-?0\d/.test(source))) node.value = source
    },
  })
  return doc.toJS() as YamlRecord
}

/** The first problem in the words of the files' authors, on the line (1 = the first front matter line) where it is. */
function explain(error: YAMLError, lines: string[], doc: ReturnType<typeof parseDocument>, lineCounter: LineCounter): { line: number; message: string } {
  const line = Math.max(lineCounter.linePos(error.pos[0]).line, 1)
  const text = (n: number) => lines[n - 1] ?? ''
  const indent = (n: number) => text(n).length - text(n).trimStart().length
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      const key = /^\s*(?:-\s+)?("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(text(line))?.[1]?.replace(/^["']|["']$/g, '') ?? text(line).trim()
      return { line, message: `"${key}" is given twice` }
    }
    case 'TAB_AS_INDENT':
      return { line, message: 'indent with spaces, not tabs' }
    case 'MISSING_CHAR': {
      const quote = /closing (["'])quote/.exec(error.message)?.[1]
      if (!quote) break
      // The text runs to the end of the front matter: the problem is where it opens.
      let opened: Scalar | undefined
      visit(doc, {
        Scalar(_, node) {
          if (node.type === (quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE') && node.range && node.range[0] <= error.pos[0]) opened = node
        },
      })
      const at = opened?.range ? Math.max(lineCounter.linePos(opened.range[0]).line, 1) : line
      return { line: at, message: quote === '"' ? 'a "double-quoted" text is not closed' : "a 'single-quoted' text is not closed" }
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
    case 'BAD_INDENT': {
      // A value followed by a line indented under it: name that line.
      for (let n = line + 1; n <= lines.length; n++) {
        if (/^\s*(#.*)?$/.test(text(n))) continue
        if (indent(n) > indent(line)) return { line: n, message: `unexpected indentation before "${text(n).trim()}"` }
        break
      }
      if (/Flow sequence/.test(error.message)) return { line, message: 'a list in [ ] is not closed' }
      if (error.code === 'BLOCK_AS_IMPLICIT_KEY')
        return { line, message: `a text with ": " in it must be quoted, e.g. title: "Hay: order early" (found "${text(line).trim()}")` }
    }
  }
  return { line, message: error.message.replace(/\s+at line \d+, column \d+[\s\S]*$/, '') }
}
