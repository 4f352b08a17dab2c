import { Link } from 'react-router'

const sections = [
  { title: 'Popular Products', to: '/popular' },
  { title: 'Web Specials', to: '/specials' },
  { title: 'Promotions & News', to: '/blog' },
]

/** Home: the banner slider and product sections arrive with the catalogue work. */
export function HomeRoute() {
  return (
    <div className="page">
      <title>Home</title>
      <h1 className="sr-only">Home</h1>
      {sections.map((section) => (
        <section key={section.to} aria-labelledby={`home-${section.to.slice(1)}`} style={{ marginBottom: 24 }}>
          <h2 id={`home-${section.to.slice(1)}`}>{section.title}</h2>
          <p style={{ color: 'var(--text-muted)', margin: 0 }}>
            This section is not available yet. <Link to={section.to}>View all</Link>
          </p>
        </section>
      ))}
    </div>
  )
}
