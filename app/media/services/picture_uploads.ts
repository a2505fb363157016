import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import { appKey } from '#config/app'
import { MediaStorage } from '#media/services/media_storage'
import { MAX_PICTURE_BYTES } from '#media/services/picture_files'

/**
 * Raw picture uploads (docs/product.md, Image to Video): the browser PUTs a
 * file's bytes to a signed, expiring URL (a presigned S3 URL on the S3 disk,
 * else one of ours that this class checks and receives), and they wait,
 * unchecked, under `picture-uploads/<userId>/<upload>` until the user asks
 * for them to become a picture. Nothing else ever reads them.
 */

export const PICTURE_UPLOADS_PREFIX = 'picture-uploads'
/**
 * An upload's name: when its URL was issued (Unix seconds), then 128 random
 * bits. Only names this class issued can hold bytes: a PUT needs a URL
 * signed for the name, and the owner's id is part of the key.
 */
export const PICTURE_UPLOAD_NAME = /^\d{10,12}-[0-9a-f]{32}$/
export const UPLOAD_URL_TTL_SECONDS = 30 * 60
/** An upload not turned into a picture within this long is gone: swept, or refused as unknown. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000
/** What the browser sends; the bytes decide what the file is, never this. */
export const RAW_UPLOAD_CONTENT_TYPE = 'application/octet-stream'
/**
 * A body past the 20 MB limit is read on and dropped, so the client hears
 * the 413; past this much more, the connection is cut instead.
 */
const DRAIN_LIMIT_BYTES = 2 * MAX_PICTURE_BYTES

export type PictureUploadTicket = {
  upload: string
  uploadURL: string
  method: 'PUT'
  headers: { 'content-type': string }
}

export type UploadSignature = 'valid' | 'expired' | 'tampered'

export type ReceivedUpload =
  | { status: 'stored'; size: number }
  | { status: 'too_large'; drained: boolean }
  | { status: 'empty' }
  | { status: 'interrupted' }

export type TakenUpload =
  { status: 'taken'; bytes: Buffer } | { status: 'missing' } | { status: 'too_large' }

/** The error a request body gives when its client hangs up before the end. */
function isAbort(error: unknown) {
  const { code, message } = error as NodeJS.ErrnoException
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted'
}

export function uploadKey(userId: number, upload: string) {
  return `${PICTURE_UPLOADS_PREFIX}/${userId}/${upload}`
}

/** When an upload's URL was issued (ms), from its name; null for a name that is not ours. */
function issuedAt(upload: string) {
  return PICTURE_UPLOAD_NAME.test(upload) ? Number(upload.split('-')[0]) * 1000 : null
}

@inject()
export class PictureUploads {
  #secret = appKey.release()

  constructor(private storage: MediaStorage) {}

  async issue(userId: number, now = Date.now()): Promise<PictureUploadTicket> {
    const issued = Math.floor(now / 1000)
    const upload = `${issued}-${randomBytes(16).toString('hex')}`
    const presigned = await this.storage.signedUploadUrl(
      uploadKey(userId, upload),
      RAW_UPLOAD_CONTENT_TYPE,
      `${UPLOAD_URL_TTL_SECONDS}s`
    )
    const expires = issued + UPLOAD_URL_TTL_SECONDS
    const uploadURL =
      presigned ??
      `/api/pictures/uploads/${upload}?expires=${expires}&signature=${this.#sign(userId, upload, expires)}`
    return {
      upload,
      uploadURL,
      method: 'PUT',
      headers: { 'content-type': RAW_UPLOAD_CONTENT_TYPE },
    }
  }

  /** Checks one of our upload URLs for the user who asked for it. */
  check(
    userId: number,
    upload: string,
    expires: unknown,
    signature: unknown,
    now = Date.now()
  ): UploadSignature {
    if (
      typeof expires !== 'string' ||
      !/^\d{1,12}$/.test(expires) ||
      typeof signature !== 'string'
    ) {
      return 'tampered'
    }
    const expected = Buffer.from(this.#sign(userId, upload, Number(expires)))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'tampered'
    return Number(expires) * 1000 < now ? 'expired' : 'valid'
  }

  /**
   * Takes a PUT body into a scratch file, counting, and stores it raw when
   * it is within the limit. Nothing is checked here but the size: turning it
   * into a picture checks the rest, on either disk alike.
   */
  async receive(userId: number, upload: string, body: Readable): Promise<ReceivedUpload> {
    const dir = await mkdtemp(join(tmpdir(), 'reelforge-picture-'))
    try {
      const path = join(dir, 'upload')
      const file = await open(path, 'w')
      let size = 0
      try {
        for await (const chunk of body) {
          size += (chunk as Buffer).length
          if (size <= MAX_PICTURE_BYTES) await file.write(chunk as Buffer)
          // leaving the loop destroys the request, and with it the connection
          else if (size > DRAIN_LIMIT_BYTES) return { status: 'too_large', drained: false }
        }
      } catch (error) {
        // the client went away mid-upload: nothing to store, nobody to answer
        if (isAbort(error)) return { status: 'interrupted' }
        throw error
      } finally {
        await file.close()
      }
      if (size > MAX_PICTURE_BYTES) return { status: 'too_large', drained: true }
      if (size === 0) return { status: 'empty' }
      await this.storage.putFile(uploadKey(userId, upload), path, RAW_UPLOAD_CONTENT_TYPE)
      return { status: 'stored', size }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /**
   * The user's raw upload, read (at most 20 MB, however large the object
   * has become) and deleted, whatever happens next: a picture is made from
   * it or it is refused, and either way it is gone. Another user's upload is
   * never looked at, since the key is the caller's own.
   */
  async take(userId: number, upload: string, now = Date.now()): Promise<TakenUpload> {
    const key = uploadKey(userId, upload)
    try {
      const issued = issuedAt(upload)
      if (issued === null || issued + UPLOAD_LIFETIME_MS < now) return { status: 'missing' }
      const stat = await this.storage.stat(key)
      if (!stat) return { status: 'missing' }
      if (stat.size > MAX_PICTURE_BYTES) return { status: 'too_large' }
      const bytes = await this.storage.readAtMost(key, MAX_PICTURE_BYTES)
      return bytes ? { status: 'taken', bytes } : { status: 'too_large' }
    } finally {
      await this.storage.delete(key)
    }
  }

  /**
   * Deletes the raw uploads nobody turned into a picture within a day (a
   * page closed after the PUT, a refused check that never came): judged
   * from the issue time in their names, so no object's metadata is read.
   * Returns the keys deleted.
   */
  async sweep(now = Date.now()) {
    const keys = await this.storage.listKeys(PICTURE_UPLOADS_PREFIX)
    const stale = keys.filter((key) => {
      const issued = issuedAt(key.slice(key.lastIndexOf('/') + 1))
      return issued === null || issued + UPLOAD_LIFETIME_MS < now
    })
    for (const key of stale) await this.storage.delete(key)
    return stale
  }

  #sign(userId: number, upload: string, expires: number) {
    return createHmac('sha256', this.#secret)
      .update(`picture-upload\n${userId}\n${upload}\n${expires}`)
      .digest('base64url')
  }
}
