/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the app reads is validated here at boot. Optional ones
| switch a bare-machine default to its production component; the README
| lists them.
|
*/
import { fileURLToPath } from 'node:url'
import { Env } from '@adonisjs/core/env'
import { embeddedDatabaseDir, runningDatabaseUrl } from '#core/embedded_database'
import { parseTrustedProxies } from '#core/http/trusted_proxies'

/** The S3 settings are needed only when media lives on S3. */
const notS3 = () => process.env.DRIVE_DISK !== 's3'

const appRoot = new URL('../', import.meta.url)

const env = await Env.create(appRoot, {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  /** Proxies allowed to name the client in X-Forwarded-For (IPs, CIDRs); loopback when unset. */
  TRUSTED_PROXIES: (_key: string, value?: string) => {
    if (!value) return undefined
    parseTrustedProxies(value)
    return value
  },
  /** Where fal.ai can reach this app; set, fal posts results to a webhook instead of being polled. */
  PUBLIC_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.enum([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),

  /*
  | Database: DATABASE_URL wins; otherwise DB_* (defaults: 127.0.0.1:5432).
  | DATABASE_EMBEDDED is set by `npm run dev` when it started its own PostgreSQL,
  | which it keeps in EMBEDDED_POSTGRES_DIR (default tmp/embedded-postgres).
  */
  DATABASE_URL: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  DATABASE_EMBEDDED: Env.schema.boolean.optional(),
  EMBEDDED_POSTGRES_DIR: Env.schema.string.optional(),

  /*
  | Queue: BullMQ on Redis when REDIS_URL is set, else on PostgreSQL.
  */
  REDIS_URL: Env.schema.string.optional(),
  QUEUE_CONCURRENCY: Env.schema.number.optional(),
  QUEUE_LOCK_MS: Env.schema.number.optional(),

  /*
  | Rendering: RENDER_SCALE shrinks every output (tests render at 0.25);
  | RENDER_THREADS is how many cores one worker's render keeps busy.
  */
  RENDER_SCALE: Env.schema.number.optional(),
  RENDER_THREADS: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    const threads = Number(value)
    if (!Number.isInteger(threads) || threads < 1) {
      throw new Error(
        `Invalid value for "${key}": a whole number of cores, 1 or more, not "${value}"`
      )
    }
    return threads
  },

  /*
  | Sign-in: the operator's account, sessions, captcha, one-time links and codes.
  */
  ADMIN_EMAIL: Env.schema.string.optional({ format: 'email' }),
  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),
  TURNSTILE_SITE_KEY: Env.schema.string.optional(),
  TURNSTILE_SECRET_KEY: Env.schema.secret.optional(),
  TURNSTILE_VERIFY_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  AUTH_CHALLENGE_TTL_MINUTES: Env.schema.number.optional(),

  /*
  | Mail: SMTP when SMTP_HOST is set; otherwise the dev mailbox (development)
  | or no mail at all (production, where sign-in then says so).
  */
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  MAIL_FROM: Env.schema.string.optional(),

  /*
  | Components announced at boot; each issue that builds one reads these.
  */
  AI_DRIVER: Env.schema.enum.optional(['local', 'fal'] as const),
  FAL_KEY: Env.schema.secret.optionalWhen(
    (_, value) => process.env.AI_DRIVER !== 'fal' || Boolean(value)
  ),
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  DRIVE_FS_ROOT: Env.schema.string.optional(),

  /*
  | Media on S3 or an S3-compatible store (R2, MinIO…) when DRIVE_DISK=s3:
  | the bucket, region and keys are then required; S3_ENDPOINT points
  | elsewhere than AWS, S3_FORCE_PATH_STYLE when the store has no
  | bucket subdomains.
  */
  S3_BUCKET: Env.schema.string.optionalWhen(notS3),
  S3_REGION: Env.schema.string.optionalWhen(notS3),
  S3_ACCESS_KEY_ID: Env.schema.string.optionalWhen(notS3),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optionalWhen(notS3),
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),

  /*
  | AI providers: `local` (offline) or `fal`; ElevenLabs voices when keyed.
  | FFMPEG_PATH overrides the system ffmpeg and the npm-shipped one.
  */
  ELEVENLABS_API_KEY: Env.schema.secret.optional(),
  FAL_BASE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  FAL_JWKS_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  ELEVENLABS_BASE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  FFMPEG_PATH: Env.schema.string.optional(),

  /*
  | Image to Video: `allow` lets "import from URL" fetch from loopback and
  | private addresses, so tests can serve pictures locally. Never in
  | production: the app refuses to boot with it there.
  */
  PICTURE_FETCH_PRIVATE: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    if (value !== 'allow') {
      throw new Error(`Invalid value for "${key}": it is "allow" or unset, not "${value}"`)
    }
    if (process.env.NODE_ENV === 'production') {
      throw new Error(
        `${key}=allow lets any user make the server fetch from its own network; it is for tests and cannot be set in production`
      )
    }
    return 'allow' as const
  },

  /*
  | Webhooks (README, Webhooks): `allow` lets deliveries reach loopback and
  | private addresses, so tests can run a local receiver; never in
  | production. WEBHOOK_ATTEMPTS and WEBHOOK_BACKOFF_MS are the delivery
  | queue's retry settings (11 tries, from 85 s doubling: about 24 hours).
  */
  WEBHOOK_PRIVATE_TARGETS: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    if (value !== 'allow') {
      throw new Error(`Invalid value for "${key}": it is "allow" or unset, not "${value}"`)
    }
    if (process.env.NODE_ENV === 'production') {
      throw new Error(
        `${key}=allow lets any API customer make the server post to its own network; it is for tests and cannot be set in production`
      )
    }
    return 'allow' as const
  },
  WEBHOOK_ATTEMPTS: Env.schema.number.optional(),
  WEBHOOK_BACKOFF_MS: Env.schema.number.optional(),

  /*
  | Series (docs/series.md): SERIES_EVERY_MS makes every daily or weekly
  | schedule fire every that many milliseconds instead, so a test drives a
  | real BullMQ job scheduler in seconds; never in production.
  */
  SERIES_EVERY_MS: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    const every = Number(value)
    if (!Number.isInteger(every) || every < 50) {
      throw new Error(`Invalid value for "${key}": a whole number of milliseconds from 50`)
    }
    if (process.env.NODE_ENV === 'production') {
      throw new Error(`${key} is for tests and cannot be set in production`)
    }
    return every
  },

  /*
  | Payments: Stripe when STRIPE_SECRET_KEY is set (its webhooks signed with
  | STRIPE_WEBHOOK_SECRET); otherwise the local checkout simulator, whose
  | events are signed with a secret derived from APP_KEY. STRIPE_API_BASE
  | points the SDK elsewhere than api.stripe.com (tests use a local fake).
  */
  STRIPE_SECRET_KEY: Env.schema.secret.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.secret.optionalWhen(
    (_, value) => !process.env.STRIPE_SECRET_KEY || Boolean(value)
  ),
  STRIPE_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),

  /*
  | Browser tests: Debian's Chromium unless told otherwise.
  */
  CHROMIUM_PATH: Env.schema.string.optional(),

  /** `npm run bench` only: registers the bare JSON route it measures the framework's ceiling with. */
  BENCH_ROUTES: Env.schema.boolean.optional(),
})

/**
 * With no database configured, any process (an Ace command in a second shell)
 * uses the embedded PostgreSQL that `npm run dev` is running, while it runs.
 */
if (!env.get('DATABASE_URL') && !env.get('DB_HOST') && env.get('NODE_ENV') !== 'production') {
  const dir = embeddedDatabaseDir(fileURLToPath(appRoot), env.get('EMBEDDED_POSTGRES_DIR'))
  const url = runningDatabaseUrl(dir)
  if (url) {
    env.set('DATABASE_URL', url)
    env.set('DATABASE_EMBEDDED', 'true')
  }
}

export default env
