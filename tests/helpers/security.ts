import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { randomUUID } from 'node:crypto'
import User from '#auth/models/user'
import WebhookEndpoint from '#auth/models/webhook_endpoint'
import { StartCheckout } from '#billing/actions/start_checkout'
import CreditPack from '#billing/models/credit_pack'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import { PICTURE_UPLOADS_PREFIX, uploadKey } from '#media/services/picture_uploads'
import Brand from '#studio/models/brand'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import { createCoupon, packWith, planBySlug } from '#tests/helpers/billing'
import { createProject, createTrack } from '#tests/helpers/studio'
import { makeJpeg } from '#tests/helpers/pictures'
import { type FuzzRoute, registeredRoutes } from '#tests/helpers/route_fuzz'
import { MCP_PATH } from '#core/mcp/endpoint'

/**
 * The security suites (tests/functional/security/) walk the route table
 * (router.toJSON()), so a route added later is attacked without being
 * listed. What they cannot guess is listed here: the routes open to
 * everyone (each with its reason), and how to fill a route's params and
 * body. A route with params or a body and no entry in ROUTE_FIXTURES fails
 * the suite's first test.
 */

export type SecurityRoute = FuzzRoute & { key: string }

/**
 * Every route and method, HEAD aside, keyed `METHOD /pattern`; routes a
 * test file registers for itself (named `test.*`) are not the product's.
 */
export function securityRoutes(): SecurityRoute[] {
  return registeredRoutes()
    .filter((route) => !route.name.startsWith('test.'))
    .map(({ route: _route, ...rest }) => ({ ...rest, key: `${rest.method} ${rest.pattern}` }))
}

/** Routes that answer JSON, refusals included: the API, the SSE channel's and the MCP endpoint. */
export function isApiPattern(pattern: string) {
  return pattern.startsWith('/api/') || pattern.startsWith('/__transmit/') || pattern === MCP_PATH
}

/** A JSON refusal's message: `{ message }` from the API, a JSON-RPC error's from /mcp. */
export function refusalMessage(body: unknown) {
  const { message, error } = (body ?? {}) as { message?: unknown; error?: { message?: unknown } }
  return message ?? error?.message
}

/** Open to signed-out visitors, each for a reason that is part of its design. */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /uploads/*': 'media files: the signed, expiring URL is the permission (a bad one is 403)',
  'GET /health': 'load balancer health check, says nothing about users',
  'GET /*': 'the not-found page for any path no route serves (with the app shell when signed in)',
  'GET /api/openapi.json': 'the API description: routes and input rules, no data of anyone',
  'GET /auth': 'the sign-in page',
  'GET /test-auth': 'the sign-in code page',
  'GET /auth/callback': 'the magic link lands here, before any session exists',
  'GET /profile': "signed out, /profile says 'Please log in' with a Go to Login button",
  'POST /api/auth/magic-link': 'asks for the sign-in mail (rate limited, captcha)',
  'POST /api/auth/verify-link': 'signs in with the emailed link',
  'POST /api/auth/verify-code': 'signs in with the emailed code',
  'POST /api/verify-captcha': 'checks a captcha token before the sign-in form is sent',
  'POST /api/webhooks/fal': 'fal.ai posts results here, Ed25519-signed instead of a session',
  'POST /webhooks/stripe':
    'Stripe posts events here, signed with the webhook secret instead of a session',
}

/**
 * Exempt from CSRF (config/shield.ts): signed by the sender, who has no
 * session to hold a token, or taking a bearer token only.
 */
export const CSRF_EXEMPT: Record<string, string> = {
  'POST /api/webhooks/fal': 'fal.ai signs each delivery (Ed25519); it cannot hold our CSRF token',
  'POST /webhooks/stripe':
    'Stripe signs each event (Stripe-Signature); it cannot hold our CSRF token',
  'POST /mcp':
    'takes an API token only, never a cookie: a forged cross-site request cannot carry the Authorization header',
  'DELETE /mcp': 'the MCP endpoint, token only like its POST (a 405 even with one)',
}

