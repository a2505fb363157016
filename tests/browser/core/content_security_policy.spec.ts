import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import sharp from 'sharp'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type { Page, Response } from 'playwright'
import type User from '#auth/models/user'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { MediaStorage } from '#media/services/media_storage'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runFfmpeg } from '#media/ffmpeg/tools'
import { createAccount, enableCaptcha } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import { createProject } from '#tests/helpers/studio'
import { registeredRoutes } from '#tests/helpers/route_fuzz'
import { serveBuiltFrontEnd, watchPolicies } from '#tests/helpers/content_security'
import { pageWeights } from '../../../bin/page_weights.ts'

/** A page's first load, in kB of gzipped JavaScript (README.md, Modules). */
const PAGE_BUDGET_KB = 120

type Fixtures = { draftId: number; doneId: number; seriesId: number; checkoutPath: string }
type Visitor = 'guest' | 'user' | 'operator'

/** Every page of the app, by route name: who visits it and where. */
const PAGES: Record<string, { as: Visitor; path: (f: Fixtures) => string }> = {
  'auth.sign_in.show': { as: 'guest', path: () => '/auth' },
  'auth.test_auth.show': { as: 'guest', path: () => '/test-auth' },
  'auth.callback.show': { as: 'guest', path: () => '/auth/callback?token=expired' },
  'auth.onboarding_profile.edit': { as: 'user', path: () => '/onboarding/profile' },
  'auth.profile.show': { as: 'user', path: () => '/profile' },
  'billing.onboarding_plan.show': { as: 'user', path: () => '/onboarding/plan' },
  'studio.dashboard.show': { as: 'user', path: () => '/' },
  'studio.create.show': { as: 'user', path: () => '/create' },
  'studio.start.show': { as: 'user', path: () => '/start' },
  'studio.setup.show': { as: 'user', path: () => '/setup' },
  'studio.storyboard.show': { as: 'user', path: (f) => `/storyboard/${f.draftId}` },
  'studio.status.show': { as: 'user', path: (f) => `/status/${f.doneId}` },
  'studio.videos.index': { as: 'user', path: () => '/videos' },
  'studio.brand_kits.index': { as: 'user', path: () => '/brands' },
  'studio.series_pages.index': { as: 'user', path: () => '/series' },
  'studio.series_pages.show': { as: 'user', path: (f) => `/series/${f.seriesId}` },
  'studio.player.show': { as: 'user', path: (f) => `/player/${f.doneId}` },
  'billing.billing.show': { as: 'user', path: () => '/billing' },
  'billing.plans.show': { as: 'user', path: () => '/plans' },
  'billing.test_checkout.show': { as: 'user', path: (f) => f.checkoutPath },
  'billing.test_portal.show': { as: 'user', path: () => '/billing/test-portal' },
  'admin.dashboard.show': { as: 'operator', path: () => '/admin' },
  'admin.music.show': { as: 'operator', path: () => '/admin/music' },
  'core.unknown_pages.show': { as: 'user', path: () => '/no/such/page' },
}

/** GET routes outside /api that answer something other than a page. */
const NOT_PAGES: Record<string, string> = {
  'drive.fs.serve': 'media files (loaded by the pages above)',
  'core.health.show': 'JSON for load balancers',
  'event_stream': 'the SSE stream (opened by the status page)',
  'studio.scenes.media': "a redirect to a scene's media file",
  'studio.videos.download': "a redirect to a video's file, saved as an attachment",
  'studio.captions.preview': "a PNG frame (the Captions card's preview image)",
  'media.music_tracks.file': 'audio files',
  'auth.dev_mailbox.index': 'development only',
  'core.bench.bare': 'npm run bench only',
  'core.mcp.stream': 'the MCP endpoint (JSON-RPC for agents, 405 to a GET)',
}

/** Extra pages: the non-operator's view of the admin area. */
const ALSO: { as: Visitor; path: string }[] = [{ as: 'user', path: '/admin' }]

function pageRouteNames() {
  return registeredRoutes()
    .filter((route) => route.method === 'GET' && !route.pattern.startsWith('/api'))
    .map((route) => route.name)
}

