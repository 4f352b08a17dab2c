import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextAreaField, TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { applicationKeys, applicationsApi, fileForForm } from '../api/applications'
import { pdfProblem } from './apply-screen'
import styles from './applications.module.css'

/** The link's token travels in the fragment (#token=...), which never reaches a server's logs. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''

/** /apply/reply: the applicant answers the staff's question, once, with an optional PDF (decision 0103). */
export function ReplyScreen() {
  const token = tokenOf(useLocation().hash)
  const question = useQuery({
    queryKey: applicationKeys.question(token),
    queryFn: () => applicationsApi.question(token),
    enabled: Boolean(token),
    retry: false,
  })
  const reply = useMutation({ mutationFn: applicationsApi.reply })
  const [message, setMessage] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<{ message?: string; file?: string }>({})

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const found = { ...(message.trim() ? {} : { message: 'Write your answer.' }), ...(pdfProblem(file) ? { file: pdfProblem(file) } : {}) }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      await reply.mutateAsync({ token, message, file: file ? await fileForForm(file) : null })
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? []) : []
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, '').replace(/\..*$/, ''), f.message.replace(/^\w+: /, '')])))
    }
  }

  let body
  if (!token || question.isError)
    body = (
      <p className={styles.lead} role="alert">
        This link has been used, has expired, or is not complete. Reply to our e-mail or call us instead.
      </p>
    )
  else if (question.isPending) body = <p>Loading...</p>
  else if (reply.isSuccess)
    body = (
      <p className={styles.lead} role="status">
        {reply.data.message}
      </p>
    )
  else
    body = (
      <>
        <p className={styles.lead}>About the application for {question.data.businessName}, we asked:</p>
        <p className={styles.question}>{question.data.question}</p>
        <form onSubmit={send} noValidate aria-label="Answer the question">
          <TextAreaField
            label="Your answer"
            required
            rows={5}
            maxLength={4000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message}
          />
          <TextField
            label="A PDF (optional)"
            type="file"
            accept="application/pdf,.pdf"
            hint="Up to 5 MB"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            error={errors.file}
          />
          {reply.isError && !(reply.error instanceof ApiError && reply.error.fields?.length) && (
            <p role="alert">{serverMessage(reply.error, 'The answer could not be sent. Please try again.')}</p>
          )}
          <div className={styles.actions}>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? 'Sending...' : 'Send answer'}
            </Button>
          </div>
        </form>
      </>
    )

  return (
    <div className={styles.card}>
      <title>Your application</title>
      <h1>Your application</h1>
      {body}
      <p className={styles.switch}>
        <Link to="/login">Back to login</Link>
      </p>
    </div>
  )
}