/** Routes only the operator may use; besides these, every /admin* and /api/admin/* route. */
export const OPERATOR_ROUTES: Record<string, string> = {
  'POST /api/music/upload': 'uploads to the shared music library',
  'PUT /api/music/uploads/:name': 'the signed upload of a music file',
  'POST /api/music/uploads/:name/verify': 'turns an uploaded file into a library track',
}

export function isOperatorRoute(route: SecurityRoute) {
  return (
    route.key in OPERATOR_ROUTES ||
    route.pattern === '/admin' ||
    route.pattern.startsWith('/admin/') ||
    route.pattern.startsWith('/api/admin/')
  )
}

/** Rows a fixture can point a request at: the attacker's own, or the victim's. */
export type Resources = {
  user: User
  project: Project
  scene: Scene
  /** A brand kit of theirs. */
  brand: Brand
  checkoutSessionId: string
  musicName: string
  trackId: number
  apiTokenId: number
  /** A webhook endpoint of theirs, and one delivery in its log. */
  webhookEndpointId: number
  webhookDeliveryId: number
  /** A paused daily series of theirs with one topic waiting. */
  seriesId: number
  /** A picture of theirs (Image to Video), and a raw upload of theirs not yet turned into one. */
  picture: Picture
  pictureUpload: string
  /** The operator's catalogue, the same rows for everyone. */
  catalogue: { planId: number; couponId: number; creditPackId: number }
}

export type RouteFixture = {
  /**
   * Whose row the route's params or body name: `user` routes must answer
   * 404 when they name another user's row; `shared` ones (the operator's
   * library, a signed file URL) are checked by the other suites.
   */
  names: 'user' | 'shared' | 'nothing'
  /** The request, pointed at `r`'s rows. */
  request: (r: Resources) => { params?: Record<string, string>; body?: Record<string, unknown> }
  /** What a request naming another user's row answers, when it is not 404 (with the reason). */
  othersAnswer?: { status: number; reason: string }
}

const none: RouteFixture = { names: 'nothing', request: () => ({}) }

const ADMIN_PLAN = {
  name: 'Studio',
  stripePriceId: 'price_studio',
  price: 49.5,
  interval: 'month',
  credits: 900,
  features: '1080p HD, No watermark',
  tier: 'pro',
}
const ADMIN_COUPON = {
  code: 'welcome15',
  discountType: 'percentage',
  discountValue: 15,
  usageLimit: null,
  expiresAt: null,
}
const ADMIN_CREDIT_PACK = { credits: 40, price: 4, sortOrder: 0 }

/**
 * How to call every route with params or a body. A field a route takes by
 * design (its body here) keeps its value in the mass-assignment suite.
 */
