import { spawn } from 'node:child_process'
import { once } from 'node:events'
import app from '@adonisjs/core/services/app'
import vite from '@adonisjs/vite/services/main'
import type { BrowserContext } from 'playwright'
import { warmFrontEnd } from '#tests/helpers/front_end'

/**
 * Pages as production serves them: the front end built by `vite build` with
 * NODE_ENV=production (into public/assets, as `npm run build` does), the
 * test server's Vite dev server stopped so `@vite` links the built assets.
 * The returned function brings the dev server back for the other tests.
 */
export async function serveBuiltFrontEnd() {
  const build = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    cwd: app.makePath(),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  build.stderr.on('data', (chunk) => (errors += chunk))
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`vite build failed:\n${errors}`)

  await vite.stopDevServer()
  vite.hasManifestFile = true
  return async () => {
    await vite.createDevServer()
    await warmFrontEnd()
  }
}

/**
 * Everything the browser says against the page's policies: each
 * `securitypolicyviolation` event (recorded before any page script runs),
 * and console messages about the Content-Security-Policy or the
 * Permissions-Policy header (an unknown feature is only reported there).
 */
export async function watchPolicies(context: BrowserContext) {
  const violations: string[] = []
  await context.exposeBinding('__reportPolicyViolation', ({ page }, violation: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${violation}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportPolicyViolation(text: string): void })
        .__reportPolicyViolation
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  context.on('console', (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) {
      violations.push(
        `${new URL(message.page()?.url() ?? 'about:blank').pathname}: ${message.text()}`
      )
    }
  })
  return violations
}
