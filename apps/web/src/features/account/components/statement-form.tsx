import { useState, type FormEvent } from 'react'
import type { FinancialPeriod } from '@portal/contract/account'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { useRequestStatement } from '../api/request-statement'
import styles from './balance-screen.module.css'

const periodValue = (p: FinancialPeriod) => `${p.financialYear}-${p.financialPeriod}`

/** 'Request a Statement': a period (latest first), an e-mail address, 'Get Statement'. */
export function StatementForm({ periods, defaultEmail }: { periods: FinancialPeriod[]; defaultEmail: string }) {
  const [period, setPeriod] = useState('')
  const [email, setEmail] = useState(defaultEmail)
  const request = useRequestStatement()
  const chosen = periods.find((p) => periodValue(p) === period) ?? periods[0]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen || request.isPending) return
    request.mutate(
      { email: email.trim(), finyear: chosen.financialYear, period: chosen.financialPeriod },
      {
        onSuccess: () => notify.success('Statement request submitted! Please check your emails.'),
        onError: () => notify.error('There was an error submitting your statement request.'),
      },
    )
  }

  return (
    <form className={styles.statement} onSubmit={submit} aria-labelledby="statement-heading">
      <h2 id="statement-heading">Request a Statement</h2>
      <SelectField label="Period" value={chosen ? periodValue(chosen) : ''} onChange={(event) => setPeriod(event.target.value)} disabled={periods.length === 0}>
        {periods.map((p) => (
          <option key={periodValue(p)} value={periodValue(p)}>
            {p.DESCRIPTION}
          </option>
        ))}
      </SelectField>
      <TextField label="Email Address" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <Button type="submit" disabled={!chosen || request.isPending}>
        {request.isPending ? 'Requesting...' : 'Get Statement'}
      </Button>
    </form>
  )
}
