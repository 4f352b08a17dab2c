import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { PublicLayout } from './layout/public-layout'
import { RequireSession } from './layout/require-session'
import { RootLayout } from './layout/root-layout'
import { screen, screenElement } from './lazy-screen'
import { RouteError } from './route-error'

/**
 * The route table: the signed-in screens, the back office, the public reset-password screen and the footer's pages.
 * Every screen, and the signed-in frame, is loaded when first opened (app/lazy-screen.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A screen that crashes is reported and replaced by a way out, not a blank page.
    errorElement: <RouteError />,
    // Nothing to show until the first screen's chunks are in (the page is blank before that anyway).
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', lazy: screen(() => import('./routes/login-route'), 'LoginRoute') },
          { path: 'reset-password', lazy: screen(() => import('../features/auth/components/reset-password-screen'), 'ResetPasswordScreen') },
          // Applying for a trade account, and answering the staff's question (decision 0103).
          { path: 'apply', lazy: screen(() => import('../features/applications/components/apply-screen'), 'ApplyScreen') },
          { path: 'apply/reply', lazy: screen(() => import('../features/applications/components/reply-screen'), 'ReplyScreen') },
        ],
      },
      { path: 'logout', lazy: screen(() => import('../features/auth/components/logout-screen'), 'LogoutScreen') },
      // The back office: its own session, frame and chunks, never loaded by a customer's screens (decision 0083).
      { path: 'staff/sign-in', lazy: screen(() => import('../features/back-office/components/back-office-sign-in'), 'BackOfficeSignInScreen') },
      {
        path: 'staff',
        lazy: screen(() => import('../features/back-office/components/back-office-frame'), 'BackOfficeFrame'),
        children: [
          { index: true, lazy: screen(() => import('../features/back-office/components/back-office-home'), 'BackOfficeHome') },
          { path: 'users', lazy: screen(() => import('../features/back-office/components/back-office-users'), 'BackOfficeUsersScreen') },
          { path: 'users/:id', lazy: screen(() => import('../features/back-office/components/back-office-user'), 'BackOfficeUserScreen') },
          { path: 'audit', lazy: screen(() => import('../features/back-office/components/back-office-audit'), 'BackOfficeAuditScreen') },
          { path: 'accounts', lazy: screen(() => import('../features/back-office/components/back-office-accounts'), 'BackOfficeAccountsScreen') },
          { path: 'accounts/:code', lazy: screen(() => import('../features/back-office/components/back-office-account'), 'BackOfficeAccountScreen') },
          { path: 'orders', lazy: screen(() => import('../features/back-office/components/back-office-orders'), 'BackOfficeOrdersScreen') },
          { path: 'orders/:id', lazy: screen(() => import('../features/back-office/components/back-office-order'), 'BackOfficeOrderScreen') },
          { path: 'applications', lazy: screen(() => import('../features/back-office/components/back-office-applications'), 'BackOfficeApplicationsScreen') },
          { path: 'applications/:id', lazy: screen(() => import('../features/back-office/components/back-office-application'), 'BackOfficeApplicationScreen') },
          { path: 'quotes', lazy: screen(() => import('../features/back-office/components/back-office-quotes'), 'BackOfficeQuotesScreen') },
          { path: 'quotes/:id', lazy: screen(() => import('../features/back-office/components/back-office-quote'), 'BackOfficeQuoteScreen') },
          { path: 'content', lazy: screen(() => import('../features/back-office/components/back-office-content'), 'BackOfficeContentScreen') },
          { path: 'content/new', lazy: screen(() => import('../features/back-office/components/back-office-content-item'), 'BackOfficeContentItemScreen') },
          { path: 'content/:id', lazy: screen(() => import('../features/back-office/components/back-office-content-item'), 'BackOfficeContentItemScreen') },
        ],
      },
      {
        // The footer's legal pages, open signed in or not (docs/decisions/0018-legal-pages.md).
        lazy: screen(() => import('./layout/open-frame'), 'OpenFrame'),
        children: [
          {
            path: 'privacy',
            lazy: screenElement(
              () => import('../features/content/components/content-page-screen'),
              ({ ContentPageScreen }) => <ContentPageScreen slug="privacy" title="Privacy Notification" />,
            ),
          },
          {
            path: 'terms',
            lazy: screenElement(
              () => import('../features/content/components/content-page-screen'),
              ({ ContentPageScreen }) => <ContentPageScreen slug="terms" title="Terms & Conditions" />,
            ),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: screen(() => import('./layout/signed-in-frame'), 'SignedInFrame'),
            children: [
              { index: true, lazy: screen(() => import('./routes/home-route'), 'HomeRoute') },
              { path: 'blog', lazy: screen(() => import('../features/content/components/blog-screen'), 'BlogScreen') },
              { path: 'blog/:id', lazy: screen(() => import('../features/content/components/post-screen'), 'PostScreen') },
              { path: 'category/:name', lazy: screen(() => import('./routes/category-route'), 'CategoryRoute') },
              { path: 'brand/:code', lazy: screen(() => import('./routes/brand-route'), 'BrandRoute') },
              { path: 'product/:productId', lazy: screen(() => import('./routes/product-route'), 'ProductRoute') },
              { path: 'cart', lazy: screen(() => import('./routes/cart-route'), 'CartRoute') },
              { path: 'quick-order', lazy: screen(() => import('./routes/quick-order-route'), 'QuickOrderRoute') },
              { path: 'lists', lazy: screen(() => import('../features/lists/components/lists-screen'), 'ListsScreen') },
              { path: 'lists/:id', lazy: screen(() => import('./routes/list-route'), 'ListRoute') },
              { path: 'stock-alerts', lazy: screen(() => import('../features/stock-alerts/components/stock-alerts-screen'), 'StockAlertsScreen') },
              { path: 'standing-orders', lazy: screen(() => import('../features/standing-orders/components/standing-orders-screen'), 'StandingOrdersScreen') },
              { path: 'standing-orders/new', lazy: screen(() => import('./routes/standing-order-route'), 'NewStandingOrderRoute') },
              { path: 'standing-orders/:id', lazy: screen(() => import('./routes/standing-order-route'), 'StandingOrderRoute') },
              { path: 'standing-orders/:id/edit', lazy: screen(() => import('./routes/standing-order-route'), 'EditStandingOrderRoute') },
              { path: 'approvals', lazy: screen(() => import('../features/approvals/components/approvals-screen'), 'ApprovalsScreen') },
              { path: 'approvals/:id', lazy: screen(() => import('./routes/approval-route'), 'ApprovalRoute') },
              { path: 'quotes', lazy: screen(() => import('../features/quotes/components/quotes-screen'), 'QuotesScreen') },
              { path: 'quotes/:id', lazy: screen(() => import('./routes/quote-route'), 'QuoteRoute') },
              { path: 'buy-again', lazy: screen(() => import('./routes/buy-again-route'), 'BuyAgainRoute') },
              { path: 'checkout', lazy: screen(() => import('./routes/checkout-route'), 'CheckoutRoute') },
              { path: 'card-payment', lazy: screen(() => import('./routes/card-payment-route'), 'CardPaymentRoute') },
              { path: 'orders', lazy: screen(() => import('../features/orders/components/orders-screen'), 'OrdersScreen') },
              { path: 'orders/:id', lazy: screen(() => import('./routes/order-detail-route'), 'OrderDetailRoute') },
              { path: 'back-orders', lazy: screen(() => import('../features/orders/components/back-orders-screen'), 'BackOrdersScreen') },
              { path: 'invoices', lazy: screen(() => import('./routes/invoices-route'), 'InvoicesRoute') },
              { path: 'invoice/:id', lazy: screen(() => import('./routes/invoice-detail-route'), 'InvoiceDetailRoute') },
              { path: 'change-password', lazy: screen(() => import('../features/auth/components/change-password-screen'), 'ChangePasswordScreen') },
              { path: 'specials', lazy: screen(() => import('../features/catalogue/components/product-lists'), 'SpecialsScreen') },
              { path: 'search', lazy: screen(() => import('./routes/search-route'), 'SearchRoute') },
              { path: 'popular', lazy: screen(() => import('../features/catalogue/components/product-lists'), 'PopularScreen') },
              { path: 'users', lazy: screen(() => import('../features/users/components/users-screen'), 'UsersScreen') },
              { path: 'balance', lazy: screen(() => import('./routes/balance-route'), 'BalanceRoute') },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
