import { fileURLToPath } from 'node:url'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { trustedProxies } from '#core/http/trusted_proxies'
import { answerBadUrl } from '#core/http/bad_url'
import { fastJson } from '#core/http/fast_json'
import { embeddedDatabaseDir } from '#core/embedded_database'
import { runningDevServerUrl } from '#core/dev_server_url'

/**
 * Signs cookies and encrypts data; losing it invalidates sessions.
 */
export const appKey = env.get('APP_KEY')

/**
 * Absolute URL of the app, for links in emails and webhooks. Without APP_URL,
 * an Ace command in development links to the running `npm run dev` server
 * (its port may differ from this shell's PORT), else to HOST:PORT.
 */
export const appUrl = env.get(
  'APP_URL',
  (app.getEnvironment() === 'console' && !app.inProduction && runningDevServer()) ||
    `http://${env.get('HOST')}:${env.get('PORT')}`
)

function runningDevServer() {
  return runningDevServerUrl(
    embeddedDatabaseDir(fileURLToPath(app.appRoot), env.get('EMBEDDED_POSTGRES_DIR'))
  )
}

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /** X-Forwarded-For is believed only from TRUSTED_PROXIES (loopback by default). */
  trustProxy: trustedProxies(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  onBadUrl: answerBadUrl,
  serializeJSON: fastJson,
})
