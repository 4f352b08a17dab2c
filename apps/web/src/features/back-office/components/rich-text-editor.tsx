import type { ContentMedia, RichTextNode } from '@portal/contract/back-office-content'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { PictureUpload } from './picture-upload'
import styles from './back-office.module.css'

/**
 * The body's editor (decision 0096): Tiptap, with the blocks a news post needs and a toolbar of buttons, so that
 * no one writes Markdown or HTML. It hands over the editor's document (JSON); the server renders and makes safe the
 * HTML customers see. Loaded lazily, by the content item screen only: no other screen's chunk carries it.
 */
export interface RichTextEditorProps {
  /** The stored HTML to start from (the server's own, which the editor reads back). */
  initialHtml: string
  onChange: (doc: RichTextNode) => void
  labelledBy: string
  invalid?: boolean
}

export default function RichTextEditor({ initialHtml, onChange, labelledBy, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: styles.editorBody ?? '',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as RichTextNode),
  })
  return (
    <div className={styles.editor}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  )
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: String(e.getAttributes('link').href ?? ''),
    }),
  })
  const [panel, setPanel] = useState<'link' | 'picture' | null>(null)
  const chain = () => editor.chain().focus()
  const toggle = (label: string, pressed: boolean, run: () => void) => (
    // A press keeps the caret in the text (the mouse's default would move the focus to the button first).
    <Button variant="secondary" aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={run} className={styles.tool}>
      {label}
    </Button>
  )
  return (
    <div>
      <div role="toolbar" aria-label="Formatting" className={styles.toolbar}>
        {toggle('Bold', active.bold, () => chain().toggleBold().run())}
        {toggle('Italic', active.italic, () => chain().toggleItalic().run())}
        {toggle('Heading', active.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {toggle('Subheading', active.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {toggle('Bulleted list', active.bullets, () => chain().toggleBulletList().run())}
        {toggle('Numbered list', active.numbers, () => chain().toggleOrderedList().run())}
        {toggle('Quote', active.quote, () => chain().toggleBlockquote().run())}
        {toggle('Link', panel === 'link' || active.link, () => setPanel(panel === 'link' ? null : 'link'))}
        {toggle('Picture', panel === 'picture', () => setPanel(panel === 'picture' ? null : 'picture'))}
      </div>
      {panel === 'link' && <LinkPanel editor={editor} current={active.href} close={() => setPanel(null)} />}
      {panel === 'picture' && (
        <div className={styles.toolPanel}>
          <PictureUpload
            label="Picture in the text"
            onUploaded={(media: ContentMedia) => {
              editor.chain().focus().setImage({ src: media.url, alt: media.alt }).run()
              setPanel(null)
            }}
          />
        </div>
      )}
    </div>
  )
}

function LinkPanel({ editor, current, close }: { editor: Editor; current: string; close: () => void }) {
  const [href, setHref] = useState(current)
  return (
    <div className={styles.toolPanel}>
      <TextField
        label="Link address"
        hint="A web address (https://...) or a page of the portal (/specials). Select the words to link first."
        value={href}
        onChange={(event) => setHref(event.target.value)}
      />
      <div className={styles.actions}>
        <Button
          onClick={() => {
            const address = href.trim()
            if (address) editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run()
            close()
          }}
        >
          Apply link
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run()
            close()
          }}
        >
          Remove link
        </Button>
      </div>
    </div>
  )
}
