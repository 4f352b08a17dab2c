/**
 * The embedded content service (WordPress REST API compatible): posts and pages with their groups,
 * and the media library. Pictures are stored once, content-addressed (a changed picture is a new
 * row, so its URLs never change meaning and can be cached for a year); the resized renditions are
 * made on first request and kept.
 */
export const up = /* sql */ `
CREATE TABLE content_media (
  id          serial PRIMARY KEY,
  sha256      text NOT NULL UNIQUE,
  file_name   text NOT NULL CHECK (file_name ~ '^[a-z0-9][a-z0-9-]*\\.(jpg|png|webp|gif|svg)$'),
  mime_type   text NOT NULL,
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  alt_text    text NOT NULL DEFAULT '',
  data        bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Renditions: name is '768w' (proportional, that width) or '150x150' (the cropped thumbnail).
CREATE TABLE content_media_renditions (
  media_id    integer NOT NULL REFERENCES content_media(id) ON DELETE CASCADE,
  name        text NOT NULL,
  mime_type   text NOT NULL,
  width       integer NOT NULL,
  height      integer NOT NULL,
  data        bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (media_id, name)
);

-- Terms of the group taxonomy: a sales category (TRADE, VET, FARM, CAS) or ELD, the reseller group.
CREATE TABLE content_groups (
  id    serial PRIMARY KEY,
  slug  text NOT NULL UNIQUE CHECK (slug = lower(slug)),
  name  text NOT NULL
);

CREATE TABLE content_posts (
  id                 serial PRIMARY KEY,
  type               text NOT NULL CHECK (type IN ('post', 'page')),
  slug               text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  status             text NOT NULL DEFAULT 'publish' CHECK (status IN ('publish', 'draft')),
  title              text NOT NULL,
  excerpt_html       text NOT NULL DEFAULT '',
  content_html       text NOT NULL DEFAULT '',
  featured_media_id  integer REFERENCES content_media(id),
  published_at       timestamp NOT NULL,
  modified_at        timestamptz NOT NULL DEFAULT now(),
  acf                jsonb,
  UNIQUE (type, slug)
);
CREATE INDEX content_posts_listed ON content_posts (type, published_at DESC, id DESC) WHERE status = 'publish';

CREATE TABLE content_post_groups (
  post_id   integer NOT NULL REFERENCES content_posts(id) ON DELETE CASCADE,
  group_id  integer NOT NULL REFERENCES content_groups(id),
  PRIMARY KEY (post_id, group_id)
);
CREATE INDEX content_post_groups_group ON content_post_groups (group_id, post_id);
`
