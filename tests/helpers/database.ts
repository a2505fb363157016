import { rm } from 'node:fs/promises'
import pg from 'pg'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'

/**
 * A fresh test database on the configured PostgreSQL server, every run: a
 * run that was killed never rolled back, and the rows and queued jobs it
 * left behind (stripe events, scene jobs) made the next run's tests fail
 * for reasons of their own. A fresh machine needs no manual step either.
 */
export async function freshTestDatabase() {
  const config = app.config.get<PostgreConfig>('database.connections.postgres')
  const connection = config.connection as pg.ClientConfig
  const database = connection.database!
  const admin = new pg.Client({ ...connection, database: 'postgres' })
  await admin.connect()
  try {
    const name = `"${database.replaceAll('"', '""')}"`
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
}

/**
 * The test disk emptied with the database, every run: ids start again in a
 * fresh database, so a file a killed or earlier run left under an id would
 * stand in for one this run has not written yet.
 */
export async function freshTestStorage() {
  await rm(app.makePath(env.get('DRIVE_FS_ROOT') ?? 'storage'), { recursive: true, force: true })
}
