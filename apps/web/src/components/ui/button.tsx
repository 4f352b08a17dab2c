import type { ComponentProps } from 'react'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'danger' | 'link'

export type ButtonProps = ComponentProps<'button'> & { variant?: Variant; block?: boolean }

export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ')
  return <button type={type} className={classes} {...props} />
}
