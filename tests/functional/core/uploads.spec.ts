import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import { middleware } from '#start/kernel'
import { createAccount } from '#tests/helpers/auth'
import { until } from '#tests/helpers/wait'

/**
 * No product route takes files yet (the admin music upload will): this one,
 * registered before the test server starts, stands in for it.
 */
router
  .post('/api/test/uploads', ({ request }) => {
    const file = request.file('file')
    return { size: file?.size, tmpFileExists: file?.tmpPath ? existsSync(file.tmpPath) : false }
  })
  .use([middleware.auth(), middleware.uploads()])
  .as('test.uploads.store')

const THREE_MB = Buffer.alloc(3 * 1024 * 1024, 7)

/** Points the process temp dir (where uploads land) at an empty folder for one test. */
async function watchTempDir(cleanup: (fn: () => Promise<void>) => void) {
  const dir = await mkdtemp(join(tmpdir(), 'uploads-spec-'))
  const previous = process.env.TMPDIR
  process.env.TMPDIR = dir
  cleanup(async () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    await rm(dir, { recursive: true, force: true })
  })
  return {
    dir,
    /** The files left once the server has removed them (the assertion shows any it left). */
    async files() {
      const empty = async () => {
        const left = await readdir(dir)
        return left.length === 0
      }
      await until(empty, 2_000, 'the temp files to go').catch(() => {})
      return readdir(dir)
    },
  }
}

test.group('Uploads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signed-out multipart posts get 4xx and leave no file behind', async ({
    client,
    assert,
    cleanup,
  }) => {
    const temp = await watchTempDir(cleanup)
    assert.equal(tmpdir(), temp.dir)

    const noCsrf = await client
      .post('/api/auth/magic-link')
      .file('file', THREE_MB, { filename: 'big.bin' })
    const withCsrf = await client
      .post('/api/auth/magic-link')
      .field('email', 'someone@example.com')
      .file('file', THREE_MB, { filename: 'big.bin' })
      .withCsrfToken()
    const uploadRoute = await client
      .post('/api/test/uploads')
      .file('file', THREE_MB, { filename: 'big.bin' })
      .withCsrfToken()

    noCsrf.assertStatus(403)
    withCsrf.assertStatus(415)
    withCsrf.assertBody({ message: 'This address does not accept file uploads.' })
    uploadRoute.assertStatus(401)
    assert.deepEqual(await temp.files(), [])
  })

  test('a route that takes no files refuses them with 415 instead of ignoring them', async ({
    client,
  }) => {
    const user = await createAccount('files@example.com')

    const api = await client
      .post('/api/scenes')
      .field('projectId', '1')
      .file('file', Buffer.from('hello'), { filename: 'a.txt' })
      .loginAs(user)
      .withCsrfToken()
    const signOut = await client
      .post('/auth/sign-out')
      .file('file', Buffer.from('hello'), { filename: 'a.txt' })
      .header('accept', 'text/html')
      .loginAs(user)
      .withCsrfToken()

    api.assertStatus(415)
    api.assertBody({ message: 'This address does not accept file uploads.' })
    signOut.assertStatus(415)
    signOut.assertTextIncludes('This address does not accept file uploads.')
  })

  test('a route with the uploads middleware reads the file after auth; the temp file is gone once answered', async ({
    client,
    assert,
    cleanup,
  }) => {
    const temp = await watchTempDir(cleanup)
    const user = await createAccount('uploader@example.com')

    const response = await client
      .post('/api/test/uploads')
      .file('file', THREE_MB, { filename: 'big.bin' })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBody({ size: THREE_MB.length, tmpFileExists: true })
    assert.deepEqual(await temp.files(), [])
  })
})
