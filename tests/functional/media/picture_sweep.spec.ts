import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#auth/models/user'
import PicturesSweep from '#media/commands/pictures_sweep'
import { SweepPictures } from '#media/actions/sweep_pictures'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import { pictureKeys } from '#media/services/picture_files'
import { uploadKey } from '#media/services/picture_uploads'
import { createAccount } from '#tests/helpers/auth'
import {
  makeJpeg,
  removeStoredPictures,
  requestUploadUrl,
  storedFor,
} from '#tests/helpers/pictures'

/**
 * What Image to Video leaves behind goes after a day: raw uploads never
 * turned into a picture, and pictures no project took. Nothing younger,
 * and nothing a project took, is touched.
 */

const HOUR = 60 * 60 * 1000

/** A raw upload whose URL was issued `hoursAgo` hours ago. */
async function rawUpload(user: User, hoursAgo: number, storage = new MediaStorage()) {
  const issued = Math.floor((Date.now() - hoursAgo * HOUR) / 1000)
  const name = `${issued}-${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`
  const key = uploadKey(user.id, name)
  await storage.put(key, await makeJpeg(8, 8), 'application/octet-stream')
  return key
}

/** A stored picture made `hoursAgo` hours ago, attached to a project or not. */
async function picture(user: User, hoursAgo: number, attached: boolean) {
  const storage = new MediaStorage()
  const { key, thumbnailKey } = pictureKeys(user.id, 'jpg')
  await storage.put(key, await makeJpeg(8, 8), 'image/jpeg')
  await storage.put(thumbnailKey, await makeJpeg(4, 4), 'image/jpeg')
  const row = await Picture.create({
    userId: user.id,
    key,
    thumbnailKey,
    width: 8,
    height: 8,
    contentType: 'image/jpeg',
    byteSize: 100,
    attachedAt: attached ? DateTime.now() : null,
  })
  await db
    .from('pictures')
    .where('id', row.id)
    .update({ created_at: new Date(Date.now() - hoursAgo * HOUR) })
  return row
}

async function pictureIds(user: User) {
  const rows = await Picture.query().where('user_id', user.id).orderBy('id')
  return rows.map((row) => row.id)
}

test.group('Pictures: the sweep', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('removes only uploads and unattached pictures more than a day old, with their files', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAccount('sweep@example.com')
    const other = await createAccount('sweep-other@example.com')
    removeStoredPictures(cleanup, [user, other])
    const staleUpload = await rawUpload(user, 25)
    const othersStaleUpload = await rawUpload(other, 30)
    const freshUpload = await rawUpload(user, 23)
    const stale = await picture(user, 25, false)
    const fresh = await picture(user, 23, false)
    const taken = await picture(user, 72, true)

    const report = await app.container.make(SweepPictures).then((sweep) => sweep.handle())

    assert.includeMembers(report.uploads, [staleUpload, othersStaleUpload])
    assert.notInclude(report.uploads, freshUpload)
    assert.includeMembers(report.pictures, [stale.id])
    assert.deepEqual(await pictureIds(user), [fresh.id, taken.id])
    assert.deepEqual(
      await storedFor(user.id),
      [freshUpload, fresh.key, fresh.thumbnailKey, taken.key, taken.thumbnailKey].sort()
    )
    assert.deepEqual(await storedFor(other.id), [])
  })

  test('rides on new upload URLs, at most once a minute per process', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('sweep-ticket@example.com')
    removeStoredPictures(cleanup, [user])
    const staleUpload = await rawUpload(user, 26)
    const stale = await picture(user, 26, false)
    SweepPictures.forgetLastSweep()

    const first = await requestUploadUrl(client, user)
    first.assertStatus(201)
    assert.notInclude(await storedFor(user.id), staleUpload)
    assert.isNull(await Picture.find(stale.id))

    const later = await rawUpload(user, 27)
    const second = await requestUploadUrl(client, user)
    second.assertStatus(201)
    assert.include(await storedFor(user.id), later, 'within the minute, no second sweep')
  })

  test('node ace pictures:sweep runs it at once and says what it deleted', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAccount('sweep-command@example.com')
    removeStoredPictures(cleanup, [user])
    const staleUpload = await rawUpload(user, 48)
    const stale = await picture(user, 48, false)
    const fresh = await picture(user, 1, false)

    const command = await ace.create(PicturesSweep, [])
    command.ui.switchMode('raw')
    await command.exec()

    command.assertSucceeded()
    const printed = command.ui.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    assert.match(printed, /pictures: \d+ stale upload\(s\) and \d+ unattached picture\(s\) deleted/)
    assert.deepEqual(await storedFor(user.id), [fresh.key, fresh.thumbnailKey].sort())
    assert.notInclude(await storedFor(user.id), staleUpload)
    assert.deepEqual(await pictureIds(user), [fresh.id])
    assert.isNull(await Picture.find(stale.id))
  })
})