async function still() {
  return sharp({ create: { width: 90, height: 160, channels: 3, background: '#3b2a6b' } })
    .jpeg()
    .toBuffer()
}

/** A real one-second H.264 clip, small enough to make in a moment. */
async function clip() {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-csp-'))
  try {
    const path = join(dir, 'clip.mp4')
    await runFfmpeg({ ffmpeg: ffmpegPath() }, [
      ...['-f', 'lavfi', '-i', 'testsrc=size=90x160:rate=10:duration=1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path],
    ])
    return await readFile(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * A draft with stills (the storyboard), a finished video (status and player), a series
 * that made it, an open checkout.
 */
async function fixtures(user: User, client: ApiClient): Promise<Fixtures> {
  const storage = new MediaStorage()
  const [jpeg, mp4] = await Promise.all([still(), clip()])
  const draft = await createProject(user, 2)
  const done = await createProject(user, 2)
  for (const project of [draft, done]) {
    for (const scene of await Scene.query().where('project_id', project.id)) {
      const thumbnailKey = `projects/${project.id}/scene-${scene.order}.jpg`
      await storage.put(thumbnailKey, jpeg, 'image/jpeg')
      await scene.merge({ thumbnailKey, status: 'completed' }).save()
    }
  }
  const outputVideoKey = `projects/${done.id}/final.mp4`
  await storage.put(outputVideoKey, mp4, 'video/mp4')
  await Project.query()
    .where('id', done.id)
    .update({
      status: 'done',
      progressPercent: 100,
      outputVideoKey,
      thumbKey: `projects/${done.id}/scene-1.jpg`,
    })
  const series = await Series.create({
    userId: user.id,
    name: 'Coffee',
    defaults: {
      style: 'cinematic',
      voice: { id: 'en-us', provider: 'espeak' },
      music: null,
      aspect_ratio: '9:16',
      target_seconds: 15,
      generation_mode: 'text-to-video',
    },
    scheduleKind: 'daily',
    scheduleTime: '09:00',
    timeZone: 'Europe/Paris',
    status: 'paused',
  })
  await SeriesSlot.createMany([
    { seriesId: series.id, position: 1, topic: 'Pour over', state: 'made', projectId: done.id },
    { seriesId: series.id, position: 2, topic: 'Moka pot', state: 'pending' },
  ])
  const checkout = await client
    .post('/api/checkout/session')
    .json({ credits: 30, amount: 3 })
    .loginAs(user)
    .withCsrfToken()
  checkout.assertStatus(200)
  return {
    draftId: draft.id,
    doneId: done.id,
    seriesId: series.id,
    checkoutPath: checkout.body().url,
  }
}

/** What the page loads once it has painted: its images and video, and lazy chunks. */
async function settle(page: Page) {
  const timeout = 10_000
  await page.waitForLoadState('load', { timeout })
  await page.locator('#app > *').first().waitFor({ timeout })
  await page.waitForFunction(
    () => [...document.images].every((image) => image.complete && image.naturalWidth > 0),
    null,
    { timeout }
  )
  await page.waitForFunction(
    () => [...document.querySelectorAll('video')].every((video) => video.readyState >= 1),
    null,
    { timeout }
  )
  await page.waitForTimeout(300)
}

function assertProductionPolicy(assert: { fail(message: string): never }, response: Response) {
  const headers = response.headers()
  const policy = headers['content-security-policy'] ?? ''
  const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src '))
  const problems = [
    !scripts && 'no script-src',
    scripts?.includes("'unsafe-inline'") && "script-src allows 'unsafe-inline'",
    policy.includes("'unsafe-eval'") && "'unsafe-eval'",
    policy.includes('ws:') && 'a dev server socket',
    !/frame-ancestors 'none'/.test(policy) && "no frame-ancestors 'none'",
    headers['referrer-policy'] !== 'strict-origin-when-cross-origin' && 'no Referrer-Policy',
    !/camera=\(\)/.test(headers['permissions-policy'] ?? '') && 'no Permissions-Policy',
  ].filter(Boolean)
  if (problems.length > 0) {
    assert.fail(`${response.url()}: ${problems.join(', ')} (CSP: ${policy || 'none'})`)
  }
}

test.group('Content-Security-Policy: every page under the production policy', (group) => {
  let restoreDevServer: (() => Promise<void>) | undefined
  group.setup(async () => {
    restoreDevServer = await serveBuiltFrontEnd()
    return () => restoreDevServer?.()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the production build keeps every page within its first-load budget', ({ assert }) => {
    const { pages } = pageWeights(app.makePath('public/assets'))
    const over = pages
      .filter((row) => row.totalKb > PAGE_BUDGET_KB)
      .map((row) => `${row.page}: ${row.totalKb.toFixed(1)} kB`)
    assert.isAbove(pages.length, 20)
    assert.deepEqual(
      over,
      [],
      `over ${PAGE_BUDGET_KB} kB of gzipped JavaScript (npm run bench:pages)`
    )
  })

  test('every page route is listed here', ({ assert }) => {
    const missing = pageRouteNames().filter((name) => !(name in PAGES) && !(name in NOT_PAGES))
    assert.deepEqual(missing, [], 'a new page: add it to PAGES (or NOT_PAGES, with the reason)')
  })

  test('signed out, as a user and as the operator: zero violations', async ({
    assert,
    browser,
    client,
  }) => {
    const user = await createAccount('csp.user@example.com')
    const operator = await createOperator()
    const found = await fixtures(user, client)
    const visits = [
      ...Object.values(PAGES).map((page) => ({ as: page.as, path: page.path(found) })),
      ...ALSO,
    ]

    const violations: string[][] = []
    for (const as of ['guest', 'user', 'operator'] as const) {
      const context = await browser.newContext({
        baseURL: `http://${process.env.HOST}:${process.env.PORT}`,
      })
      if (as !== 'guest') await context.loginAs(as === 'user' ? user : operator)
      violations.push(await watchPolicies(context))
      const page = await context.newPage()
      for (const visit of visits.filter((entry) => entry.as === as)) {
        const response = await page.goto(visit.path)
        assert.isNotNull(response, visit.path)
        assertProductionPolicy(assert, response!)
        await settle(page).catch((error: Error) =>
          assert.fail(
            `${visit.path} did not load: ${error.message}\n${violations.flat().join('\n')}`
          )
        )
        const scripts = await page.$$eval('script[src]', (tags) =>
          tags.map((tag) => tag.getAttribute('src'))
        )
        assert.isTrue(
          scripts.length > 0 && scripts.every((src) => src?.startsWith('/assets/')),
          `${visit.path} runs the built assets: ${scripts.join(', ')}`
        )
      }
      await context.close()
    }
    assert.deepEqual(violations.flat(), [])
  }).timeout(180_000)

  test('Turnstile loads its script and its frame on /auth', async ({
    assert,
    browserContext,
    cleanup,
  }) => {
    await enableCaptcha(cleanup)
    const violations = await watchPolicies(browserContext)
    // Cloudflare stands in locally; the policy is checked before any request leaves.
    await browserContext.route('https://challenges.cloudflare.com/**', (route) => {
      const script = route.request().url().includes('/turnstile/v0/api.js')
      return route.fulfill(
        script
          ? {
              contentType: 'text/javascript',
              body: `window.turnstile = {
                render(el, options) {
                  const frame = document.createElement('iframe')
                  frame.src = 'https://challenges.cloudflare.com/cdn-cgi/challenge-platform/widget'
                  frame.title = 'Turnstile'
                  el.append(frame)
                  setTimeout(() => options.callback('pass-token'))
                  return 'widget-1'
                },
                remove() {},
              }`,
            }
          : { contentType: 'text/html', body: '<p>challenge</p>' }
      )
    })
    const page = await browserContext.newPage()
    const response = await page.goto('/auth')
    assertProductionPolicy(assert, response!)
    await page.frameLocator('iframe[title="Turnstile"]').getByText('challenge').waitFor()
    await settle(page)
    assert.deepEqual(violations, [])
  })
})
