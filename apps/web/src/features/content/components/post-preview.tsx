import { formatDate } from '../../../lib/format'
import { PostBody } from './post-screen'
import styles from './content.module.css'

/**
 * A news post as its page shows it, from what the back office has saved (the Content screen's preview, decision
 * 0096): the same title, date, picture and sanitised body, under the preview's own heading.
 */
export function PostPreview({ title, date, image, html }: { title: string; date: string | null; image: { url: string; alt: string } | null; html: string }) {
  return (
    <article className={styles.article}>
      <h3 className={styles.postTitle}>{title}</h3>
      {date && <p className={styles.postDate}>{formatDate(date)}</p>}
      {image && <img src={image.url} alt={image.alt} className={styles.postImage} />}
      <PostBody html={html} />
    </article>
  )
}
