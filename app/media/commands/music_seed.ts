import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SeedMusicLibrary } from '#media/actions/seed_music_library'

export default class MusicSeed extends BaseCommand {
  static commandName = 'music:seed'
  static description =
    'Add the shipped background tracks (two per mood, resources/music/) when missing, or refresh their files'
  static options: CommandOptions = { startApp: true }

  async run() {
    const started = Date.now()
    const seedMusicLibrary = await this.app.container.make(SeedMusicLibrary)
    const seeded = await seedMusicLibrary.handle()
    const count = (outcome: string) => seeded.filter((bed) => bed.outcome === outcome).length
    this.logger.success(
      `music library: ${count('added')} added, ${count('replaced')} files replaced, ` +
        `${count('unchanged')} unchanged, in ${Date.now() - started} ms`
    )
  }
}
