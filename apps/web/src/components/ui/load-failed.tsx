import type { ReactNode } from 'react'
import { isNetworkFailure, useOnline } from '../../lib/connection'

/** What a screen says, offline, about what this device never saved (decision 0031): not a failure of the server. */
export const NOT_SAVED_OFFLINE = 'This page is not saved for offline use. It opens when you are back online.'

/**
 * A screen's "could not be loaded" message: offline, when the device has no saved copy of what was asked for
 * (the network itself failed), it says the page is not saved for offline use instead.
 */
export function LoadFailed({ error, className, children }: { error: unknown; className?: string; children: ReactNode }) {
  const online = useOnline()
  return <p className={className}>{!online && isNetworkFailure(error) ? NOT_SAVED_OFFLINE : children}</p>
}
