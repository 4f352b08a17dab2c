import { useParams } from 'react-router'
import { ListScreen } from '../../features/lists/components/list-screen'
import { useSession } from '../../lib/session'

/** /lists/{id}: a saved list, priced and stocked at the current branch. */
export function ListRoute() {
  const { id = '' } = useParams()
  const session = useSession()
  if (!session) return null
  return <ListScreen key={id} id={Number(id)} warehouse={session.currentWarehouse} />
}
