import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'

/**
 * The cookie that lets a signed-in browser's <img> ask for pictures only its account may see: an <img>
 * sends no Authorization header, but it does send this origin's cookies. It holds the session's own token,
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page can make the browser send it) and
 * only on the picture addresses (Path), and it is read by GET /api/product/{id}/image alone: every other
 * route still wants the token in the Authorization header, so the cookie cannot be used to act for the
 * user. It is set at sign-in and by GET /api/me (sessions that began before it existed), and cleared at
 * logout. Why: docs/decisions/0069-pictures-hidden-links-and-safe-content.md.
 */
export const PICTURE_COOKIE = 'portal_pictures'

/** The path the web app loads pictures under: the picture base's path, then /product/. */
function picturePath(config: Pick<Config, 'imageBaseUrl'>): string {
  const base = new URL(config.imageBaseUrl, 'http://portal.invalid').pathname.replace(/\/$/, '')
  return `${base}/product/`
}

function attributes(config: Pick<Config, 'imageBaseUrl' | 'publicUrl'>, maxAgeSeconds: number): string {
  const secure = config.publicUrl.startsWith('https://') ? '; Secure' : ''
  return `Path=${picturePath(config)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`
}

/** Sets the picture cookie to this session's token, for as long as a session can last. */
export function setPictureCookie(reply: FastifyReply, config: Pick<Config, 'imageBaseUrl' | 'publicUrl' | 'session'>, token: string) {
  reply.header('Set-Cookie', `${PICTURE_COOKIE}=${token}; ${attributes(config, Math.floor(config.session.maxMs / 1000))}`)
}

export function clearPictureCookie(reply: FastifyReply, config: Pick<Config, 'imageBaseUrl' | 'publicUrl'>) {
  reply.header('Set-Cookie', `${PICTURE_COOKIE}=; ${attributes(config, 0)}`)
}

/** The token in the request's picture cookie, if it has one. */
export function pictureCookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === PICTURE_COOKIE) {
      const value = part.slice(at + 1).trim()
      return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined
    }
  }
  return undefined
}
