import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import {
  folderClosedToOthers,
  forgetRunningDatabase,
  recordRunningDatabase,
  runningDatabaseUrl,
} from '#core/embedded_database'

const URL_ON_PORT_41234 = 'postgres://postgres:reelforge@127.0.0.1:41234/reelforge'

/** A data directory as PostgreSQL leaves it: postmaster.pid with the pid and the port. */
function postmaster(dir: string, pid: number, port: number) {
  mkdirSync(join(dir, 'data'), { recursive: true })
  writeFileSync(
    join(dir, 'data', 'postmaster.pid'),
    `${pid}\n${dir}/data\n1795460000\n${port}\n/tmp\n127.0.0.1\n`
  )
}

/** A pid that no process has: one that just exited. */
async function deadPid() {
  const { spawn } = await import('node:child_process')
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

test.group('The running dev database record', (group) => {
  let dir: string
  group.each.setup(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelforge-embedded-'))
    return () => rmSync(dir, { recursive: true, force: true })
  })

  test('is used while its server runs on the recorded port', ({ assert }) => {
    recordRunningDatabase(dir, URL_ON_PORT_41234)
    postmaster(dir, process.pid, 41234)

    assert.equal(runningDatabaseUrl(dir), URL_ON_PORT_41234)
  })

  test('is ignored when the server was killed and left its files behind', async ({ assert }) => {
    recordRunningDatabase(dir, URL_ON_PORT_41234)
    postmaster(dir, await deadPid(), 41234)

    assert.isUndefined(runningDatabaseUrl(dir))
  })

  test('is ignored when the server now runs on another port', ({ assert }) => {
    recordRunningDatabase(dir, URL_ON_PORT_41234)
    postmaster(dir, process.pid, 41999)

    assert.isUndefined(runningDatabaseUrl(dir))
  })

  test('is gone once dev stops, and absent when dev never ran', ({ assert }) => {
    postmaster(dir, process.pid, 41234)
    assert.isUndefined(runningDatabaseUrl(dir))

    recordRunningDatabase(dir, URL_ON_PORT_41234)
    forgetRunningDatabase(dir)
    assert.isUndefined(runningDatabaseUrl(dir))
  })
})

test.group('A checkout the embedded database can reach', () => {
  test('names the topmost folder other users cannot enter, and nothing once it opens', ({
    assert,
    cleanup,
  }) => {
    const home = mkdtempSync(join(tmpdir(), 'home-'))
    cleanup(() => rmSync(home, { recursive: true, force: true }))
    const checkout = join(home, 'projects', 'reelforge')
    mkdirSync(checkout, { recursive: true })
    chmodSync(home, 0o700)

    assert.equal(folderClosedToOthers(checkout), home)

    chmodSync(home, 0o711)
    assert.isNull(folderClosedToOthers(checkout))
  })
})
