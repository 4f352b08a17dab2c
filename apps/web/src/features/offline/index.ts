// The offline feature's public face: what other features use of the device's queue and saved data.
export { isQueued, sendOrQueue } from './cart-changes'
export { clearOfflineData } from './clear'
