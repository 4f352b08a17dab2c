import type { LoginResponse, SessionUser, Settings } from '@portal/contract/auth'
import type { Brand, Category, SiteInfo, Warehouse } from '@portal/contract/reference'
import { reloadSession } from '../lib/session'

export const aUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  Name: 'Jo Grower',
  username: 'trade',
  Email: 'jo@example.com',
  Role: 'Administrator',
  SalesCategory: 'TRD',
  Abbreviation: 'TRD001',
  AccountName: 'Riverina Grain Co',
  isElders: false,
  ...overrides,
})

export const someSettings = (overrides: Partial<Settings> = {}): Settings => ({
  DefaultWareHouse: 'WAG',
  BranchGroup: [],
  ...overrides,
})

export const aLogin = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  user: aUser(),
  token: 'token-abc-123',
  settings: someSettings(),
  ...overrides,
})

export const warehouses: Warehouse[] = [
  { LocationID: 'WAG', NAME: 'Wagga Wagga' },
  { LocationID: 'MEL', NAME: 'Melbourne' },
  { LocationID: 'FMB', NAME: 'Farmers Mailbox' },
  { LocationID: 'CON', NAME: 'Consignment Stock' },
  { LocationID: 'ADE', NAME: 'Adelaide' },
]

export const aCategory = (overrides: Partial<Category> & Pick<Category, 'name' | 'title'>): Category => ({
  id: Math.floor(Math.random() * 1e6),
  acf: { order: 1, icon_name: null, child_categories: [] },
  ...overrides,
})

export const aBrand = (Description: string, BrandCode = Description.slice(0, 4).toUpperCase()): Brand => ({
  BrandCode,
  Description,
})

export const aSite = (overrides: Partial<SiteInfo> = {}): SiteInfo => ({
  name: 'Southern Cross Rural Supplies',
  abn: '12 345 678 901',
  phone: '1800 000 000',
  accountsPhone: '1800 000 001',
  email: 'orders@example.com',
  address: '40 Gipps Street, Hamilton VIC 3300',
  postalAddress: 'PO Box 77, Hamilton VIC 3300',
  brandColour: '#7a3b12',
  logoUrl: null,
  demo: false,
  contentBaseUrl: '/content/wp-json/wp/v2',
  demoLogins: [],
  payments: {
    provider: 'securepay',
    cardEndpoint: 'https://test.api.securepay.com.au/directpost/authorise',
    checkoutScript: null,
    ipLookupUrl: null,
    analyticsHook: 'dataLayer',
    sandbox: false,
    testCards: [],
  },
  apiBaseUrl: '/api',
  imageBaseUrl: '/api',
  errorReporting: null,
  ...overrides,
})

/** Signs in as a test would find a returning user: the session already in local storage. */
export function storeSession(login: LoginResponse = aLogin(), currentWarehouse?: string) {
  localStorage.setItem('user', JSON.stringify(login.user))
  localStorage.setItem('token', login.token)
  localStorage.setItem('settings', JSON.stringify(login.settings))
  if (currentWarehouse) localStorage.setItem('currentWarehouse', currentWarehouse)
  reloadSession()
}
