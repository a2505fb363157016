import { glob } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import vite from '@adonisjs/vite/services/main'

/**
 * Vite transforms each front-end module on its first request. Left to the
 * browser tests, that cost landed inside whichever test came first (its first
 * page load outlasting Playwright's 30 s on a busy machine) and inside later
 * ones too, since pages are imported lazily (the callback page's module still
 * being transformed after its 5 s assertion gave up). Transform them all once
 * before the first test.
 */
export async function warmFrontEnd() {
  const server = vite.getDevServer()
  if (!server) {
    return
  }
  const urls: string[] = []
  for await (const file of glob('inertia/**/*.{ts,tsx,css}', { cwd: app.makePath() })) {
    urls.push(`/${file}`)
  }
  await Promise.all(urls.map((url) => server.warmupRequest(url)))
  await server.waitForRequestsIdle()
}
