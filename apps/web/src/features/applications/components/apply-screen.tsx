import {
  APPLICATION_PDF_MAX_BYTES,
  ApplicationBody,
  BUSINESS_KIND_WORDS,
  BUSINESS_KINDS,
  type ApplicationBody as ApplicationBodyInput,
} from '@portal/contract/applications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { applicationKeys, applicationsApi, fileForForm } from '../api/applications'
import styles from './applications.module.css'

type Values = {
  businessName: string
  abn: string
  tradingName: string
  contactName: string
  email: string
  phone: string
  branch: string
  kind: string
  monthlySpend: string
  website: string
}
type Field = keyof Values | 'creditApplication'

const EMPTY: Values = { businessName: '', abn: '', tradingName: '', contactName: '', email: '', phone: '', branch: '', kind: '', monthlySpend: '', website: '' }

/** What a field left empty, or not a choice, asks for. */
const CHOOSE: Partial<Record<Field, string>> = {
  monthlySpend: 'Enter whole dollars, such as 2500.',
  kind: 'Choose the kind of business.',
  branch: 'Choose the nearest branch.',
}

/** A PDF, and not too large, before it is read: the server checks again. */
export function pdfProblem(file: File | null): string | undefined {
  if (!file) return undefined
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return 'Choose a PDF file.'
  if (file.size > APPLICATION_PDF_MAX_BYTES) return 'The PDF is larger than 5 MB.'
  return undefined
}

/** Whole dollars a month as typed ("2,500" or "2500"), in cents; NaN when it is not that. */
const centsOf = (dollars: string) => (/^\d{1,9}$/.test(dollars.replace(/[,\s]/g, '')) ? Number(dollars.replace(/[,\s]/g, '')) * 100 : Number.NaN)

/** /apply: a visitor who is not a customer applies for a trade account (decision 0103). */
export function ApplyScreen() {
  const [values, setValues] = useState<Values>(EMPTY)
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [done, setDone] = useState<string>()
  const branches = useQuery({ queryKey: applicationKeys.branches, queryFn: ({ signal }) => applicationsApi.branches(signal) })
  const submit = useMutation({ mutationFn: applicationsApi.submit })
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value })

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const body: ApplicationBodyInput = {
      businessName: values.businessName,
      abn: values.abn,
      tradingName: values.tradingName,
      contactName: values.contactName,
      email: values.email,
      phone: values.phone,
      branch: values.branch,
      kind: values.kind as ApplicationBodyInput['kind'],
      monthlySpendCents: centsOf(values.monthlySpend),
      creditApplication: null,
      website: values.website,
    }
    const checked = ApplicationBody.safeParse(body)
    const found: Partial<Record<Field, string>> = {}
    for (const issue of checked.error?.issues ?? []) {
      const field = (issue.path[0] === 'monthlySpendCents' ? 'monthlySpend' : issue.path[0]) as Field
      found[field] ??= CHOOSE[field] ?? issue.message
    }
    const pdf = pdfProblem(file)
    if (pdf) found.creditApplication = pdf
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      const answer = await submit.mutateAsync({ ...body, creditApplication: file ? await fileForForm(file) : null })
      setDone(answer.message)
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? []) : []
      const named: Partial<Record<Field, string>> = {}
      for (const f of fields) {
        const field = f.field.replace(/^body\./, '').replace(/\..*$/, '')
        named[(field === 'monthlySpendCents' ? 'monthlySpend' : field) as Field] = f.message.replace(/^\w+: /, '')
      }
      setErrors(named)
    }
  }

  if (done)
    return (
      <div className={styles.card}>
        <title>Application sent</title>
        <h1>Application sent</h1>
        <p className={styles.lead} role="status">
          {done}
        </p>
        <p className={styles.switch}>
          <Link to="/login">Back to login</Link>
        </p>
      </div>
    )

  const failed = submit.isError && !(submit.error instanceof ApiError && submit.error.fields?.length)
  return (
    <div className={styles.card}>
      <title>Apply for a trade account</title>
      <h1>Apply for a trade account</h1>
      <p className={styles.lead}>Tell us about your business. We look at every application within two working days and reply by e-mail.</p>
      <form onSubmit={send} noValidate aria-label="Trade account application">
        <div className={styles.grid}>
          <TextField
            label="Business name"
            required
            value={values.businessName}
            onChange={set('businessName')}
            maxLength={120}
            autoComplete="organization"
            error={errors.businessName}
          />
          <TextField label="ABN" required value={values.abn} onChange={set('abn')} inputMode="numeric" maxLength={20} hint="11 digits" error={errors.abn} />
          <TextField label="Trading name" value={values.tradingName} onChange={set('tradingName')} maxLength={120} error={errors.tradingName} />
          <TextField
            label="Contact name"
            required
            value={values.contactName}
            onChange={set('contactName')}
            maxLength={120}
            autoComplete="name"
            error={errors.contactName}
          />
          <TextField label="E-mail" required type="email" value={values.email} onChange={set('email')} autoComplete="email" error={errors.email} />
          <TextField label="Phone" required type="tel" value={values.phone} onChange={set('phone')} autoComplete="tel" error={errors.phone} />
          <SelectField label="Nearest branch" required value={values.branch} onChange={set('branch')} error={errors.branch}>
            <option value="">Choose a branch</option>
            {(branches.data ?? []).map((b) => (
              <option key={b.LocationID} value={b.LocationID}>
                {b.NAME}
              </option>
            ))}
          </SelectField>
          <SelectField label="Kind of business" required value={values.kind} onChange={set('kind')} error={errors.kind}>
            <option value="">Choose one</option>
            {BUSINESS_KINDS.map((k) => (
              <option key={k} value={k}>
                {BUSINESS_KIND_WORDS[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Expected monthly spend ($, ex GST)"
            required
            value={values.monthlySpend}
            onChange={set('monthlySpend')}
            inputMode="numeric"
            maxLength={13}
            error={errors.monthlySpend}
          />
          <TextField
            label="Credit application (PDF, optional)"
            type="file"
            accept="application/pdf,.pdf"
            hint="Up to 5 MB"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            error={errors.creditApplication}
          />
        </div>
        <div className={styles.trap} aria-hidden="true">
          <TextField label="Leave this empty" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} name="website" />
        </div>
        {failed && <p role="alert">{serverMessage(submit.error, 'The application could not be sent. Please try again.')}</p>}
        <div className={styles.actions}>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Sending...' : 'Send application'}
          </Button>
        </div>
      </form>
      <p className={styles.switch}>
        Already a customer? <Link to="/login">Log in</Link>
      </p>
    </div>
  )
}
