import type { ContentMedia } from '@portal/contract/back-office-content'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { staffApi } from '../api'
import styles from './back-office.module.css'

/** A picture uploaded to the content's media library with its alt text (both required; the server resizes it). */
export function PictureUpload({ label, onUploaded }: { label: string; onUploaded: (media: ContentMedia) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<{ file?: string; alt?: string; other?: string }>({})
  const fileId = useId()

  const upload = async (event?: FormEvent) => {
    event?.preventDefault()
    const next: typeof errors = {}
    if (!file) next.file = 'Choose a picture.'
    if (!alt.trim()) next.alt = 'Say what the picture shows, for those who cannot see it.'
    setErrors(next)
    if (next.file || next.alt) return
    const form = new FormData()
    form.append('alt', alt.trim())
    form.append('file', file!)
    setBusy(true)
    try {
      const media = await staffApi.post<ContentMedia>('content/media', form)
      setFile(null)
      setAlt('')
      onUploaded(media)
    } catch (error) {
      const at = (field: string) =>
        error instanceof ApiError ? error.fields?.find((f) => f.field === `body.${field}`)?.message.replace(/^\w+: /, '') : undefined
      setErrors({ file: at('file'), alt: at('alt'), other: at('file') || at('alt') ? undefined : serverMessage(error, 'The picture could not be uploaded.') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <fieldset className={styles.upload}>
      <legend>{label}</legend>
      <div className={styles.field}>
        <label htmlFor={fileId}>Picture file (JPEG, PNG, WebP or GIF)</label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileId}-error` : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {errors.file && (
          <span id={`${fileId}-error`} className={styles.fieldError} role="alert">
            {errors.file}
          </span>
        )}
      </div>
      <TextField
        label="Alt text"
        required
        value={alt}
        maxLength={300}
        onChange={(event) => setAlt(event.target.value)}
        error={errors.alt}
        hint="What the picture shows."
      />
      {errors.other && <p role="alert">{errors.other}</p>}
      <Button variant="secondary" onClick={() => void upload()} disabled={busy}>
        {busy ? 'Uploading...' : 'Upload picture'}
      </Button>
    </fieldset>
  )
}