export const ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /uploads/*': {
    names: 'user',
    request: (r) => ({ params: { '*': r.project.outputVideoKey ?? 'videos/none.mp4' } }),
    othersAnswer: { status: 401, reason: 'Drive refuses an unsigned file URL before any lookup' },
  },
  'GET /*': { names: 'nothing', request: () => ({ params: { '*': 'no-such-page' } }) },
  'POST /auth/sign-out': none,
  'POST /auth/sign-out-everywhere': none,
  'PUT /onboarding/profile': {
    names: 'nothing',
    request: () => ({
      body: { username: 'attacker', niche: 'cats', language: 'english', defaultStyle: 'noir' },
    }),
  },
  'POST /api/auth/magic-link': {
    names: 'nothing',
    request: (r) => ({ body: { email: r.user.email } }),
  },
  'POST /api/auth/verify-link': {
    names: 'nothing',
    request: () => ({ body: { token: 'a-token-nobody-was-sent-0123456789' } }),
  },
  'POST /api/auth/verify-code': {
    names: 'nothing',
    request: (r) => ({ body: { email: r.user.email, code: '000000' } }),
  },
  'POST /api/verify-captcha': { names: 'nothing', request: () => ({ body: { token: 'x' } }) },
  'POST /api/users': none,
  'POST /api/voice-preview': {
    names: 'nothing',
    request: () => ({ body: { provider: 'espeak', voiceId: 'en-us' } }),
  },
  'GET /music/:name': { names: 'shared', request: (r) => ({ params: { name: r.musicName } }) },
  'POST /api/music/upload': {
    names: 'shared',
    request: () => ({ body: { name: 'song.mp3' } }),
  },
  'PUT /api/music/uploads/:name': {
    names: 'shared',
    request: (r) => ({ params: { name: r.musicName } }),
  },
  'POST /api/music/uploads/:name/verify': {
    names: 'shared',
    request: (r) => ({ params: { name: r.musicName } }),
  },
  'POST /api/webhooks/fal': { names: 'nothing', request: () => ({ body: {} }) },
  'POST /api/pictures/uploads': {
    names: 'nothing',
    request: () => ({ body: { name: 'beach.jpg', size: 1024 } }),
  },
  'PUT /api/pictures/uploads/:upload': {
    names: 'user',
    request: (r) => ({ params: { upload: r.pictureUpload } }),
    othersAnswer: {
      status: 403,
      reason:
        'the PUT needs an upload URL signed for the signed-in user; anyone else is refused first',
    },
  },
  'POST /api/pictures': {
    names: 'user',
    request: (r) => ({ body: { upload: r.pictureUpload } }),
  },
  // A private address: refused before any connection, so the suites never reach the network.
  'POST /api/pictures/import': {
    names: 'nothing',
    request: () => ({ body: { url: 'http://127.0.0.1:9/picture.jpg' } }),
  },
  'GET /api/pictures/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.picture.id) } }),
  },
  'DELETE /api/pictures/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.picture.id) } }),
  },
  'GET /billing/test-checkout/:sessionId': {
    names: 'user',
    request: (r) => ({ params: { sessionId: r.checkoutSessionId } }),
  },
  'POST /billing/test-checkout/:sessionId/pay': {
    names: 'user',
    request: (r) => ({ params: { sessionId: r.checkoutSessionId } }),
  },
  'POST /billing/test-checkout/:sessionId/cancel': {
    names: 'user',
    request: (r) => ({ params: { sessionId: r.checkoutSessionId } }),
  },
  'POST /api/checkout/session': {
    names: 'nothing',
    request: () => ({ body: { credits: 30, amount: 3 } }),
  },
  'POST /api/billing/portal': none,
  // The test billing portal changes the signed-in user's own subscription: it names no row.
  'POST /billing/test-portal': {
    names: 'nothing',
    request: () => ({ body: { change: 'resume' } }),
  },
  'POST /webhooks/stripe': { names: 'nothing', request: () => ({ body: {} }) },
  'POST /api/admin/music-tracks': {
    names: 'shared',
    request: (r) => ({
      body: { title: 'Night Drive', mood: 'chill', duration: 30, fileUrl: `/music/${r.musicName}` },
    }),
  },
  'PATCH /profile/time-zone': {
    names: 'nothing',
    request: () => ({ body: { time_zone: 'Europe/Paris' } }),
  },
  'PATCH /api/me': {
    names: 'nothing',
    request: () => ({ body: { time_zone: 'Europe/Paris' } }),
  },
  'POST /api/series': {
    names: 'nothing',
    request: () => ({
      body: {
        name: 'Coffee',
        topics: 'Pour over\nFrench press',
        schedule: { kind: 'daily', time: '09:00' },
        style: 'cinematic',
        voice: { id: 'en-us', provider: 'espeak' },
        aspect_ratio: '9:16',
      },
    }),
  },
  'POST /api/series/topics': {
    names: 'nothing',
    request: () => ({ body: { about: 'home coffee brewing', count: 5 } }),
  },
  'GET /api/series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'PATCH /api/series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) }, body: { topics: 'Moka pot' } }),
  },
  'DELETE /api/series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /api/series/:id/pause': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /api/series/:id/resume': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /api/series/:id/skip': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /profile/tokens': {
    names: 'nothing',
    request: () => ({ body: { name: 'deploy script' } }),
  },
  'DELETE /profile/tokens/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.apiTokenId) } }),
  },
  // A private address: refused (or, for a plan without the API, 403) before anything is sent.
  'POST /profile/webhooks': {
    names: 'nothing',
    request: () => ({ body: { url: 'http://127.0.0.1:9/hooks', events: ['video.completed'] } }),
  },
  'POST /api/webhook-endpoints': {
    names: 'nothing',
    request: () => ({ body: { url: 'http://127.0.0.1:9/hooks', events: ['video.completed'] } }),
  },
  'GET /api/webhook-endpoints/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.webhookEndpointId) } }),
  },
  'PATCH /api/webhook-endpoints/:id': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.webhookEndpointId) },
      body: { events: ['credits.low'] },
    }),
  },
  'DELETE /api/webhook-endpoints/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.webhookEndpointId) } }),
  },
  'PATCH /profile/webhooks/:id': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.webhookEndpointId) },
      body: { events: ['credits.low'] },
    }),
  },
  'DELETE /profile/webhooks/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.webhookEndpointId) } }),
  },
  'POST /api/webhook-deliveries/:id/resend': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.webhookDeliveryId) } }),
  },
  'POST /profile/webhook-deliveries/:id/resend': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.webhookDeliveryId) } }),
  },
  'POST /api/admin/unlimited-credits': none,
  'POST /api/admin/plans': {
    names: 'shared',
    request: () => ({ body: { ...ADMIN_PLAN } }),
  },
  'PATCH /api/admin/plans/:id': {
    names: 'shared',
    request: (r) => ({ params: { id: String(r.catalogue.planId) }, body: { ...ADMIN_PLAN } }),
  },
  'DELETE /api/admin/plans/:id': {
    names: 'shared',
    request: (r) => ({ params: { id: String(r.catalogue.planId) } }),
  },
  'POST /api/admin/coupons': {
    names: 'shared',
    request: () => ({ body: { ...ADMIN_COUPON } }),
  },
  'PATCH /api/admin/coupons/:id': {
    names: 'shared',
    request: (r) => ({ params: { id: String(r.catalogue.couponId) }, body: { isActive: false } }),
  },
  'POST /api/admin/credit-packs': {
    names: 'shared',
    request: () => ({ body: { ...ADMIN_CREDIT_PACK } }),
  },
  'PATCH /api/admin/credit-packs/:id': {
    names: 'shared',
    request: (r) => ({
      params: { id: String(r.catalogue.creditPackId) },
      body: { ...ADMIN_CREDIT_PACK },
    }),
  },
  'DELETE /api/admin/credit-packs/:id': {
    names: 'shared',
    request: (r) => ({ params: { id: String(r.catalogue.creditPackId) } }),
  },
  'PUT /api/admin/music-tracks/:id': {
    names: 'shared',
    request: (r) => ({
      params: { id: String(r.trackId) },
      body: { title: 'Night Drive', mood: 'chill', duration: 30, fileUrl: `/music/${r.musicName}` },
    }),
  },
  'DELETE /api/admin/music-tracks/:id': {
    names: 'shared',
    request: (r) => ({ params: { id: String(r.trackId) } }),
  },
  'GET /storyboard/:projectId': {
    names: 'user',
    request: (r) => ({ params: { projectId: String(r.project.id) } }),
  },
  'GET /status/:projectId': {
    names: 'user',
    request: (r) => ({ params: { projectId: String(r.project.id) } }),
  },
  'GET /player/:videoId': {
    names: 'user',
    request: (r) => ({ params: { videoId: String(r.project.id) } }),
  },
  'GET /scenes/:sceneId/media': {
    names: 'user',
    request: (r) => ({ params: { sceneId: String(r.scene.id) } }),
  },
  'GET /videos/:videoId/download': {
    names: 'user',
    request: (r) => ({ params: { videoId: String(r.project.id) } }),
  },
  'POST /api/generate-script': {
    names: 'nothing',
    request: () => ({ body: { prompt: 'lighthouses at dawn', style: 'noir', targetLength: 30 } }),
  },
  'POST /api/projects': {
    names: 'nothing',
    request: () => ({
      body: {
        script: 'A lighthouse keeper climbs the stairs at dawn and lights the lamp.',
        style: 'noir',
        voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
        aspect_ratio: '9:16',
        target_seconds: 30,
        generation_mode: 'text-to-video',
      },
    }),
  },
  'GET /api/projects/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'GET /api/projects/:id/scenes': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'POST /api/projects/:id/generate-all': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'POST /api/scenes': {
    names: 'user',
    request: (r) => ({ body: { projectId: r.project.id, prompt: 'A gull over the waves' } }),
  },
  'PATCH /api/scenes/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) }, body: { prompt: 'A calm sea' } }),
  },
  'GET /api/brands/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) } }),
  },
  'POST /api/brands': {
    names: 'nothing',
    request: () => ({ body: { name: 'Acme' } }),
  },
  'PATCH /api/brands/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) }, body: { name: 'Renamed' } }),
  },
  'DELETE /api/brands/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) } }),
  },
  'POST /api/brands/:id/duplicate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) } }),
  },
  'PATCH /api/projects/:id/captions': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.project.id) },
      body: { captions: { style: 'word' } },
    }),
  },
  'DELETE /api/scenes/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) } }),
  },
  'POST /api/scenes/:id/generate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) } }),
  },
  'GET /api/videos/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'PATCH /api/videos/:id/post': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.project.id) },
      body: { title: 'A title of my own', hashtags: ['#one', '#two', '#three'] },
    }),
  },
  'PATCH /player/:id/post': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.project.id) },
      body: { title: 'A title of my own', hashtags: ['#one', '#two', '#three'] },
    }),
  },
  'GET /api/videos/:id/captions/:format': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id), format: 'vtt' } }),
  },
  'GET /api/video/status/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'DELETE /api/projects/:id/cancel': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'DELETE /api/projects/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'POST /setup': {
    names: 'nothing',
    request: () => ({
      body: {
        script: 'A lighthouse keeper climbs the stairs at dawn and lights the lamp.',
        style: 'noir',
        voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
        aspect_ratio: '9:16',
        target_seconds: 30,
        generation_mode: 'text-to-video',
      },
    }),
  },
  'POST /storyboard/scenes': {
    names: 'user',
    request: (r) => ({ body: { projectId: r.project.id, prompt: 'A gull over the waves' } }),
  },
  'PATCH /storyboard/scenes/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) }, body: { prompt: 'A calm sea' } }),
  },
  'DELETE /storyboard/scenes/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) } }),
  },
  'POST /storyboard/scenes/:id/generate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.scene.id) } }),
  },
  'PATCH /storyboard/:id/captions': {
    names: 'user',
    request: (r) => ({
      params: { id: String(r.project.id) },
      body: { captions: { style: 'word' } },
    }),
  },
  'POST /storyboard/:id/generate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'DELETE /storyboard/:id/generate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'DELETE /videos/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'POST /videos/:id/duplicate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  'GET /series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /series': {
    names: 'nothing',
    request: () => ({
      body: {
        name: 'Coffee',
        topics: 'Pour over\nFrench press',
        schedule: { kind: 'daily', time: '09:00' },
        style: 'cinematic',
        voice: { id: 'en-us', provider: 'espeak' },
        aspect_ratio: '9:16',
      },
    }),
  },
  'PATCH /series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) }, body: { topics: 'Moka pot' } }),
  },
  'DELETE /series/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /series/:id/pause': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /series/:id/resume': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /series/:id/skip': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.seriesId) } }),
  },
  'POST /brands': {
    names: 'nothing',
    request: () => ({ body: { name: 'Acme' } }),
  },
  'PATCH /brands/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) }, body: { name: 'Renamed' } }),
  },
  'DELETE /brands/:id': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) } }),
  },
  'POST /brands/:id/duplicate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.brand.id) } }),
  },
  'POST /api/projects/:id/duplicate': {
    names: 'user',
    request: (r) => ({ params: { id: String(r.project.id) } }),
  },
  // Token only: a cookie session gets 401 (and is CSRF-exempt, so the cross-user suites skip
  // it); each tool on another user's ids is tests/functional/mcp/tools.spec.ts.
  'POST /mcp': {
    names: 'user',
    request: (r) => ({
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_project', arguments: { id: r.project.id } },
      },
    }),
  },
  'DELETE /mcp': none,
  // Each live channel with real streams: LIVE_CHANNEL_FIXTURES below.
  'POST /__transmit/subscribe': {
    names: 'user',
    request: (r) => ({ body: { uid: 'security-suite', channel: `projects/${r.project.id}` } }),
  },
  'POST /__transmit/unsubscribe': {
    names: 'nothing',
    request: (r) => ({ body: { uid: 'security-suite', channel: `projects/${r.project.id}` } }),
  },
}

// The /admin page's forms call the same controllers as /api/admin/*, with the same fixtures.
for (const key of Object.keys(ROUTE_FIXTURES)) {
  const [method, pattern] = key.split(' ')
  const page = pattern.replace(/^\/api\/admin\//, '/admin/')
  if (page !== pattern) ROUTE_FIXTURES[`${method} ${page}`] = ROUTE_FIXTURES[key]
}

/**
 * The live channels (Transmit) are a route table of their own: each channel
 * rule of #studio/live_channels with its owner's channel named from `r`'s
 * rows. A rule added later without an entry here fails the security suite.
 */
