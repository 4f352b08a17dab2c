import {
  CONTENT_KINDS,
  type ContentBodyInput,
  type ContentKind,
  type ContentMedia,
  type RichTextNode,
  type StaffContentItem,
  type StaffContentPage,
} from '@portal/contract/back-office-content'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { PostPreview } from '../../content'
import { backOfficeKeys, staffApi } from '../api'
import { KIND_WORDS, STATE_WORDS } from './back-office-content'
import { PictureUpload } from './picture-upload'
import styles from './back-office.module.css'

type Then = 'saved' | 'preview' | 'publish'
/** The navigation state a new item is opened with: what to do once it is on its own screen. */
interface NextStep {
  then: Then
}

/** The rich-text editor is a chunk of its own, fetched when a news post is opened. */
const RichTextEditor = lazy(() => import('./rich-text-editor'))

interface Form {
  title: string
  groups: string[]
  appearOn: string
  disappearOn: string
  featured: ContentMedia | null
  heading: string
  text: string
  link: string
  /** The editor's document once it has been changed; until then the stored body stands. */
  body: RichTextNode | null
}

const formOf = (item: StaffContentItem | undefined): Form => ({
  title: item?.title ?? '',
  groups: item?.groups ?? [],
  appearOn: item?.appearOn ?? '',
  disappearOn: item?.disappearOn ?? '',
  featured: item?.featuredMedia ?? null,
  heading: item?.heading ?? '',
  text: item?.text ?? '',
  link: item?.link ?? '',
  body: null,
})

/** /staff/content/new?kind=... and /staff/content/:id: write, preview, publish, unpublish, delete. */
export function BackOfficeContentItemScreen() {
  const { id } = useParams()
  const itemId = id ? Number(id) : null
  const item = useQuery({
    queryKey: backOfficeKeys.content(itemId ?? 0),
    queryFn: () => staffApi.get<StaffContentItem>(`content/${itemId}`),
    enabled: itemId !== null,
  })
  if (itemId !== null && item.isPending) return <p>Loading...</p>
  if (itemId !== null && item.isError)
    return (
      <>
        <h1>Content</h1>
        <p role="alert">
          {item.error instanceof ApiError && item.error.status === 404 ? 'There is no such item.' : serverMessage(item.error, 'It could not be loaded.')}
        </p>
        <Link to="/staff/content">All content</Link>
      </>
    )
  return <ContentEditor key={itemId ?? 'new'} item={item.data} />
}

