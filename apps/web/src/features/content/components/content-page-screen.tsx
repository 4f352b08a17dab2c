import { useId } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { formatDate } from '../../../lib/format'
import { usePage } from '../api/get-page'
import { PostBody } from './post-screen'
import styles from './content.module.css'

/**
 * A page of the content service shown under a fixed heading: the footer's 'Privacy Notification'
 * (/privacy) and 'Terms & Conditions' (/terms). The text is the page with that slug, edited like the news.
 */
export function ContentPageScreen({ slug, title }: { slug: string; title: string }) {
  const { data: page, isPending, isError } = usePage(slug)
  const headingId = useId()
  return (
    <div className="page">
      <article className={styles.article} aria-labelledby={headingId} aria-busy={isPending}>
        <title>{title}</title>
        <h1 id={headingId} className={`${styles.pageTitle} ${styles.postTitle}`}>
          {title}
        </h1>
        {isPending ? (
          <div className={styles.loading}>
            <Spinner label={`Loading the ${title}`} />
          </div>
        ) : isError ? (
          <p className={styles.empty}>This page cannot be shown right now. Please try again later.</p>
        ) : !page ? (
          <p className={styles.empty}>This page has not been published yet.</p>
        ) : (
          <>
            {page.date && (
              <p className={styles.postDate}>
                Last updated <time dateTime={page.date.slice(0, 10)}>{formatDate(page.date)}</time>
              </p>
            )}
            <PostBody html={page.contentHtml} />
          </>
        )}
      </article>
    </div>
  )
}