export const LIVE_CHANNEL_FIXTURES: Record<string, (r: Resources) => string> = {
  'projects/:id': (r) => `projects/${r.project.id}`,
}

/** Channel names under no rule, some shaped to slip past one (`r` names real rows). */
export function channelsWithoutRule(r: Resources) {
  const id = r.project.id
  return [
    'projects',
    '*',
    'projects/*',
    `projects/${id}/../${id}`,
    `projects/0${id}`,
    `projects/${id}/`,
    `/projects/${id}`,
    `projects/+${id}`,
    `projects/${id}/scenes`,
    'projects/:id',
    `users/${r.user.id}`,
    '',
  ]
}

/** Routes the suites leave out, each for a reason that is part of its design. */
export const UNREACHABLE: Record<string, string> = {}

/** A route needs a fixture when it has params or takes a body. */
export function needsFixture(route: SecurityRoute) {
  return route.params.length > 0 || route.method !== 'GET'
}

export function fixtureOf(route: SecurityRoute): RouteFixture {
  return ROUTE_FIXTURES[route.key] ?? none
}

/** The route's URL and body, pointed at `r`'s rows. */
export function requestFor(route: SecurityRoute, r: Resources) {
  const { params = {}, body } = fixtureOf(route).request(r)
  const url = route.pattern.replace(/:([^/]+)|\*/g, (token, name?: string) => {
    const value = params[name ?? '*']
    if (value === undefined) throw new Error(`${route.key}: its fixture gives no ${token}`)
    return name ? encodeURIComponent(value) : value
  })
  return { url, body }
}

