import { SUGGESTION_MIN_LENGTH } from '@portal/contract/constants'
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useSuggestions } from '../../features/catalogue/api/suggest-products'
import { SuggestionList, suggestionOptions, type SuggestionOption } from '../../features/catalogue/components/search-suggestions'
import { useShopper } from '../../features/catalogue/shopper'
import styles from './layout.module.css'

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/**
 * The product search: Enter opens /search?text=... . From the second letter a list of suggestions
 * (products, then categories and brands) opens under it: an ARIA 1.2 combobox whose arrows move through
 * the list, Enter on a suggestion opens it, Enter on the text searches, Escape closes the list.
 */
export function SearchBox() {
  const id = useId()
  const listId = `${id}-suggestions`
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const shopper = useShopper()
  const current = pathname === '/search' ? (params.get('text') ?? '') : ''
  const [text, setText] = useState(current)
  const [followed, setFollowed] = useState(current)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  // Follow the address: a new search elsewhere, or leaving the results, resets the box.
  if (followed !== current) {
    setFollowed(current)
    setText(current)
    setOpen(false)
  }

  const typed = useDebounced(text.trim(), SUGGEST_DELAY_MS)
  const suggestions = useSuggestions(open ? typed : '', shopper.warehouse)
  const options = open && typed.length >= SUGGESTION_MIN_LENGTH ? suggestionOptions(id.replace(/:/g, ''), suggestions.data) : []
  const expanded = options.length > 0
  const activeOption = expanded && active >= 0 && active < options.length ? options[active] : undefined

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const pick = (option: SuggestionOption) => {
    close()
    void navigate(option.href)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (activeOption) return pick(activeOption)
    const query = text.trim()
    close()
    if (query) void navigate(`/search?${new URLSearchParams({ text: query })}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        if (text.trim().length >= SUGGESTION_MIN_LENGTH) setOpen(true)
        return
      }
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      // From the text, down goes to the first suggestion and up to the last; past either end, back to the text.
      setActive((at) => {
        const next = at + step
        if (at === -1) return step === 1 ? 0 : options.length - 1
        return next < 0 || next >= options.length ? -1 : next
      })
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        close()
      }
    }
  }

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
      />
      <svg className={styles.searchIcon} viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {expanded ? (
        <SuggestionList id={listId} label="Search suggestions" options={options} activeId={activeOption?.id} onPick={pick} />
      ) : (
        <ul id={listId} role="listbox" aria-label="Search suggestions" hidden />
      )}
    </form>
  )
}
