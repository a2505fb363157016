import { readFile } from 'node:fs/promises'
import { inject } from '@adonisjs/core'
import MusicTrack, { musicObjectKey } from '#media/models/music_track'
import { bundledBedPath, DEFAULT_MUSIC } from '#media/music/library'
import { MediaStorage } from '#media/services/media_storage'

export type SeededBed = {
  title: string
  /** `added` to the library, its file `replaced` (an older render), or `unchanged`. */
  outcome: 'added' | 'replaced' | 'unchanged'
}

/**
 * Puts the beds shipped in resources/music/ into the library
 * (docs/music.md, First boot): a bed the library lacks is stored and added;
 * one whose stored file is not the shipped one has its file replaced and its
 * duration corrected. The rest of a row (an operator's title, mood…) stays.
 */
@inject()
export class SeedMusicLibrary {
  constructor(private storage: MediaStorage) {}

  async handle(): Promise<SeededBed[]> {
    const seeded: SeededBed[] = []
    for (const bed of DEFAULT_MUSIC) {
      const key = musicObjectKey(bed.fileName)
      const audio = await readFile(bundledBedPath(bed.fileName))
      const track = await MusicTrack.findBy('fileName', bed.fileName)
      if (track && (await this.holds(key, audio))) {
        seeded.push({ title: track.title, outcome: 'unchanged' })
        continue
      }
      await this.storage.put(key, audio, 'audio/mpeg')
      if (track) {
        track.duration = bed.duration
        await track.save()
        seeded.push({ title: track.title, outcome: 'replaced' })
      } else {
        await MusicTrack.create({ ...bed, artist: 'Reelforge Library', thumbnailUrl: null })
        seeded.push({ title: bed.title, outcome: 'added' })
      }
    }
    return seeded
  }

  private async holds(key: string, audio: Buffer) {
    return (await this.storage.exists(key)) && audio.equals(await this.storage.read(key))
  }
}
