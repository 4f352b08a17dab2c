import { RECENT_POSTS } from '@portal/contract/content'
import { Link } from 'react-router'
import { useSession } from '../../../lib/session'
import { usePosts } from '../api/get-posts'
import { newsGroup } from '../wordpress'
import { PostCard, PostCardSkeleton } from './post-card'
import styles from './content.module.css'

/** Four columns from 1260 px, two from 600 px, one below. */
const CARD_SIZES = '(max-width: 599px) calc(100vw - 28px), (max-width: 1259px) calc((100vw - 60px) / 2), (max-width: 1500px) calc((100vw - 108px) / 4), 345px'

/** Home: the four newest posts of the user's news group, and the way to all of them. */
export function RecentNews() {
  const session = useSession()
  const group = session ? newsGroup(session.user) : ''
  const { data: posts, isPending, isError } = usePosts(group, RECENT_POSTS)
  return (
    <section aria-labelledby="home-news" className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="home-news">Promotions &amp; News</h2>
        <Link to="/blog" className={styles.viewAll} aria-label="View all promotions and news">
          View all
        </Link>
      </div>
      {isPending ? (
        <div className={styles.newsGrid} aria-busy="true">
          {Array.from({ length: RECENT_POSTS }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? null : posts.length === 0 ? (
        <p className={styles.empty}>There is no news for you at the moment.</p>
      ) : (
        <div className={styles.newsGrid}>
          {posts.slice(0, RECENT_POSTS).map((post) => (
            <PostCard key={post.id} post={post} sizes={CARD_SIZES} />
          ))}
        </div>
      )}
    </section>
  )
}
