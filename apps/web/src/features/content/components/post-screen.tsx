import { useMemo, type MouseEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { formatDate } from '../../../lib/format'
import { Spinner } from '../../../components/ui/spinner'
import { usePost } from '../api/get-post'
import { sanitizePostHtml } from '../sanitize'
import { ContentPicture } from './content-image'
import { portalPath } from './content-link'
import styles from './content.module.css'

const IMAGE_SIZES = '(max-width: 907px) calc(100vw - 28px), 860px'

/** /blog/{id}: one post, its title, date ('MMMM Do YYYY'), featured picture and sanitised body. */
export function PostScreen() {
  const { id } = useParams()
  const postId = Number(id)
  const { data: post, isPending, isError, fetchStatus } = usePost(postId)
  const valid = Number.isInteger(postId) && postId > 0

  return (
    <div className="page">
      <article className={styles.article} aria-busy={isPending && fetchStatus !== 'idle'}>
        <nav aria-label="Breadcrumb" className={styles.back}>
          <Link to="/blog">
            <span aria-hidden="true">← </span>Promotions &amp; News
          </Link>
        </nav>
        {!valid || isError ? (
          <>
            <title>Promotions &amp; News</title>
            <h1 className={styles.pageTitle}>Promotions &amp; News</h1>
            <p className={styles.empty}>This post is not available. It may have been taken down.</p>
          </>
        ) : isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading the post" />
          </div>
        ) : (
          <>
            <title>{post.title}</title>
            <h1 className={styles.postTitle}>{post.title}</h1>
            <p className={styles.postDate}>
              <time dateTime={post.date.slice(0, 10)}>{formatDate(post.date)}</time>
            </p>
            {post.image && <ContentPicture image={post.image} sizes={IMAGE_SIZES} priority className={styles.postImage} />}
            <PostBody html={post.contentHtml} />
          </>
        )}
      </article>
    </div>
  )
}

/** The post's HTML, sanitised; its links into the portal navigate in place. */
export function PostBody({ html }: { html: string }) {
  const navigate = useNavigate()
  const clean = useMemo(() => sanitizePostHtml(html), [html])
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element).closest('a')
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return
    const path = portalPath(anchor.getAttribute('href') ?? '')
    if (!path) return
    event.preventDefault()
    void navigate(path)
  }
  // The HTML is sanitised by DOMPurify just above; the click handler only routes links.
  return <div className={styles.body} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
}
