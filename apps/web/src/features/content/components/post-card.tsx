import { Link } from 'react-router'
import { formatDate } from '../../../lib/format'
import type { PostSummary } from '../wordpress'
import { ContentPicture } from './content-image'
import styles from './content.module.css'

/** A post in a list: picture, date, title and the start of the text; the whole card opens the post. */
export function PostCard({ post, sizes, headingLevel = 3 }: { post: PostSummary; sizes: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={styles.card}>
      <ContentPicture image={post.image} sizes={sizes} decorative className={styles.cardImage} />
      <div className={styles.cardBody}>
        <time className={styles.date} dateTime={post.date.slice(0, 10)}>
          {formatDate(post.date)}
        </time>
        <Heading className={styles.cardTitle}>
          <Link to={`/blog/${post.id}`} className={styles.cardLink}>
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
      </div>
    </article>
  )
}

export function PostCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={[styles.cardImage, styles.skeleton].join(' ')} />
      <div className={styles.cardBody}>
        <span className={[styles.skeletonLine, styles.short].join(' ')} />
        <span className={styles.skeletonLine} />
        <span className={styles.skeletonLine} />
      </div>
    </div>
  )
}
