import { APPLICATION_STATUS_WORDS, BUSINESS_KIND_WORDS, type StaffApplication } from '@portal/contract/applications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { TextAreaField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { ApiError, saveFile, serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { dollars } from './back-office-orders'
import { when } from './back-office-users'
import styles from './back-office.module.css'

const UNDECIDED = new Set(['received', 'information requested'])

/** /staff/applications/:id: an application whole, its thread, and the staff's steps (decision 0103). */
export function BackOfficeApplicationScreen() {
  const id = useParams().id ?? ''
  const application = useQuery({
    queryKey: backOfficeKeys.application(id),
    queryFn: () => staffApi.get<StaffApplication>(`applications/${encodeURIComponent(id)}`),
  })
  if (application.isPending) return <p>Loading...</p>
  if (application.isError) return <p role="alert">{serverMessage(application.error, 'This application could not be loaded.')}</p>
  return <ApplicationPage application={application.data} />
}

function FileButton({ application, file, label }: { application: StaffApplication; file: { id: number; name: string }; label: string }) {
  const open = useMutation({
    mutationFn: () => staffApi.download(`applications/${application.id}/files/${file.id}`, {}, file.name),
    onSuccess: saveFile,
    onError: (error) => notify.error(serverMessage(error, 'The file could not be opened.')),
  })
  return (
    <Button variant="link" onClick={() => open.mutate()} disabled={open.isPending}>
      {label}
    </Button>
  )
}

