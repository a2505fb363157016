import { createAppServer } from '#core/http/node_server'
import type { IncomingMessage } from 'node:http'
import { assert } from '@japa/assert'
import { ApiRequest, apiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import { chromium } from 'playwright'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import { freshTestDatabase, freshTestStorage } from '#tests/helpers/database'
import { warmFrontEnd } from '#tests/helpers/front_end'
import { SeedCatalogue } from '#billing/actions/seed_catalogue'
import logger from '@adonisjs/core/services/logger'
import { QueueService } from '#core/queue/queue_service'
import { ProgressRelay } from '#studio/render/progress_relay'
import { observeAnswers } from '#tests/helpers/observed_answers'

/**
 * Debian's Chromium, never a browser downloaded by a test tool. The flags keep
 * it from calling home on a machine without internet.
 */
const launchChromium: NonNullable<Parameters<typeof browserClient>[0]>['launcher'] = (config) =>
  chromium.launch({
    ...config,
    executablePath: env.get('CHROMIUM_PATH', '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })

/**
 * An event stream never ends: once its status and headers are in, the API
 * client hangs up and answers, so suites can send it like any other route.
 */
ApiRequest.addParser('text/event-stream', (response, done) => {
  // superagent hands its parsers Node's IncomingMessage, whatever the type says.
  ;(response as unknown as IncomingMessage).destroy()
  done(null, '')
})

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  browserClient({ runInSuites: ['browser'], launcher: launchChromium }),
  sessionBrowserClient(app),
  authBrowserClient(app),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      await freshTestDatabase()
      await freshTestStorage()
      // Not rolled back at the end: the next run makes the database afresh, and a rollback's
      // advisory lock, taken on one pooled connection and released on another, hung the run.
      await testUtils.db().migrate()
      // The catalogue as `npm run dev` seeds it: the free plan's credits are the signup grant.
      await new SeedCatalogue().handle()
    },
    async () => {
      // The test process serves pages like a web process, so it relays render progress too;
      // started here, once the test database exists, not at boot.
      const relay = new ProgressRelay(await app.container.make(QueueService), logger)
      await relay.start()
      return () => relay.stop()
    },
    // Every answer of the public API, for the contract suite's check against /api/openapi.json.
    () => observeAnswers(),
    () => {
      // No test sends real mail; tests that read mail fake it themselves.
      mail.fake()
      return () => mail.restore()
    },
  ],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    suite.setup(() => testUtils.httpServer().start(createAppServer))
  }
  if (suite.name === 'browser') {
    suite.setup(() => warmFrontEnd())
  }
}