function ContentEditor({ item }: { item: StaffContentItem | undefined }) {
  const [params] = useSearchParams()
  const kind: ContentKind = item?.kind ?? CONTENT_KINDS.find((k) => k === params.get('kind')) ?? 'news'
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const groupsList = useQuery({ queryKey: backOfficeKeys.contentList({ page: 1 }), queryFn: () => staffApi.get<StaffContentPage>('content', { page: 1 }) })
  const [form, setForm] = useState<Form>(() => formOf(item))
  const [errors, setErrors] = useState<Record<string, string>>({})
  // What was asked when this item was created on the screen before (saved, preview, publish).
  const location = useLocation()
  const [nextStep] = useState(() => (location.state as NextStep | null)?.then)
  const [message, setMessage] = useState<string | null>(() => (nextStep && nextStep !== 'publish' ? 'Saved as a draft.' : null))
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState(() => nextStep === 'preview')
  const bodyLabel = useId()
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))

  const bodyOf = (): ContentBodyInput => ({
    title: form.title,
    groups: form.groups,
    appearOn: form.appearOn || null,
    disappearOn: form.disappearOn || null,
    featuredMediaId: form.featured?.id ?? null,
    heading: form.heading,
    text: form.text,
    link: form.link,
    ...(kind === 'news' && form.body ? { body: form.body } : {}),
  })

  /** Runs a change; the server's refusals are shown at their fields. Answers the item as saved, or null. */
  const run = async (action: () => Promise<StaffContentItem | undefined>, done: string): Promise<StaffContentItem | null> => {
    setBusy(true)
    setMessage(null)
    try {
      const saved = await action()
      setErrors({})
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'content'] })
      if (saved) queryClient.setQueryData(backOfficeKeys.content(saved.id), saved)
      setMessage(done)
      return saved ?? null
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? []) : []
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message.replace(/^\w+: /, '')])))
      setMessage(fields.length > 0 ? 'Check the fields marked.' : serverMessage(error, 'That did not work. Try again.'))
      return null
    } finally {
      setBusy(false)
    }
  }

  /**
   * Saves the form; a body the editor has not changed is left as stored. A new item is created as a draft and opened
   * at its own address, which is another screen: what was asked with the save (preview, publish) is done there.
   */
  const save = async (then?: Then): Promise<StaffContentItem | null> => {
    if (!item) {
      const created = await run(() => staffApi.post<StaffContentItem>('content', { kind, ...bodyOf() }), 'Saved as a draft.')
      if (created) void navigate(`/staff/content/${created.id}`, { replace: true, state: { then: then ?? 'saved' } satisfies NextStep })
      return null
    }
    return run(() => staffApi.put<StaffContentItem>(`content/${item.id}`, bodyOf()), 'Saved.')
  }
  const publishSaved = (id: number) => run(() => staffApi.post<StaffContentItem>(`content/${id}/publish`), 'Published.')

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void save()
  }
  const publish = async () => {
    const saved = await save('publish')
    if (saved) await publishSaved(saved.id)
  }
  const unpublish = () => item && run(() => staffApi.post<StaffContentItem>(`content/${item.id}/unpublish`), 'Unpublished: customers no longer see it.')
  const remove = async () => {
    if (!item || !window.confirm(`Delete the draft "${item.title}"?`)) return
    let deleted = false
    await run(async () => {
      await staffApi.delete(`content/${item.id}`)
      deleted = true
      return undefined
    }, 'Deleted.')
    if (deleted) void navigate('/staff/content')
  }
  const showPreview = async () => {
    const saved = await save('preview')
    if (saved) setPreview(true)
  }

  // A new item was just published from the screen before (it is published here, at its own address).
  const published = useRef(false)
  useEffect(() => {
    if (nextStep !== 'publish' || !item || published.current) return
    published.current = true
    void publishSaved(item.id)
  })

  const groups = groupsList.data?.groups ?? []
  const shown = item && queryClient.getQueryData<StaffContentItem>(backOfficeKeys.content(item.id))
  const current = shown ?? item

  return (
    <>
      <title>{item ? item.title : `New ${KIND_WORDS[kind].toLowerCase()}`}</title>
      <p>
        <Link to="/staff/content">All content</Link>
      </p>
      <h1>{item ? item.title : `New ${KIND_WORDS[kind].toLowerCase()}`}</h1>
      {current && (
        <p className={styles.note}>
          {KIND_WORDS[current.kind]}: {STATE_WORDS[current.state]}
          {current.imported && '. Written by content:import: the next import of its file writes over a change made here.'}
        </p>
      )}
      <form className={styles.panel} onSubmit={onSubmit} aria-label={`The ${KIND_WORDS[kind].toLowerCase()}`} noValidate>
        <TextField label="Title" required value={form.title} maxLength={200} onChange={(e) => set('title', e.target.value)} error={errors.title} />
        <fieldset className={styles.roles} aria-invalid={errors.groups ? true : undefined}>
          <legend>For these customers</legend>
          {groups.map((g) => (
            <label key={g.slug}>
              <input
                type="checkbox"
                checked={form.groups.includes(g.slug)}
                onChange={(e) => set('groups', e.target.checked ? [...form.groups, g.slug] : form.groups.filter((s) => s !== g.slug))}
              />{' '}
              {g.name}
            </label>
          ))}
          {errors.groups && (
            <span className={styles.fieldError} role="alert">
              {errors.groups}
            </span>
          )}
        </fieldset>
        <div className={styles.grid}>
          <TextField
            label="First day shown"
            type="date"
            value={form.appearOn}
            onChange={(e) => set('appearOn', e.target.value)}
            error={errors.appearOn}
            hint="Empty: the day it is published."
          />
          <TextField
            label="Last day shown"
            type="date"
            value={form.disappearOn}
            onChange={(e) => set('disappearOn', e.target.value)}
            error={errors.disappearOn}
            hint="Empty: until it is unpublished."
          />
        </div>
        {kind !== 'news' && (
          <div className={styles.grid}>
            <TextField label="Small heading" value={form.heading} maxLength={200} onChange={(e) => set('heading', e.target.value)} error={errors.heading} />
            <TextField
              label={kind === 'banner' ? "Button's words" : 'Words'}
              value={form.text}
              maxLength={200}
              onChange={(e) => set('text', e.target.value)}
              error={errors.text}
            />
            <TextField
              label="Links to"
              value={form.link}
              maxLength={500}
              onChange={(e) => set('link', e.target.value)}
              error={errors.link}
              hint="A page of the portal (/specials) or https://..."
            />
          </div>
        )}
        <div className={styles.featured}>
          {form.featured ? (
            <figure>
              <img src={form.featured.url} alt={form.featured.alt} width={form.featured.width} height={form.featured.height} className={styles.thumb} />
              <figcaption>
                {kind === 'news' ? 'The card picture' : 'The picture'}: {form.featured.alt}{' '}
                <Button variant="link" onClick={() => set('featured', null)}>
                  Remove
                </Button>
              </figcaption>
            </figure>
          ) : null}
          <PictureUpload label={kind === 'news' ? 'Card picture (on the news list)' : 'Picture'} onUploaded={(media) => set('featured', media)} />
          {errors.featuredMediaId && (
            <span className={styles.fieldError} role="alert">
              {errors.featuredMediaId}
            </span>
          )}
        </div>
        {kind === 'news' && (
          <div className={styles.field}>
            <span id={bodyLabel} className={styles.label}>
              The post
            </span>
            <Suspense fallback={<p>Loading the editor...</p>}>
              <RichTextEditor
                initialHtml={item?.contentHtml ?? ''}
                labelledBy={bodyLabel}
                invalid={Boolean(errors.body)}
                onChange={(doc) => set('body', doc)}
              />
            </Suspense>
            {errors.body && (
              <span className={styles.fieldError} role="alert">
                {errors.body}
              </span>
            )}
          </div>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {item ? 'Save' : 'Save draft'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void showPreview()}>
            Preview
          </Button>
          {current?.state !== 'published' && current?.state !== 'scheduled' && (
            <Button variant="secondary" disabled={busy} onClick={() => void publish()}>
              Publish
            </Button>
          )}
          {current && current.state !== 'draft' && (
            <Button variant="secondary" disabled={busy} onClick={() => void unpublish()}>
              Unpublish
            </Button>
          )}
          {current?.state === 'draft' && (
            <Button variant="secondary" disabled={busy} onClick={() => void remove()}>
              Delete draft
            </Button>
          )}
        </div>
        {message && (
          <p role="status" className={styles.note}>
            {message}
          </p>
        )}
      </form>
      {preview && current && <Preview item={current} />}
    </>
  )
}

/** The item as a customer's screen shows it: the news post's page, or the banner's or promotion's words on its picture. */
function Preview({ item }: { item: StaffContentItem }) {
  return (
    <section className={styles.panel} aria-labelledby="content-preview">
      <h2 id="content-preview">Preview, as customers see it</h2>
      {item.kind === 'news' ? (
        <PostPreview title={item.title} date={item.appearOn} image={item.featuredMedia} html={item.contentHtml} />
      ) : (
        <div className={styles.bannerPreview}>
          {item.featuredMedia && <img src={item.featuredMedia.url} alt="" />}
          <div>
            {item.heading && <p>{item.heading}</p>}
            <p className={styles.bannerTitle}>{item.title}</p>
            {item.text && <p>{item.text}</p>}
          </div>
        </div>
      )}
    </section>
  )
}
