import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { ChangePasswordScreen } from '../features/auth/components/change-password-screen'
import { LogoutScreen } from '../features/auth/components/logout-screen'
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen'
import { UsersScreen } from '../features/users/components/users-screen'
import { AppShell } from './layout/app-shell'
import { PublicLayout } from './layout/public-layout'
import { RequireSession } from './layout/require-session'
import { RootLayout } from './layout/root-layout'
import { BrandRoute } from './routes/brand-route'
import { CategoryRoute } from './routes/category-route'
import { HomeRoute } from './routes/home-route'
import { LoginRoute } from './routes/login-route'
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
            element: <AppShell />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: 'blog', element: <ScreenPlaceholder title="Promotions & News" /> },
              { path: 'blog/:id', element: <ScreenPlaceholder title="Promotions & News" /> },
              { path: 'category/:name', element: <CategoryRoute /> },
              { path: 'brand/:code', element: <BrandRoute /> },
              { path: 'product/:productId', element: <ScreenPlaceholder title="Product" /> },
              { path: 'cart', element: <ScreenPlaceholder title="Shopping Cart" /> },
              { path: 'checkout', element: <ScreenPlaceholder title="Checkout" /> },
              { path: 'card-payment', element: <ScreenPlaceholder title="Card Payment" /> },
              { path: 'orders', element: <ScreenPlaceholder title="Order History" /> },
              { path: 'orders/:id', element: <ScreenPlaceholder title="Order Details" /> },
              { path: 'back-orders', element: <ScreenPlaceholder title="Items on Back Order" /> },
              { path: 'invoices', element: <ScreenPlaceholder title="Invoice History" /> },
              { path: 'invoice/:id', element: <ScreenPlaceholder title="Tax Invoice" /> },
              { path: 'change-password', element: <ChangePasswordScreen /> },
              { path: 'specials', element: <ScreenPlaceholder title="Specials" /> },
              { path: 'search', element: <SearchRoute /> },
              { path: 'popular', element: <ScreenPlaceholder title="Popular Products" /> },
              { path: 'users', element: <UsersScreen /> },
              { path: 'balance', element: <ScreenPlaceholder title="Balance" /> },
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
