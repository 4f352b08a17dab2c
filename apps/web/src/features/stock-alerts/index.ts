export { NotifyMe } from './components/notify-me'
export { stockAlertKeys } from './api/stock-alerts'
