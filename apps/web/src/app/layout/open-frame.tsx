import { useSession } from '../../lib/session'
import { AppShell } from './app-shell'
import { WithContentSource } from './content-source'
import { PublicLayout } from './public-layout'

/**
 * The frame of the screens anyone may open (the footer's privacy notice and terms): the portal's own
 * frame for a signed-in user, the login screen's frame for a visitor (docs/decisions/0018-legal-pages.md).
 */
export function OpenFrame() {
  const session = useSession()
  return <WithContentSource>{session ? <AppShell /> : <PublicLayout />}</WithContentSource>
}
