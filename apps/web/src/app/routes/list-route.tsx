import { useParams } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { ListScreen } from '../../features/lists/components/list-screen'
import { useSession } from '../../lib/session'

/**
 * /lists/{id}: a saved list, priced and stocked at the current branch. Its user who may change it can make it a
 * standing order, except a reseller (they order through their branch, never online).
 */
export function ListRoute() {
  const { id = '' } = useParams()
  const session = useSession()
  if (!session) return null
  return (
    <ListScreen
      key={id}
      id={Number(id)}
      warehouse={session.currentWarehouse}
      actions={
        session.user.isElders
          ? undefined
          : (list) => (
              <ButtonLink variant="secondary" to={`/standing-orders/new?list=${list.id}`}>
                Make a standing order
              </ButtonLink>
            )
      }
    />
  )
}