/**
 * Identity claims a proxy or a careless backend might trust. Each names the
 * victim; none may sign anyone in or change whose data a request reaches.
 * A forged bearer is sent only without a session: with one, an /api request
 * is identified by its bearer token alone, and a forged token is a 401
 * (tests/functional/auth/api_tokens.spec.ts).
 */
export function forgedIdentityHeaders(
  victim: User,
  { bearer }: { bearer: boolean }
): Record<string, string> {
  const id = String(victim.id)
  return {
    'user-id': id,
    'user-email': victim.email,
    'x-user-id': id,
    'x-user-email': victim.email,
    'x-forwarded-user': victim.email,
    'x-forwarded-email': victim.email,
    'x-auth-user': id,
    'x-remote-user': victim.email,
    'remote-user': victim.email,
    'x-impersonate': victim.email,
    'x-admin': 'true',
    ...(bearer ? { authorization: `Bearer ${id}` } : {}),
  }
}

/** Words only the victim's data contains: none may show up in anyone else's answer. */
export const VICTIM_MARKERS = {
  email: 'victim-7f3a@example.com',
  script: 'Victim secret script 7f3a about a hidden lighthouse.',
  prompt: 'victim secret scene 7f3a',
  outputKey: 'videos/victim-7f3a-output.mp4',
  brand: 'Victim brand kit 7f3a',
  webhookUrl: 'https://victim-7f3a.example.com/hooks',
  series: 'Victim series 7f3a',
}

