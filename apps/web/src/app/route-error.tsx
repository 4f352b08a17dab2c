import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { Button } from '../components/ui/button'
import { reportError } from '../lib/error-reporting'
import styles from './route-error.module.css'

/**
 * What a screen that crashed (or whose code could not be loaded, e.g. after a new release) shows instead of a
 * blank page; the error goes to the configured error reporting with the route it happened on.
 */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    reportError(error, { kind: 'render' })
  }, [error])
  return (
    <main className={styles.page}>
      <title>Something went wrong</title>
      <h1 className={styles.title}>Something went wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <a className={styles.home} href="/">
          Go to the home page
        </a>
      </div>
    </main>
  )
}
