import { ALL_POSTS } from '@portal/contract/content'
import { useSession } from '../../../lib/session'
import { usePosts } from '../api/get-posts'
import { newsGroup } from '../wordpress'
import { PostCard, PostCardSkeleton } from './post-card'
import styles from './content.module.css'

/** Three columns from 990 px, two from 600 px, one below. */
const CARD_SIZES = '(max-width: 599px) calc(100vw - 28px), (max-width: 989px) calc((100vw - 60px) / 2), (max-width: 1500px) calc((100vw - 88px) / 3), 470px'

/** /blog: 'Promotions & News', every post of the user's news group (up to 100), newest first. */
export function BlogScreen() {
  const session = useSession()
  const group = session ? newsGroup(session.user) : ''
  const { data: posts, isPending, isError } = usePosts(group, ALL_POSTS)
  return (
    <section className="page" aria-labelledby="blog-heading">
      <title>Promotions &amp; News</title>
      <h1 id="blog-heading" className={styles.pageTitle}>
        Promotions &amp; News
      </h1>
      {isPending ? (
        <div className={styles.blogGrid} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p className={styles.empty}>The news cannot be shown right now. Please try again later.</p>
      ) : posts.length === 0 ? (
        <p className={styles.empty}>There is no news for you at the moment.</p>
      ) : (
        <div className={styles.blogGrid}>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} sizes={CARD_SIZES} headingLevel={2} />
          ))}
        </div>
      )}
    </section>
  )
}
