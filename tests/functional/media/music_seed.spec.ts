import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { SeedMusicLibrary } from '#media/actions/seed_music_library'
import MusicTrack, { MOODS, musicObjectKey } from '#media/models/music_track'
import { bundledBedPath, DEFAULT_MUSIC } from '#media/music/library'
import { MediaStorage } from '#media/services/media_storage'

const storage = new MediaStorage()

test.group('Media: seeding the music library', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(async () => {
    for (const bed of DEFAULT_MUSIC) await storage.delete(musicObjectKey(bed.fileName))
  })

  test('adds every shipped bed, two or more per mood, its file copied as shipped', async ({
    assert,
  }) => {
    const seed = await app.container.make(SeedMusicLibrary)
    const seeded = await seed.handle()

    assert.deepEqual(
      seeded.map((bed) => bed.outcome),
      DEFAULT_MUSIC.map(() => 'added')
    )
    const tracks = await MusicTrack.query().orderBy('id')
    for (const mood of MOODS) {
      assert.isAtLeast(tracks.filter((track) => track.mood === mood).length, 2, mood)
    }
    for (const track of tracks) {
      const shipped = await readFile(bundledBedPath(track.fileName))
      assert.isTrue(shipped.equals(await storage.read(musicObjectKey(track.fileName))))
      assert.equal(track.artist, 'Reelforge Library')
    }
  })

  test('again: changes nothing, but puts the shipped file back over an older render', async ({
    assert,
  }) => {
    const seed = await app.container.make(SeedMusicLibrary)
    await seed.handle()
    const [first] = DEFAULT_MUSIC
    const track = await MusicTrack.findByOrFail('fileName', first.fileName)
    await track.merge({ title: 'Renamed by the operator', duration: 45 }).save()
    await storage.put(musicObjectKey(first.fileName), Buffer.from('an older render'), 'audio/mpeg')

    const again = await seed.handle()
    const unchanged = await seed.handle()

    assert.deepEqual(again[0], { title: 'Renamed by the operator', outcome: 'replaced' })
    assert.deepEqual(
      again.slice(1).map((bed) => bed.outcome),
      DEFAULT_MUSIC.slice(1).map(() => 'unchanged')
    )
    assert.isTrue(unchanged.every((bed) => bed.outcome === 'unchanged'))
    await track.refresh()
    assert.equal(track.title, 'Renamed by the operator')
    assert.equal(track.duration, first.duration)
    const shipped = await readFile(bundledBedPath(first.fileName))
    assert.isTrue(shipped.equals(await storage.read(musicObjectKey(first.fileName))))
    assert.lengthOf(await MusicTrack.all(), DEFAULT_MUSIC.length)
  })
})
