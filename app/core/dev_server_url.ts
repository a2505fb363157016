/*
|--------------------------------------------------------------------------
| The web server of `npm run dev`
|--------------------------------------------------------------------------
|
| The dev web server records the URL it listens on beside the embedded
| database's record; config/app.ts reads it so that Ace commands run from
| another shell (`auth:link`) print links to that server, whatever PORT
| their own shell has. A record whose process has gone is ignored.
|
*/
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isAlive } from '#core/embedded_database'

const recordFile = (dir: string) => join(dir, 'server-url')

type Record = { url: string; pid: number }

function readRecord(dir: string): Record | undefined {
  try {
    const record = JSON.parse(readFileSync(recordFile(dir), 'utf8'))
    return typeof record?.url === 'string' && Number.isInteger(record?.pid) ? record : undefined
  } catch {
    return undefined
  }
}

/** A server bound to every interface is reached on localhost. */
export function devServerUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

export function recordDevServer(dir: string, url: string) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(recordFile(dir), `${JSON.stringify({ url, pid: process.pid })}\n`)
}

/** Removes the record when it is this process's own. */
export function forgetDevServer(dir: string) {
  if (readRecord(dir)?.pid === process.pid) rmSync(recordFile(dir), { force: true })
}

/** The recorded URL while the process that wrote it is alive. */
export function runningDevServerUrl(dir: string): string | undefined {
  const record = readRecord(dir)
  return record && isAlive(record.pid) ? record.url : undefined
}
