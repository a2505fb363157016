import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createAccount } from '#tests/helpers/auth'
import { STYLES } from '#studio/styles'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runFfmpeg } from '#media/ffmpeg/tools'

export const OPERATOR_EMAIL = env.get('ADMIN_EMAIL')!

export function createOperator() {
  return createAccount(OPERATOR_EMAIL)
}

/**
 * `count` users straight in the database, each with the projects of the
 * given statuses; returns their ids. Bulk inserts rather than the factories:
 * the stats tests seed a thousand users and their projects.
 */
export async function seedUsers(count: number, statuses: string[] = []) {
  const now = new Date()
  const batch = randomUUID().slice(0, 8)
  const ids: number[] = []
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, index) => ({
      email: `seeded-${batch}-${start + index}@example.com`,
      created_at: now,
      updated_at: now,
    }))
    const inserted = await db.table('users').multiInsert(rows).returning('id')
    ids.push(...inserted.map((row: { id: number }) => row.id))
  }
  // Each row's billing account opened with it, on Free; the balance a signup would have.
  await db.from('billing_accounts').whereIn('user_id', ids).update({ credits: 10 })
  if (statuses.length > 0) {
    const projects = ids.flatMap((userId) =>
      statuses.map((status) => ({
        user_id: userId,
        script: 'script',
        style: 'cinematic',
        style_template: STYLES.cinematic.template,
        voice: JSON.stringify({ id: 'en-us', provider: 'espeak', speed: 1, language: 'english' }),
        aspect_ratio: '9:16',
        target_seconds: 30,
        generation_mode: 'text-to-video',
        status,
        progress_percent: status === 'done' ? 100 : 0,
        created_at: now,
        updated_at: now,
      }))
    )
    for (let start = 0; start < projects.length; start += 1000) {
      await db.table('projects').multiInsert(projects.slice(start, start + 1000))
    }
  }
  return ids
}

/** Runs `work` and counts the SQL statements it sent. */
export async function countQueries(work: () => Promise<unknown>) {
  const knex = db.connection().getWriteClient()
  let count = 0
  const listener = () => count++
  knex.on('query', listener)
  try {
    await work()
  } finally {
    knex.off('query', listener)
  }
  return count
}

/** A real, tiny audio file made by ffmpeg: `seconds` of a sine tone. */
export async function makeAudio(extension: 'mp3' | 'wav', seconds = 3) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-test-audio-'))
  try {
    const path = join(dir, `tone.${extension}`)
    await runFfmpeg({ ffmpeg: ffmpegPath() }, [
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      path,
    ])
    return await readFile(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
