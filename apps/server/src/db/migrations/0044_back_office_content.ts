/**
 * Content written in the back office (decision 0096): news posts, banners and promotions in the one table the
 * content service serves posts from. A banner or a promotion is a row of its own type (never listed by
 * GET /posts); the day an item disappears is kept beside the day it appears (its published_at), and may not come
 * before it. The origin keeps `content:import --prune` to the posts the folder import wrote.
 */
export const up = /* sql */ `
ALTER TABLE content_posts DROP CONSTRAINT content_posts_type_check;
ALTER TABLE content_posts ADD CONSTRAINT content_posts_type_check CHECK (type IN ('post', 'page', 'banner', 'promotion'));
ALTER TABLE content_posts
  ADD COLUMN disappear_on date,
  ADD COLUMN origin text NOT NULL DEFAULT 'import' CHECK (origin IN ('import', 'back office')),
  ADD CONSTRAINT content_posts_disappears_after_it_appears CHECK (disappear_on IS NULL OR disappear_on >= published_at::date);
CREATE INDEX content_posts_back_office ON content_posts (type, modified_at DESC, id DESC) WHERE type <> 'page';
`
