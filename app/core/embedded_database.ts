/*
|--------------------------------------------------------------------------
| The embedded PostgreSQL of `npm run dev`
|--------------------------------------------------------------------------
|
| bin/dev.ts records the URL of the database it started; start/env.ts reads
| the record so that Ace commands run from another shell use that database
| while it is up. Node built-ins only: bin/dev.ts imports this file under
| plain Node type stripping.
|
*/
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, resolve } from 'node:path'

/** Where `npm run dev` keeps its embedded PostgreSQL, relative to the app root. */
export const DEFAULT_EMBEDDED_DATABASE_DIR = 'tmp/embedded-postgres'

export function embeddedDatabaseDir(appRoot: string, configured?: string): string {
  const dir = configured || DEFAULT_EMBEDDED_DATABASE_DIR
  return isAbsolute(dir) ? dir : join(appRoot, dir)
}

const recordFile = (dir: string) => join(dir, 'database-url')

export function recordRunningDatabase(dir: string, url: string) {
  writeFileSync(recordFile(dir), `${url}\n`)
}

export function forgetRunningDatabase(dir: string) {
  rmSync(recordFile(dir), { force: true })
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The recorded URL while its server is really up: the data directory's
 * postmaster.pid names a live process listening on the URL's port. A record
 * left behind by a dev process that was killed outright is ignored.
 */
export function runningDatabaseUrl(dir: string): string | undefined {
  const pidFile = join(dir, 'data', 'postmaster.pid')
  if (!existsSync(recordFile(dir)) || !existsSync(pidFile)) return undefined
  const url = readFileSync(recordFile(dir), 'utf8').trim()
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n')
  let recordedPort: string
  try {
    recordedPort = new URL(url).port
  } catch {
    return undefined
  }
  if (port?.trim() !== recordedPort || !isAlive(Number(pid))) return undefined
  return url
}

/**
 * The topmost folder above (or at) `path` that other users cannot enter
 * (no o+x: a 0700 home, as in many containers), or null. As root, the
 * embedded PostgreSQL runs as the `postgres` user, and its binaries and
 * data live under the project: such a folder stops it.
 */
export function folderClosedToOthers(path: string): string | null {
  let closed: string | null = null
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) closed = dir
    if (dirname(dir) === dir) return closed
  }
}
