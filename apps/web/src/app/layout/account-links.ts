import type { SessionUser } from '@portal/contract/auth'

/**
 * The Account menu: the ways to order fast first (decisions 0030, 0034), then the others in a fixed order; Standing
 * Orders and Approvals for everyone but resellers (they order through their branch), Users only for an Administrator.
 * Staff ordering for the customer (decision 0101) see no Change Password, Users or Logout: the server refuses the
 * first two, and the banner's Stop ends their session.
 */
export function accountLinks(user: Pick<SessionUser, 'Role' | 'isElders'>, acting = false): { label: string; to: string }[] {
  const links = [
    { label: 'Quick Order', to: '/quick-order' },
    { label: 'Saved Lists', to: '/lists' },
    ...(user.isElders ? [] : [{ label: 'Standing Orders', to: '/standing-orders' }]),
    { label: 'Buy Again', to: '/buy-again' },
    { label: 'Stock alerts', to: '/stock-alerts' },
    { label: 'Order History', to: '/orders' },
    { label: 'Quotes', to: '/quotes' },
    ...(user.isElders ? [] : [{ label: 'Approvals', to: '/approvals' }]),
    { label: 'Backordered Items', to: '/back-orders' },
    { label: 'Invoice History', to: '/invoices' },
    { label: 'Balance & Statements', to: '/balance' },
    { label: 'Change Password', to: '/change-password' },
    { label: 'Blog', to: '/blog' },
    ...(user.Role === 'Administrator' ? [{ label: 'Users', to: '/users' }] : []),
    { label: 'Logout', to: '/logout' },
  ]
  return acting ? links.filter((l) => !['/change-password', '/users', '/logout'].includes(l.to)) : links
}
