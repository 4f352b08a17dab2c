import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { ChangePasswordScreen } from '../features/auth/components/change-password-screen'
import { LogoutScreen } from '../features/auth/components/logout-screen'
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen'
import { PopularScreen, SpecialsScreen } from '../features/catalogue/components/product-lists'
import { BlogScreen } from '../features/content/components/blog-screen'
import { PostScreen } from '../features/content/components/post-screen'
import { InvoicesScreen } from '../features/invoices/components/invoices-screen'
import { BackOrdersScreen } from '../features/orders/components/back-orders-screen'
import { OrdersScreen } from '../features/orders/components/orders-screen'
import { UsersScreen } from '../features/users/components/users-screen'
import { AppShell } from './layout/app-shell'
import { WithContentSource } from './layout/content-source'
import { PublicLayout } from './layout/public-layout'
import { RequireSession } from './layout/require-session'
import { RootLayout } from './layout/root-layout'
import { BalanceRoute } from './routes/balance-route'
import { BrandRoute } from './routes/brand-route'
import { CardPaymentRoute, PurchaseTracking } from './routes/card-payment-route'
import { CartRoute } from './routes/cart-route'
import { CategoryRoute } from './routes/category-route'
import { CheckoutRoute } from './routes/checkout-route'
import { HomeRoute } from './routes/home-route'
import { InvoiceDetailRoute } from './routes/invoice-detail-route'
import { LoginRoute } from './routes/login-route'
import { OrderDetailRoute } from './routes/order-detail-route'
import { ProductRoute } from './routes/product-route'
import { ScreenPlaceholder } from './routes/screen-placeholder'
import { SearchRoute } from './routes/search-route'

/** The route table of spec section 2, plus the public reset-password screen and the footer's pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'reset-password', element: <ResetPasswordScreen /> },
        ],
      },
      { path: 'logout', element: <LogoutScreen /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: (
              <WithContentSource>
                <AppShell />
                <PurchaseTracking />
              </WithContentSource>
            ),
            children: [
              { index: true, element: <HomeRoute /> },
              { path: 'blog', element: <BlogScreen /> },
              { path: 'blog/:id', element: <PostScreen /> },
              { path: 'category/:name', element: <CategoryRoute /> },
              { path: 'brand/:code', element: <BrandRoute /> },
              { path: 'product/:productId', element: <ProductRoute /> },
              { path: 'cart', element: <CartRoute /> },
              { path: 'checkout', element: <CheckoutRoute /> },
              { path: 'card-payment', element: <CardPaymentRoute /> },
              { path: 'orders', element: <OrdersScreen /> },
              { path: 'orders/:id', element: <OrderDetailRoute /> },
              { path: 'back-orders', element: <BackOrdersScreen /> },
              { path: 'invoices', element: <InvoicesScreen /> },
              { path: 'invoice/:id', element: <InvoiceDetailRoute /> },
              { path: 'change-password', element: <ChangePasswordScreen /> },
              { path: 'specials', element: <SpecialsScreen /> },
              { path: 'search', element: <SearchRoute /> },
              { path: 'popular', element: <PopularScreen /> },
              { path: 'users', element: <UsersScreen /> },
              { path: 'balance', element: <BalanceRoute /> },
              { path: 'privacy', element: <ScreenPlaceholder title="Privacy Notification" /> },
              { path: 'terms', element: <ScreenPlaceholder title="Terms & Conditions" /> },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