export type SecurityWorld = {
  attacker: Resources
  victim: Resources
  operator: User
  /** Strings only the victim's rows hold (the checkout session id among them). */
  markers: string[]
}

/** A pending test checkout of the 30-credit pack, opened as Buy does. */
async function checkoutSessionOf(user: User) {
  const pack = await packWith(30)
  const checkout = await app.container.make(StartCheckout)
  const result = await checkout.handle(
    user,
    { credits: pack.credits, amount: pack.priceCents / 100 },
    { success: '/billing?checkout=success', cancel: '/billing?checkout=cancelled' }
  )
  if (result.status !== 'created') throw new Error(`checkout not created: ${result.status}`)
  return result.url.slice(result.url.lastIndexOf('/') + 1)
}

type Shared = { track: { id: number; fileName: string }; catalogue: Resources['catalogue'] }

async function resourcesOf(
  user: User,
  { track, catalogue }: Shared,
  script?: string
): Promise<Resources> {
  const project = await createProject(user, 2)
  if (script) {
    project.script = script
    await project.save()
  }
  const scene = await Scene.query().where('project_id', project.id).orderBy('order').firstOrFail()
  const token = await User.accessTokens.create(user, ['*'], { name: 'script' })
  // A raw upload waiting to be registered (a real JPEG), and a registered picture.
  const pictureUpload = `${Math.floor(Date.now() / 1000)}-${user.id.toString(16).padStart(32, '0')}`
  await new MediaStorage().put(
    uploadKey(user.id, pictureUpload),
    await makeJpeg(16, 16),
    'application/octet-stream'
  )
  const picture = await Picture.create({
    userId: user.id,
    key: `pictures/${user.id}/security-suite.jpg`,
    thumbnailKey: `pictures/${user.id}/security-suite-thumb.jpg`,
    width: 16,
    height: 16,
    contentType: 'image/jpeg',
    byteSize: 1000,
    attachedAt: null,
  })
  const brand = await Brand.create({
    userId: user.id,
    name: script ? VICTIM_MARKERS.brand : 'Attacker brand',
    primaryColor: '#1E3A8A',
    accentColor: '#FFE14D',
    version: 1,
  })
  const [endpoint] = await db
    .table('webhook_endpoints')
    .insert({
      user_id: user.id,
      url: script ? VICTIM_MARKERS.webhookUrl : 'https://attacker.example.com/hooks',
      events: ['video.completed'],
      secret_encrypted: WebhookEndpoint.encryptSecret('whsec_security-suite'),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  const [delivery] = await db
    .table('webhook_deliveries')
    .insert({
      endpoint_id: endpoint.id,
      event_id: randomUUID(),
      event_type: 'video.completed',
      body: '{}',
      status: 'failed',
      attempts: 11,
      created_at: new Date(),
    })
    .returning('id')
  const series = await Series.create({
    userId: user.id,
    name: script ? VICTIM_MARKERS.series : 'Attacker series',
    defaults: {
      style: 'cinematic',
      voice: { id: 'en-us', provider: 'espeak' },
      music: null,
      aspect_ratio: '9:16',
      target_seconds: 30,
      generation_mode: 'text-to-video',
    },
    scheduleKind: 'daily',
    scheduleTime: '09:00',
    timeZone: 'UTC',
    status: 'paused',
  })
  await SeriesSlot.create({
    seriesId: series.id,
    position: 1,
    topic: 'Lighthouses',
    state: 'pending',
  })
  return {
    user,
    project,
    scene,
    brand,
    seriesId: series.id,
    webhookEndpointId: endpoint.id,
    webhookDeliveryId: Number(delivery.id),
    checkoutSessionId: await checkoutSessionOf(user),
    musicName: track.fileName,
    trackId: track.id,
    apiTokenId: Number(token.identifier),
    picture,
    pictureUpload,
    catalogue,
  }
}

/**
 * Two users and the operator. The victim owns a finished video, a scene, a
 * pending checkout; the attacker owns the same kinds of rows. Committed
 * once per group (each test then runs in a global transaction over it);
 * the returned function removes it.
 */
export async function securityWorld(): Promise<{
  world: SecurityWorld
  remove: () => Promise<void>
}> {
  const coupon = await createCoupon({ code: 'SECURITY10' })
  // A pack nobody has bought: deleting one that was bought unlinks its payments by design
  const pack = await CreditPack.create({
    credits: 45,
    priceCents: 450,
    sortOrder: 99,
    isActive: false,
  })
  const pro = await planBySlug('pro')
  const shared: Shared = {
    track: await createTrack(),
    catalogue: {
      planId: pro.id,
      couponId: coupon.id,
      creditPackId: pack.id,
    },
  }
  const attacker = await resourcesOf(await createAccount('attacker@example.com'), shared)
  const victim = await resourcesOf(
    await createAccount(VICTIM_MARKERS.email),
    shared,
    VICTIM_MARKERS.script
  )
  victim.scene.prompt = VICTIM_MARKERS.prompt
  await victim.scene.save()
  // A finished video, written straight in the database: the suites attack it, they do not render it.
  await db
    .from('projects')
    .where('id', victim.project.id)
    .update({ status: 'done', progress_percent: 100, output_video_key: VICTIM_MARKERS.outputKey })
  victim.project = await Project.findOrFail(victim.project.id)
  const operator = await createOperator()
  const world = {
    attacker,
    victim,
    operator,
    markers: [
      ...Object.values(VICTIM_MARKERS),
      victim.checkoutSessionId,
      victim.pictureUpload,
      victim.picture.key,
    ],
  }
  const remove = async () => {
    const storage = new MediaStorage()
    for (const user of [attacker.user, victim.user]) {
      await storage.deletePrefix(`${PICTURE_UPLOADS_PREFIX}/${user.id}`)
      await storage.deletePrefix(`pictures/${user.id}`)
    }
    // Their projects, scenes, pictures, payments, checkouts and ledger rows go with them (on delete cascade).
    await db.from('users').whereIn('id', [attacker.user.id, victim.user.id, operator.id]).delete()
    await db.from('music_tracks').where('id', shared.track.id).delete()
    await db.from('coupons').where('id', coupon.id).delete()
    await db.from('credit_packs').where('id', pack.id).delete()
  }
  return { world, remove }
}

/**
 * Every row of the user's: the user, rows with their user_id, and rows of
 * their projects (scenes…), as one digest per table.
 */
export async function rowsOf(userId: number) {
  const { rows: tables } = await db.rawQuery<{
    rows: { table_name: string; column_name: string }[]
  }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and column_name in ('user_id', 'project_id')
     order by table_name, column_name`
  )
  const parts = [
    `select 'users' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from users t where id = :user`,
    ...tables.map(({ table_name: table, column_name: column }) =>
      column === 'user_id'
        ? `select '${table}', md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t where user_id = :user`
        : `select '${table}', md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t where project_id in (select id from projects where user_id = :user)`
    ),
  ]
  const result = await db.rawQuery<{ rows: { name: string; digest: string }[] }>(
    parts.join(' union all '),
    { user: userId }
  )
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]))
}

/** Sends a route's request with the session cookie of `user` (signed out when null). */
export function callRoute(
  client: ApiClient,
  route: SecurityRoute,
  target: Resources,
  options: {
    as: User | null
    headers?: Record<string, string>
    body?: Record<string, unknown>
    accept?: 'json' | 'html'
  }
): ApiRequest {
  const { url, body } = requestFor(route, target)
  const pending = client.request(url, route.method).redirects(0).withCsrfToken()
  if (options.accept !== undefined) {
    pending.header('accept', options.accept === 'json' ? 'application/json' : 'text/html')
  }
  if (options.as) pending.loginAs(options.as)
  for (const [name, value] of Object.entries(options.headers ?? {})) pending.header(name, value)
  const sent = options.body ?? body
  if (sent !== undefined) pending.json(sent)
  return pending
}

/** Whether an answer shows any of the strings. */
export function leaks(text: string | undefined, markers: string[]) {
  return markers.filter((marker) => (text ?? '').includes(marker))
}
