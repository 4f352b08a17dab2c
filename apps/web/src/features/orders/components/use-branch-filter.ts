import { useSession } from '../../../lib/session'

/** Branch-group (reseller) users filter their history by delivery site (spec sections 2 and 6). */
export function useBranchFilter(): boolean {
  const session = useSession()
  return Boolean(session && (session.user.isElders || session.settings.BranchGroup.length > 0))
}
