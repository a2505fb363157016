/**
 * The headers that tell the browser what a Reelforge page may do: the
 * Content-Security-Policy, the Referrer-Policy and the Permissions-Policy.
 */

/** Cloudflare Turnstile: its script, and the frame it draws the challenge in. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/** Vite's HMR socket port when the dev server runs inside the app (Vite's own default). */
const VITE_MIDDLEWARE_WS_PORT = 24678

export type PolicySources = {
  /** The object store's origin when media is served from it (DRIVE_DISK=s3), else null. */
  mediaOrigin: string | null
  /** Vite's HMR socket while the dev server runs (development and tests), else null. */
  hmrSocket: string | null
}

/**
 * The policy, one directive a line. Scripts come only from the app (its
 * built assets), Turnstile, and inline blocks carrying this response's nonce
 * (the dev server's React Refresh preamble): no 'unsafe-inline', no
 * 'unsafe-eval'. Styles allow inline because sonner and Inertia's progress
 * bar insert <style> elements at run time without a nonce; CSS cannot run
 * code. Images may come from any https host: the operator sets a music
 * track's cover art by URL.
 */
export function contentSecurityPolicy({ mediaOrigin, hmrSocket }: PolicySources, nonce: string) {
  const media = mediaOrigin ? [mediaOrigin] : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, TURNSTILE_ORIGIN],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...media],
    // Voice previews play from blob: URLs.
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    // Fetches and SSE to the app; music uploads PUT straight to the bucket.
    'connect-src': ["'self'", ...media, ...(hmrSocket ? [hmrSocket] : [])],
    'frame-src': [TURNSTILE_ORIGIN],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Full URL to our own pages, only the origin to other sites, nothing over http from https. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/**
 * Powerful features no page uses are off, for us and any frame; the ones it
 * does use (copying links, a full-screen player) stay ours. Only features
 * Chromium knows (it logs an error for any other, web-share included on Linux).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ')

/**
 * Where a disk's signed URLs point, asked of the disk itself (signing is
 * local): the bucket's origin on S3, whatever the endpoint and addressing
 * style; null on the fs disk, whose URLs are the app's own /uploads paths.
 */
export async function mediaOriginOf(disk: { getSignedUrl(key: string): Promise<string> }) {
  const url = await disk.getSignedUrl('csp-probe')
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url).origin : null
}

/**
 * The socket the Vite client opens, as the dev server was configured
 * (`server.ws`; the assembler picks the port through VITE_HMR_PORT), on the
 * host the page was requested from. Null for a host name that cannot be
 * written in a policy.
 */
export function hmrSocketOf(
  ws: false | { port?: number; clientPort?: number; host?: string } | undefined,
  requestHost: string
) {
  if (ws === false) return null
  const host = ws?.host ?? requestHost
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/i.test(host)) return null
  return `ws://${host}:${ws?.clientPort ?? ws?.port ?? VITE_MIDDLEWARE_WS_PORT}`
}
