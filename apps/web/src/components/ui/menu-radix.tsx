import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import styles from './menu.module.css'

/**
 * The navigation's dropdowns (each menu is named by its trigger): Radix DropdownMenu (keyboard, focus, typeahead) styled once.
 * Items are router links, so Enter or a click on an item navigates. menu.tsx loads this after the first screen.
 */
export const Menu = DropdownMenu.Root
export const MenuGroup = DropdownMenu.Group
export const MenuSub = DropdownMenu.Sub

export function MenuTrigger({ children, ref }: { children: ReactNode; ref?: Ref<HTMLButtonElement> }) {
  return (
    <DropdownMenu.Trigger className={styles.trigger} ref={ref}>
      {children}
      <svg className={styles.chevron} viewBox="0 0 10 10" aria-hidden="true">
        <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </DropdownMenu.Trigger>
  )
}

export function MenuContent({ children, wide = false, className }: { children: ReactNode; wide?: boolean; className?: string | undefined }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={[styles.content, wide ? styles.wide : '', className ?? ''].filter(Boolean).join(' ')}
        sideOffset={4}
        align="start"
        collisionPadding={16}
        loop
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  )
}

export function MenuLinkItem({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <DropdownMenu.Item asChild className={[styles.item, className ?? ''].filter(Boolean).join(' ')}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  )
}

export function MenuNote({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Item disabled className={styles.item}>
      {children}
    </DropdownMenu.Item>
  )
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />
}

export function MenuSubTrigger({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.SubTrigger className={[styles.item, styles.subTrigger].join(' ')}>
      {children}
      <span aria-hidden="true">›</span>
    </DropdownMenu.SubTrigger>
  )
}

export function MenuSubContent({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.SubContent className={styles.content} sideOffset={4} collisionPadding={16} loop>
        {children}
      </DropdownMenu.SubContent>
    </DropdownMenu.Portal>
  )
}
