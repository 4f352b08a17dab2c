import { useParams } from 'react-router'
import { ApprovalScreen } from '../../features/approvals/components/approval-screen'

/** /approvals/{id}: one order over a spending limit (the checkout lands here when it sends one for approval). */
export function ApprovalRoute() {
  const { id = '' } = useParams()
  return <ApprovalScreen key={id} id={Number(id)} />
}
