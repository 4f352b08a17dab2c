import type { DeliverySite } from '@portal/contract/reference'
import { SelectField } from '../../../components/ui/field'

/** 'All Branches' (value 0) first, then the account's delivery sites by name. */
export function branchOptions(sites: DeliverySite[] | undefined): Array<{ value: string; label: string }> {
  const sorted = [...(sites ?? [])].sort((a, b) => a.Name.localeCompare(b.Name, 'en-AU'))
  return [{ value: '0', label: 'All Branches' }, ...sorted.map((s) => ({ value: s.SiteCode, label: s.Name }))]
}

export function BranchFilter({ sites, value, onChange }: { sites: DeliverySite[] | undefined; value: string; onChange: (value: string) => void }) {
  return (
    <SelectField label="Branch" value={value} onChange={(event) => onChange(event.target.value)}>
      {branchOptions(sites).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  )
}
