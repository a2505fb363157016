import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import MusicTrack from '#media/models/music_track'
import { MediaStorage } from '#media/services/media_storage'
import { DEFAULT_MUSIC, synthesizeBed } from '#media/music_library'

export default class MusicSeed extends BaseCommand {
  static commandName = 'music:seed'
  static description = 'Add the default background tracks (two per mood) when missing'
  static options: CommandOptions = { startApp: true }

  async run() {
    const storage = new MediaStorage()
    for (const track of DEFAULT_MUSIC) {
      const existing = await MusicTrack.findBy('fileName', track.fileName)
      if (existing) continue
      const started = Date.now()
      await storage.put(
        `music/${track.fileName}`,
        await synthesizeBed(track.fileName),
        'audio/mpeg'
      )
      await MusicTrack.create({ ...track, artist: 'Reelforge Library', thumbnailUrl: null })
      this.logger.info(`added "${track.title}" (${track.mood}) in ${Date.now() - started} ms`)
    }
    this.logger.success(
      `music library: ${await MusicTrack.query()
        .count('* as total')
        .then((r) => r[0].$extras.total)} tracks`
    )
  }
}
