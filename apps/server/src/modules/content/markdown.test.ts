import { describe, expect, it } from 'vitest'
import { FrontMatterError, splitFrontMatter } from './front-matter'
import { excerptOf, markdownToHtml } from './markdown'

describe('Markdown for news posts', () => {
  it('renders headings, paragraphs, emphasis, code, lists, quotes and rules', () => {
    const html = markdownToHtml(`# Title

Some **bold**, *italic*, _also italic_ and \`code <b>\` text
on two lines.

1. first
2. second
   - nested

> quoted *words*

---`)
    expect(html).toBe(
      [
        '<h1>Title</h1>',
        '<p>Some <strong>bold</strong>, <em>italic</em>, <em>also italic</em> and <code>code &lt;b&gt;</code> text\non two lines.</p>',
        '<ol>\n<li>first</li>\n<li>second\n<ul>\n<li>nested</li>\n</ul></li>\n</ol>',
        '<blockquote>\n<p>quoted <em>words</em></p>\n</blockquote>',
        '<hr>',
      ].join('\n'),
    )
  })

  it('renders a pipe table with its alignment', () => {
    expect(markdownToHtml('| Qty | Price |\n|---|--:|\n| 1 | $2 |')).toBe(
      '<figure class="wp-block-table"><table><thead><tr><th>Qty</th><th style="text-align:right">Price</th></tr></thead><tbody><tr><td>1</td><td style="text-align:right">$2</td></tr></tbody></table></figure>',
    )
  })

  it('shows raw HTML as text and keeps links to safe addresses', () => {
    const html = markdownToHtml(
      '<iframe src="https://evil.example"></iframe> [a](javascript:alert(1)) [b](https://ok.example "Title") [c](mailto:x@y.example) ![p](vbscript:x)',
    )
    expect(html).toBe(
      '<p>&lt;iframe src="https://evil.example"&gt;&lt;/iframe&gt; a <a href="https://ok.example" title="Title" target="_blank" rel="noopener noreferrer">b</a> <a href="mailto:x@y.example">c</a> </p>',
    )
  })

  it('links and shows pictures only at http(s) addresses and same-site paths: //host, /\\host and relative paths are dropped', () => {
    expect(
      markdownToHtml('[a](//evil.example/x) [b](/\\evil.example) [c](https:/\\evil.example) [d](specials) [e](/specials) [f](#top) ![p](//evil.example/p.png)'),
    ).toBe('<p>a b c d <a href="/specials">e</a> <a href="#top">f</a> </p>')
  })

  it('makes a WordPress-style excerpt from the first paragraph', () => {
    expect(excerptOf('<h2>x</h2><p>One <strong>two</strong> three</p><p>four</p>')).toBe('<p>One two three</p>\n')
    expect(excerptOf(`<p>${'word '.repeat(60)}</p>`)).toBe(`<p>${'word '.repeat(55).trim()} [&hellip;]</p>\n`)
  })
})

describe('front matter', () => {
  it('reads text, quoted text, flags, lists, lists of records and text blocks', () => {
    const { data, body } = splitFrontMatter(`---
title: "Hay: order early" # a comment
plain: It's fine
date: 2026-11-03
groups: [TRADE, 'FARM']
tags:
  - one
  - two
rows:
  - name: first
    on: true
  - name: second
    on: no
text: |
  line one
  line two
---
The body.
`)
    expect(data).toEqual({
      title: 'Hay: order early',
      plain: "It's fine",
      date: '2026-11-03',
      groups: ['TRADE', 'FARM'],
      tags: ['one', 'two'],
      rows: [
        { name: 'first', on: true },
        { name: 'second', on: false },
      ],
      text: 'line one\nline two\n',
    })
    expect(body).toBe('The body.\n')
  })

  it('says on which line the front matter goes wrong', () => {
    expect(() => splitFrontMatter('---\ntitle: x\n  oops: y\n---\n')).toThrow(new FrontMatterError(3, 'unexpected indentation before "oops: y"'))
    expect(() => splitFrontMatter('---\ntitle: x\ntitle: y\n---\n')).toThrow(/line 3: "title" is given twice/)
    expect(() => splitFrontMatter('---\ntitle: x\n')).toThrow(/no closing ---/)
  })

  it('leaves a file without front matter whole', () => {
    expect(splitFrontMatter('# Hello\n')).toEqual({ data: {}, body: '# Hello\n', bodyLine: 1 })
  })
})
