/** The Mastercard Gateway's Checkout object, as checkout.min.js defines it. */
export type GatewayCheckout = {
  configure(config: { session: { id: string } }): void
  showPaymentPage(): void
}

export type CheckoutCallbacks = {
  error: (error: { cause?: string; explanation?: string } | undefined) => void
  cancel: () => void
  complete: (resultIndicator: string, sessionVersion?: string) => void
}

// checkout.min.js finds its callbacks by the names in the script tag's data-error, data-cancel and data-complete.
const NAMES = { error: 'portalCheckoutError', cancel: 'portalCheckoutCancel', complete: 'portalCheckoutComplete' } as const

type WithCheckout = Window & { Checkout?: GatewayCheckout } & Record<string, unknown>

/** Loads the gateway's checkout.min.js once, with our callbacks; later calls only swap the callbacks. */
export function loadCheckoutScript(src: string, callbacks: CheckoutCallbacks): Promise<GatewayCheckout> {
  const win = window as unknown as WithCheckout
  for (const [kind, name] of Object.entries(NAMES) as Array<[keyof CheckoutCallbacks, string]>) win[name] = callbacks[kind]
  const existing = document.querySelector<HTMLScriptElement>('script[data-portal-checkout]')
  if (existing && existing.src === src && win.Checkout) return Promise.resolve(win.Checkout)
  existing?.remove()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.dataset.portalCheckout = 'true'
    script.dataset.error = NAMES.error
    script.dataset.cancel = NAMES.cancel
    script.dataset.complete = NAMES.complete
    script.onload = () => (win.Checkout ? resolve(win.Checkout) : reject(new Error('The payment page did not load.')))
    script.onerror = () => reject(new Error('The payment page could not be reached.'))
    document.head.append(script)
  })
}
