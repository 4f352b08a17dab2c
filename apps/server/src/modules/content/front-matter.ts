/**
 * Front matter: the YAML block between two `---` lines at the top of a Markdown file. This reads the
 * part of YAML that content files need, and says on which line anything else is:
 *
 *   key: plain text, 'single' or "double" quoted     true / false / yes / no     null or ~
 *   key: [inline, list]                               key: | (literal) or > (folded) text block
 *   key:                                              key:
 *     - a list item                                     - field: a list of records
 *                                                         other: more of the same record
 *   # comments, and ' #' after a value
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

interface Line {
  n: number
  indent: number
  text: string
}

export function splitFrontMatter(source: string): { data: YamlRecord; body: string; bodyLine: number } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (!text.startsWith('---\n') && text !== '---') return { data: {}, body: text, bodyLine: 1 }
  const lines = text.split('\n')
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l))
  if (end < 0) throw new FrontMatterError(1, 'the front matter starting with --- has no closing --- line')
  return { data: parseYaml(lines.slice(1, end), 2), body: lines.slice(end + 1).join('\n'), bodyLine: end + 2 }
}

export function parseYaml(rawLines: string[], firstLine = 1): YamlRecord {
  const lines: Line[] = []
  rawLines.forEach((raw, i) => {
    if (/^\s*(#.*)?$/.test(raw)) {
      lines.push({ n: firstLine + i, indent: -1, text: '' })
      return
    }
    if (/^\s*\t/.test(raw)) throw new FrontMatterError(firstLine + i, 'indent with spaces, not tabs')
    lines.push({ n: firstLine + i, indent: raw.length - raw.trimStart().length, text: raw.trimEnd() })
  })
  const parser = new Parser(lines)
  const result = parser.mapping(0)
  parser.expectEnd()
  return result
}

class Parser {
  private i = 0
  constructor(private readonly lines: Line[]) {}

  private peek(): Line | undefined {
    while (this.i < this.lines.length && this.lines[this.i]!.indent < 0) this.i++
    return this.lines[this.i]
  }

  expectEnd() {
    const line = this.peek()
    if (line) throw new FrontMatterError(line.n, `unexpected indentation or text: "${line.text.trim()}"`)
  }

  mapping(indent: number, first?: { key: string; rest: string; n: number }): YamlRecord {
    const out: YamlRecord = {}
    const take = (key: string, rest: string, n: number, keyIndent: number) => {
      if (Object.prototype.hasOwnProperty.call(out, key)) throw new FrontMatterError(n, `"${key}" is given twice`)
      out[key] = this.valueAfterKey(rest, n, keyIndent)
    }
    if (first) take(first.key, first.rest, first.n, indent)
    for (;;) {
      const line = this.peek()
      if (!line || line.indent < indent) break
      if (line.indent > indent) throw new FrontMatterError(line.n, `unexpected indentation before "${line.text.trim()}"`)
      const m = /^([A-Za-z_][\w-]*|"[^"]+"|'[^']+')\s*:(?:\s+(.*)|\s*)$/.exec(line.text.trim())
      if (!m) throw new FrontMatterError(line.n, `expected "name: value", found "${line.text.trim()}"`)
      this.i++
      take(m[1]!.replace(/^["']|["']$/g, ''), m[2] ?? '', line.n, indent)
    }
    return out
  }

  private valueAfterKey(rest: string, n: number, keyIndent: number): YamlValue {
    const value = stripComment(rest).trim()
    if (value === '|' || value === '>' || value === '|-' || value === '>-') return this.blockScalar(value, keyIndent)
    if (value !== '') return scalarOrInline(value, n)
    const next = this.peek()
    if (!next || next.indent < keyIndent || (next.indent === keyIndent && !next.text.trim().startsWith('- '))) return null
    if (next.text.trim().startsWith('-')) return this.sequence(next.indent)
    if (next.indent === keyIndent) return null
    return this.mapping(next.indent)
  }

  private sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = []
    for (;;) {
      const line = this.peek()
      if (!line || line.indent !== indent || !/^-(\s|$)/.test(line.text.trim())) break
      this.i++
      const rest = line.text.trim().slice(1).trimStart()
      const itemIndent = indent + (line.text.trim().length - rest.length)
      const pair = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/.exec(rest)
      if (pair && !/^["'[]/.test(rest)) out.push(this.mapping(itemIndent, { key: pair[1]!, rest: pair[2] ?? '', n: line.n }))
      else if (rest === '') {
        const next = this.peek()
        out.push(next && next.indent > indent ? this.mapping(next.indent) : null)
      } else out.push(scalarOrInline(stripComment(rest).trim(), line.n))
    }
    return out
  }

  private blockScalar(style: string, keyIndent: number): string {
    const collected: string[] = []
    let blockIndent = -1
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!
      if (line.indent >= 0 && line.indent <= keyIndent) break
      if (line.indent >= 0 && blockIndent < 0) blockIndent = line.indent
      collected.push(line.indent < 0 ? '' : line.text.slice(blockIndent))
      this.i++
    }
    while (collected.length && collected[collected.length - 1] === '') collected.pop()
    const text = style.startsWith('|') ? collected.join('\n') : collected.join('\n').replace(/([^\n])\n(?=[^\n])/g, '$1 ')
    return style.endsWith('-') ? text : `${text}\n`
  }
}

function stripComment(value: string): string {
  const trimmed = value.trim()
  // A quoted text ends at its closing quote; only a comment may follow it.
  const quoted = /^"(?:[^"\\]|\\.)*"|^'(?:[^']|'')*'/.exec(trimmed)?.[0]
  if (quoted) return /^\s*(#.*)?$/.test(trimmed.slice(quoted.length)) ? quoted : trimmed
  if (/^["']/.test(trimmed)) return trimmed
  const hash = value.search(/\s#/)
  return hash >= 0 ? value.slice(0, hash) : value
}

function scalarOrInline(value: string, n: number): YamlValue {
  if (value.startsWith('[')) {
    if (!value.endsWith(']')) throw new FrontMatterError(n, 'a list in [ ] must close on the same line')
    const inner = value.slice(1, -1).trim()
    if (!inner) return []
    return splitInline(inner, n).map((part) => scalar(part.trim(), n))
  }
  if (value.startsWith('{')) throw new FrontMatterError(n, 'write records as indented "name: value" lines, not { }')
  return scalar(value, n)
}

function splitInline(inner: string, n: number): string[] {
  const parts: string[] = []
  let current = ''
  let quote: string | null = null
  for (const ch of inner) {
    if (quote) {
      current += ch
      if (ch === quote) quote = null
    } else if (ch === '"' || ch === "'") {
      quote = ch
      current += ch
    } else if (ch === ',') {
      parts.push(current)
      current = ''
    } else current += ch
  }
  if (quote) throw new FrontMatterError(n, 'a quoted text is not closed')
  parts.push(current)
  return parts
}

function scalar(value: string, n: number): YamlValue {
  if (value.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(value)) throw new FrontMatterError(n, 'a "double-quoted" text is not closed')
    try {
      return JSON.parse(value) as string
    } catch {
      throw new FrontMatterError(n, 'a "double-quoted" text has an escape YAML does not know')
    }
  }
  if (value.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(value)) throw new FrontMatterError(n, "a 'single-quoted' text is not closed")
    return value.slice(1, -1).replace(/''/g, "'")
  }
  if (/^(true|yes|on)$/i.test(value)) return true
  if (/^(false|no|off)$/i.test(value)) return false
  if (/^(null|~)$/i.test(value)) return null
  if (/^-?\d+(\.\d+)?$/.test(value) && !/^0\d/.test(value)) return Number(value)
  return value
}
