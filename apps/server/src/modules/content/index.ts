/**
 * What other modules use of the content service: the back office's Content (decision 0096) writes posts, banners and
 * promotions with the rules the folder import keeps (groups, slugs, excerpts, pictures, safe addresses).
 */
export { excerptOf } from './markdown'
export { fullUrl, MAX_UPLOAD_BYTES, MediaError, storeMedia, type MediaInfo } from './media'
export { groupIds, groupOptions, PublishError, slugify } from './publish'
export { mediaIdsOf, richTextToHtml, RichTextError } from './rich-text'
export { safeAddress } from './safe-links'
export { siteNow } from './wordpress'
