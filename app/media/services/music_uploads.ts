import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { appKey } from '#config/app'
import {
  AUDIO_KINDS,
  MAX_AUDIO_BYTES,
  audioKindOf,
  inspectAudio,
  startsLike,
  type AudioKind,
} from '#media/services/audio_files'
import { MediaStorage } from '#media/services/media_storage'
import MusicTrack from '#media/models/music_track'

export const UPLOAD_URL_TTL_SECONDS = 30 * 60
/** How long an upload may wait for its track to be saved: the URL's lifetime and an hour. */
export const UNATTACHED_GRACE_MS = (UPLOAD_URL_TTL_SECONDS + 60 * 60) * 1000

export type UploadTicket =
  | { status: 'issued'; uploadURL: string; objectName: string; contentType: string }
  | { status: 'unsupported_type' }

export type UploadSignature = 'valid' | 'expired' | 'tampered'

export type ReceivedAudio =
  { status: 'stored'; durationSeconds: number } | { status: 'too_large' } | { status: 'not_audio' }

export type VerifiedAudio = ReceivedAudio | { status: 'missing' }

/**
 * Audio uploads for the music library. The browser PUTs the file to a
 * signed, expiring URL: a presigned S3 URL on the S3 disk, else one of ours
 * that this class checks and receives. Either way the stored object is then
 * verified (size, first bytes, ffprobe) before a track may use it; a file
 * that fails is deleted.
 */
export class MusicUploads {
  constructor(
    private storage = new MediaStorage(),
    private secret = appKey.release()
  ) {}

  async issue(userId: number, fileName: string, now = Date.now()): Promise<UploadTicket> {
    const kind = audioKindOf(fileName)
    if (!kind) return { status: 'unsupported_type' }
    await this.sweepUnattached(now)
    const objectName = this.#objectName(fileName, kind)
    const contentType = AUDIO_KINDS[kind].contentType
    const presigned = await this.storage.signedUploadUrl(
      `music/${objectName}`,
      contentType,
      `${UPLOAD_URL_TTL_SECONDS}s`
    )
    const expires = Math.floor(now / 1000) + UPLOAD_URL_TTL_SECONDS
    const uploadURL =
      presigned ??
      `/api/music/uploads/${objectName}?expires=${expires}&signature=${this.#sign(userId, objectName, expires)}`
    return { status: 'issued', uploadURL, objectName, contentType }
  }

  /**
   * Deletes uploads no track was ever saved with (a dialog closed after the
   * upload, a browser gone) once their grace has passed: each new upload
   * sweeps the ones before it. Returns the keys deleted.
   */
  async sweepUnattached(now = Date.now()) {
    const tracks = await MusicTrack.query().select('file_name')
    const attached = new Set(tracks.map((track) => `music/${track.fileName}`))
    const stored = await this.storage.list('music')
    const stale = stored.filter(
      (object) =>
        !attached.has(object.key) && now - object.lastModified.getTime() > UNATTACHED_GRACE_MS
    )
    for (const object of stale) await this.storage.delete(object.key)
    return stale.map((object) => object.key)
  }

  /** Checks one of our upload URLs for the user who asked for it. */
  check(
    userId: number,
    objectName: string,
    expires: unknown,
    signature: unknown,
    now = Date.now()
  ) {
    if (
      typeof expires !== 'string' ||
      !/^\d{1,12}$/.test(expires) ||
      typeof signature !== 'string'
    ) {
      return 'tampered'
    }
    const expected = Buffer.from(this.#sign(userId, objectName, Number(expires)))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'tampered'
    return Number(expires) * 1000 < now ? 'expired' : 'valid'
  }

  /**
   * Takes a PUT body into a scratch file, checks it and only then stores it.
   * A body over the limit is read to its end and dropped, so the client
   * hears why.
   */
  async receive(objectName: string, body: Readable): Promise<ReceivedAudio> {
    const kind = audioKindOf(objectName)!
    return this.#inScratch(async (path) => {
      const file = await open(path, 'w')
      let size = 0
      try {
        for await (const chunk of body) {
          size += (chunk as Buffer).length
          if (size <= MAX_AUDIO_BYTES) await file.write(chunk as Buffer)
        }
      } finally {
        await file.close()
      }
      if (size > MAX_AUDIO_BYTES) return { status: 'too_large' }
      const result = await this.#check(path, kind)
      if (result.status === 'stored') {
        await this.storage.putFile(`music/${objectName}`, path, AUDIO_KINDS[kind].contentType)
      }
      return result
    })
  }

  /** Checks a stored upload (S3 PUTs land without us); a bad one is deleted. */
  async verify(objectName: string): Promise<VerifiedAudio> {
    const key = `music/${objectName}`
    if (!(await this.storage.exists(key))) return { status: 'missing' }
    const result: ReceivedAudio =
      (await this.storage.size(key)) > MAX_AUDIO_BYTES
        ? { status: 'too_large' }
        : await this.#inScratch(async (path) => {
            await writeFile(path, await this.storage.read(key))
            return this.#check(path, audioKindOf(objectName)!)
          })
    if (result.status !== 'stored') await this.storage.delete(key)
    return result
  }

  async #check(path: string, kind: AudioKind): Promise<ReceivedAudio> {
    const file = await open(path, 'r')
    const head = Buffer.alloc(16)
    try {
      await file.read(head, 0, head.length, 0)
    } finally {
      await file.close()
    }
    if (!startsLike(kind, head)) return { status: 'not_audio' }
    const inspection = await inspectAudio(path, kind)
    return inspection.status === 'audio'
      ? { status: 'stored', durationSeconds: inspection.durationSeconds }
      : { status: 'not_audio' }
  }

  async #inScratch<T>(work: (path: string) => Promise<T>) {
    const dir = await mkdtemp(join(tmpdir(), 'reelforge-upload-'))
    try {
      return await work(join(dir, 'audio'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  #objectName(fileName: string, kind: AudioKind) {
    const stem =
      fileName
        .slice(0, fileName.lastIndexOf('.'))
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'track'
    return `${stem}-${randomBytes(6).toString('hex')}.${kind}`
  }

  #sign(userId: number, objectName: string, expires: number) {
    return createHmac('sha256', this.secret)
      .update(`music-upload\n${userId}\n${objectName}\n${expires}`)
      .digest('base64url')
  }
}