function ApplicationPage({ application: a }: { application: StaffApplication }) {
  return (
    <>
      <title>{`Application ${a.reference}`}</title>
      <p>
        <Link to="/staff/applications">Applications</Link>
      </p>
      <h1>{a.businessName}</h1>
      <section className={styles.panel} aria-labelledby="application-heading">
        <h2 id="application-heading">Application {a.reference}</h2>
        <dl>
          <dt>Status</dt>
          <dd>{APPLICATION_STATUS_WORDS[a.status]}</dd>
          <dt>Received</dt>
          <dd>{when(a.submittedAt)}</dd>
          <dt>ABN</dt>
          <dd>{a.abn}</dd>
          <dt>Trading name</dt>
          <dd>{a.tradingName || 'None'}</dd>
          <dt>Contact</dt>
          <dd>
            {a.contactName}, <a href={`mailto:${a.email}`}>{a.email}</a>, {a.phone}
          </dd>
          <dt>Nearest branch</dt>
          <dd>
            {a.branchName} ({a.branch})
          </dd>
          <dt>Kind of business</dt>
          <dd>{BUSINESS_KIND_WORDS[a.kind]}</dd>
          <dt>Expected monthly spend</dt>
          <dd>{dollars(a.monthlySpendCents)} ex GST</dd>
          <dt>Credit application</dt>
          <dd>{a.creditApplication ? <FileButton application={a} file={a.creditApplication} label={`Open ${a.creditApplication.name}`} /> : 'None sent'}</dd>
          {a.decision && (
            <>
              <dt>{a.status === 'declined' ? 'Declined' : 'Approved'}</dt>
              <dd>
                {when(a.decision.at)} by {a.decision.by}
                {a.decision.reason && `: ${a.decision.reason}`}
              </dd>
            </>
          )}
          {(a.status === 'approved' || a.status === 'opened') && (
            <>
              <dt>ERP</dt>
              <dd>
                {a.erp.acknowledgedAt
                  ? `Taken by the ERP ${when(a.erp.acknowledgedAt)}${a.erp.reference ? ` (${a.erp.reference})` : ''}`
                  : a.erp.exportedAt
                    ? `Exported to files ${when(a.erp.exportedAt)}`
                    : 'Waiting for the ERP'}
              </dd>
            </>
          )}
          {a.account && (
            <>
              <dt>Account</dt>
              <dd>
                <Link to={`/staff/accounts/${encodeURIComponent(a.account.code)}`}>
                  {a.account.name} ({a.account.code})
                </Link>
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="thread-heading">
        <h2 id="thread-heading">Messages</h2>
        {a.messages.length === 0 ? (
          <p>No question has been asked.</p>
        ) : (
          <ol className={styles.thread}>
            {a.messages.map((m) => (
              <li key={m.id}>
                <p className={styles.aside}>
                  {m.from === 'staff' ? `${m.staffEmail ?? 'Staff'} asked` : `${a.contactName} answered`}, {when(m.at)}
                </p>
                <p className={styles.message}>{m.text}</p>
                {m.file && <FileButton application={a} file={m.file} label={`Open ${m.file.name}`} />}
              </li>
            ))}
          </ol>
        )}
      </section>
      {UNDECIDED.has(a.status) && <Steps application={a} />}
    </>
  )
}

type Step = 'request-information' | 'approve' | 'decline'
const DONE: Record<Step, string> = {
  'request-information': 'The question was e-mailed to the applicant.',
  approve: 'Approved: the application goes to the ERP.',
  decline: 'Declined: the applicant was e-mailed the reason.',
}

function Steps({ application: a }: { application: StaffApplication }) {
  const queryClient = useQueryClient()
  const [question, setQuestion] = useState('')
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<{ question?: string; reason?: string }>({})
  const [asking, setAsking] = useState<'approve' | 'decline' | null>(null)
  const step = useMutation({
    mutationFn: ({ step, body }: { step: Step; body: object }) => staffApi.post<StaffApplication>(`applications/${a.id}/${step}`, body),
    onSuccess: (page, { step }) => {
      queryClient.setQueryData(backOfficeKeys.application(String(a.id)), page)
      void queryClient.invalidateQueries({ queryKey: ['back-office', 'applications', 'list'] })
      notify.success(DONE[step])
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fields?.[0] : undefined
      if (field?.field === 'body.reason') setErrors({ reason: field.message })
      else if (field?.field === 'body.question') setErrors({ question: field.message })
      else notify.error(serverMessage(error, 'That did not work. Try again.'))
    },
    onSettled: () => setAsking(null),
  })
  const ask = (event: FormEvent) => {
    event.preventDefault()
    if (!question.trim()) return setErrors({ question: 'Write the question.' })
    setErrors({})
    step.mutate({ step: 'request-information', body: { question } })
  }
  const decline = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) return setErrors({ reason: 'Give the reason: the applicant is e-mailed it.' })
    setErrors({})
    setAsking('decline')
  }
  return (
    <>
      <section className={styles.panel} aria-labelledby="ask-heading">
        <h2 id="ask-heading">Ask for more information</h2>
        <form onSubmit={ask} noValidate>
          <TextAreaField
            label="Question"
            rows={3}
            maxLength={4000}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            error={errors.question}
            hint="E-mailed to the applicant with a link to answer it once."
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={step.isPending}>
              Send the question
            </Button>
          </div>
        </form>
      </section>
      <section className={styles.panel} aria-labelledby="decide-heading">
        <h2 id="decide-heading">Decide</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setAsking('approve')
          }}
          noValidate
        >
          <TextAreaField label="Note for the ERP (optional)" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
          <div className={styles.actions}>
            <Button type="submit" disabled={step.isPending}>
              Approve
            </Button>
          </div>
        </form>
        <form onSubmit={decline} noValidate className={styles.declineForm}>
          <TextAreaField
            label="Reason for declining"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={step.isPending}>
              Decline
            </Button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'approve' ? 'Approve this application?' : 'Decline this application?'}
        description={
          asking === 'approve'
            ? `${a.businessName} is e-mailed that it is approved, and the application goes to the ERP to open the account.`
            : `${a.businessName} is e-mailed that it is declined, with the reason you gave.`
        }
        confirmLabel={asking === 'approve' ? 'Approve' : 'Decline'}
        onConfirm={() => (asking === 'approve' ? step.mutate({ step: 'approve', body: { note } }) : step.mutate({ step: 'decline', body: { reason } }))}
        busy={step.isPending}
      />
    </>
  )
}
