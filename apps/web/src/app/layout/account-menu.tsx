import { Fragment } from 'react'
import type { SessionUser } from '@portal/contract/auth'
import { Menu, MenuContent, MenuLinkItem, MenuSeparator, MenuTrigger } from '../../components/ui/menu'
import { useSession } from '../../lib/session'
import { accountLinks } from './account-links'

export function AccountMenu({ user }: { user: SessionUser }) {
  const links = accountLinks(user, Boolean(useSession()?.acting))
  return (
    <Menu modal={false}>
      <MenuTrigger>Account</MenuTrigger>
      <MenuContent>
        {links.map((link) => (
          <Fragment key={link.to}>
            {link.to === '/logout' && <MenuSeparator />}
            <MenuLinkItem to={link.to}>{link.label}</MenuLinkItem>
          </Fragment>
        ))}
      </MenuContent>
    </Menu>
  )
}
