import { useId, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import styles from './layout.module.css'

/** The product search: Enter opens /search?text=... */
export function SearchBox() {
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const current = pathname === '/search' ? (params.get('text') ?? '') : ''
  const [text, setText] = useState(current)
  const [followed, setFollowed] = useState(current)

  // Follow the address: a new search elsewhere, or leaving the results, resets the box.
  if (followed !== current) {
    setFollowed(current)
    setText(current)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = text.trim()
    if (query) void navigate(`/search?${new URLSearchParams({ text: query })}`)
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
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
      />
      <svg className={styles.searchIcon} viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </form>
  )
}
