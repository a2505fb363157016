import app from '@adonisjs/core/services/app'
import env from '#start/env'
import type { QueueConfig } from '#core/queue/queue_service'

function databaseComponent() {
  const url = env.get('DATABASE_URL')
  const target = url
    ? new URL(url).host + new URL(url).pathname
    : `${env.get('DB_HOST', '127.0.0.1')}:${env.get('DB_PORT', 5432)}/${env.get('DB_DATABASE', 'reelforge')}`
  return `${env.get('DATABASE_EMBEDDED') ? 'embedded' : 'external'} postgres (${target})`
}

function aiComponent() {
  const driver = env.get('AI_DRIVER', 'local')
  if (driver !== 'fal') return driver
  const publicUrl = env.get('PUBLIC_URL')
  return `fal (${publicUrl ? `webhooks to ${publicUrl}` : 'polling'})`
}

const moduleComponents = new Map<string, () => string>()

/**
 * A component a module owns (core imports no module): the module names it
 * at boot, and the report asks for its description when it prints.
 */
export function reportComponent(name: string, describe: () => string) {
  moduleComponents.set(name, describe)
}

/**
 * One line naming the component behind each concern, printed at boot so
 * nobody has to guess which default is running.
 */
export function describeComponents(): string {
  const queue = app.config.get<QueueConfig>('queue')
  const parts = {
    database: databaseComponent(),
    queue: queue.backend === 'redis' ? 'redis' : `postgres (schema ${queue.schema})`,
    mail: env.get('SMTP_HOST') ? `smtp (${env.get('SMTP_HOST')})` : 'dev mailbox',
    ai: aiComponent(),
    payments: env.get('STRIPE_SECRET_KEY') ? 'stripe' : 'local checkout simulator',
    storage: env.get('DRIVE_DISK') === 's3' ? `s3 (${env.get('S3_BUCKET')})` : 'fs',
    ...Object.fromEntries([...moduleComponents].map(([name, describe]) => [name, describe()])),
  }
  return Object.entries(parts)
    .map(([name, value]) => `${name}=${value}`)
    .join(' · ')
}
