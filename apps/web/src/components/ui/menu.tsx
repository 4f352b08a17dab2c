import { createContext, use, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react'
import { afterFirstScreen } from './after-first-screen'
import styles from './menu.module.css'

/**
 * The navigation's dropdowns: Radix DropdownMenu (menu-radix.tsx) once it is loaded, after the first screen or
 * as soon as a trigger is pointed at, focused or used. Until then a trigger is a plain button of the same look
 * that opens its menu when Radix arrives, and the rest renders nothing: the menus' code (Radix, Floating UI)
 * is not part of the first screen's JavaScript.
 */
type Radix = typeof import('./menu-radix')

let radix: Radix | null = null
let loading: Promise<Radix> | undefined
const listeners = new Set<() => void>()

function loadRadix(): Promise<Radix> {
  loading ??= import('./menu-radix').then((module) => {
    radix = module
    for (const listener of listeners) listener()
    return module
  })
  return loading
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
const getRadix = () => radix

/** The Radix module once loaded (null before), re-rendering when it arrives; asked for after the first screen. */
function useRadix(): Radix | null {
  const module = useSyncExternalStore(subscribe, getRadix, getRadix)
  useEffect(() => (module ? undefined : afterFirstScreen(() => void loadRadix().catch(() => undefined))), [module])
  return module
}

type MenuState = {
  radix: Radix | null
  /** The plain trigger was used: open the menu when Radix is in. */
  request: () => void
  /** Notes whether the plain trigger has focus, so that the Radix one takes it over. */
  noteFocus: (focused: boolean) => void
  /** True once if the plain trigger had focus when Radix came in. */
  takeFocus: () => boolean
}
const MenuContext = createContext<MenuState | null>(null)
const useMenu = () => use(MenuContext)

export function Menu({ children, ...props }: ComponentProps<Radix['Menu']>) {
  const module = useRadix()
  const [requested, setRequested] = useState(false)
  const focused = useRef(false)
  const request = () => {
    setRequested(true)
    void loadRadix().catch(() => undefined)
  }
  const noteFocus = (value: boolean) => {
    focused.current = value
  }
  const takeFocus = () => {
    const had = focused.current
    focused.current = false
    return had
  }
  const state = { radix: module, request, noteFocus, takeFocus }
  if (!module) return <MenuContext value={state}>{children}</MenuContext>
  return (
    <MenuContext value={state}>
      <module.Menu defaultOpen={requested} {...props}>
        {children}
      </module.Menu>
    </MenuContext>
  )
}

export function MenuTrigger({ children }: { children: ReactNode }) {
  const menu = useMenu()
  const ref = useRef<HTMLButtonElement>(null)
  const hasRadix = Boolean(menu?.radix)
  const takeFocus = menu?.takeFocus
  useLayoutEffect(() => {
    if (hasRadix && takeFocus?.()) ref.current?.focus()
  }, [hasRadix, takeFocus])
  if (menu?.radix) return <menu.radix.MenuTrigger ref={ref}>{children}</menu.radix.MenuTrigger>
  const load = () => void loadRadix().catch(() => undefined)
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={load}
      onFocus={() => {
        menu?.noteFocus(true)
        load()
      }}
      onBlur={(event) => {
        // Focus going nowhere is this button leaving the page for the Radix trigger (Chromium fires blur on
        // removal): keep the note, so that the new trigger takes the focus over instead of losing it.
        if (event.relatedTarget) menu?.noteFocus(false)
      }}
      // Radix's trigger opens on the press, as this one does: when Radix comes in between the press and the
      // release, the click lands on neither button and would otherwise be lost. Enter and Space give the click.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) menu?.request()
      }}
      onClick={() => menu?.request()}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault()
          menu?.request()
        }
      }}
    >
      {children}
      <svg className={styles.chevron} viewBox="0 0 10 10" aria-hidden="true">
        <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </button>
  )
}

/** A part of an open menu: nothing until Radix is in (a menu cannot be open before). */
function part<P extends object>(pick: (module: Radix) => (props: P) => ReactNode) {
  return function MenuPart(props: P) {
    const module = useMenu()?.radix ?? radix
    if (!module) return null
    const Part = pick(module)
    return <Part {...props} />
  }
}

export const MenuContent = part((m) => m.MenuContent)
export const MenuLinkItem = part((m) => m.MenuLinkItem)
export const MenuNote = part((m) => m.MenuNote)
export const MenuLabel = part((m) => m.MenuLabel)
export const MenuSeparator = part((m) => m.MenuSeparator)
export const MenuSubTrigger = part((m) => m.MenuSubTrigger)
export const MenuSubContent = part((m) => m.MenuSubContent)
export const MenuGroup = part((m) => m.MenuGroup as (props: ComponentProps<Radix['MenuGroup']>) => ReactNode)
export const MenuSub = part((m) => m.MenuSub as (props: ComponentProps<Radix['MenuSub']>) => ReactNode)
