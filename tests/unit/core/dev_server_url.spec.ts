import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import {
  devServerUrl,
  forgetDevServer,
  recordDevServer,
  runningDevServerUrl,
} from '#core/dev_server_url'

/** A pid that no process has: one that just exited. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

test.group('The running dev server record', (group) => {
  let dir: string
  group.each.setup(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelforge-dev-server-'))
    return () => rmSync(dir, { recursive: true, force: true })
  })

  test('gives the URL the server listens on while its process lives', ({ assert }) => {
    recordDevServer(dir, devServerUrl('0.0.0.0', 3500))

    assert.equal(runningDevServerUrl(dir), 'http://localhost:3500')
  })

  test('is ignored when the server was killed and left it behind', async ({ assert }) => {
    const pid = await deadPid()
    writeFileSync(join(dir, 'server-url'), JSON.stringify({ url: 'http://localhost:3500', pid }))

    assert.isUndefined(runningDevServerUrl(dir))
  })

  test('is ignored when missing or unreadable, and removed only by its own process', ({
    assert,
  }) => {
    assert.isUndefined(runningDevServerUrl(dir))
    writeFileSync(join(dir, 'server-url'), 'http://localhost:3500')
    assert.isUndefined(runningDevServerUrl(dir))

    writeFileSync(join(dir, 'server-url'), JSON.stringify({ url: 'http://x:1', pid: 1 }))
    forgetDevServer(dir)
    assert.isTrue(existsSync(join(dir, 'server-url')))
    recordDevServer(dir, 'http://localhost:3500')
    forgetDevServer(dir)
    assert.isFalse(existsSync(join(dir, 'server-url')))
  })
})
