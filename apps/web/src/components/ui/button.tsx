import type { ComponentProps } from 'react'
import { Link, type LinkProps } from 'react-router'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'danger' | 'link'

export type ButtonProps = ComponentProps<'button'> & { variant?: Variant; block?: boolean }

const classesOf = (variant: Variant, block: boolean, className: string | undefined) =>
  [styles.button, styles[variant], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ')

export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={classesOf(variant, block, className)} {...props} />
}

export type ButtonLinkProps = LinkProps & { variant?: Variant; block?: boolean }

/** Navigation that looks like a button (Proceed to Checkout): still a link for the browser and screen readers. */
export function ButtonLink({ variant = 'primary', block = false, className, ...props }: ButtonLinkProps) {
  return <Link className={classesOf(variant, block, className)} {...props} />
}
