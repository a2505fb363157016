import defaultDrive from '@adonisjs/drive/services/main'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import type { DriveService } from '@adonisjs/drive/types'

/**
 * Signed URLs are reused for a window of this length: a page refreshed
 * within it gets the same URLs, so the browser's cache keeps the media.
 */
export const SIGNED_URL_WINDOW_MS = 10 * 60 * 1000
const SIGNED_URL_LIFETIME = '2h'
/** A download's URL is followed at once (a redirect), so it need not live long. */
const DOWNLOAD_URL_LIFETIME = '10m'

type SignedWindow = { window: number; urls: Map<string, string> }
/** Per driver, so a test's fake disk never sees the real disk's URLs. */
const signedWindows = new WeakMap<object, SignedWindow>()

/**
 * Where generated media lives: the configured Drive disk, private, handed
 * out as signed URLs that expire.
 */
export class MediaStorage {
  /** The app's drive unless a test hands in one built from other settings. */
  constructor(private drive: DriveService = defaultDrive) {}

  async put(key: string, contents: Buffer, contentType: string) {
    await this.drive.use().put(key, contents, { contentType })
  }

  /** Copies a local file in, without holding it in memory. */
  async putFile(key: string, path: string, contentType: string) {
    await this.drive.use().copyFromFs(path, key, { contentType })
  }

  async read(key: string) {
    return this.drive.use().getBytes(key)
  }

  /**
   * A signed URL for `key`, the same one for every call in the current
   * time window (it still has at least 2 h minus the window to live); with
   * an `expiresIn` of its own, a fresh one.
   */
  async signedUrl(key: string | null, expiresIn?: string) {
    if (!key) return null
    if (expiresIn !== undefined) return this.drive.use().getSignedUrl(key, { expiresIn })
    const urls = await this.signedUrls([key])
    return urls.get(key)!
  }

  /**
   * A fresh signed URL that has the file saved rather than shown: the disk
   * answers it with `contentDisposition` (the fs route and S3 alike).
   */
  async signedDownloadUrl(key: string, contentDisposition: string) {
    return this.drive
      .use()
      .getSignedUrl(key, { expiresIn: DOWNLOAD_URL_LIFETIME, contentDisposition })
  }

  /**
   * Windowed signed URLs for many keys at once (a page of cards): the ones
   * already signed in this window come from memory, only the rest are signed.
   */
  async signedUrls(keys: Iterable<string>) {
    const disk = this.drive.use()
    const window = Math.floor(Date.now() / SIGNED_URL_WINDOW_MS)
    let current = signedWindows.get(disk.driver)
    if (current?.window !== window) {
      current = { window, urls: new Map() }
      signedWindows.set(disk.driver, current)
    }
    const urls = new Map<string, string>()
    for (const key of keys) {
      let url = current.urls.get(key)
      if (url === undefined) {
        url = await disk.getSignedUrl(key, { expiresIn: SIGNED_URL_LIFETIME })
        current.urls.set(key, url)
      }
      urls.set(key, url)
    }
    return urls
  }

  /**
   * Where a browser may PUT the object itself: a presigned URL on S3; null on
   * the fs disk, which has no upload URLs of its own (the app receives those).
   */
  async signedUploadUrl(key: string, contentType: string, expiresIn: string) {
    const disk = this.drive.use()
    if (disk.driver instanceof FSDriver) return null
    return disk.getSignedUploadUrl(key, { contentType, expiresIn })
  }

  async size(key: string) {
    const metadata = await this.drive.use().getMetaData(key)
    return metadata.contentLength
  }

  /** The object's size and when it was written; null when there is none. */
  async stat(key: string) {
    const disk = this.drive.use()
    if (!(await disk.exists(key))) return null
    const { contentLength, lastModified } = await disk.getMetaData(key)
    return { size: contentLength, lastModified }
  }

  /**
   * The object's bytes, read as a stream and given up past `maxBytes`
   * (null then): its size may have changed since anyone looked.
   */
  async readAtMost(key: string, maxBytes: number) {
    const stream = await this.drive.use().getStream(key)
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      if (size > maxBytes) {
        stream.destroy()
        return null
      }
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks)
  }

  /**
   * The keys of every object under `prefix/`, without reading their
   * metadata (the slash matters on S3: `pictures` also matches `pictures-x/`).
   */
  async listKeys(prefix: string) {
    const disk = this.drive.use()
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`
    const keys: string[] = []
    let paginationToken: string | undefined
    do {
      const page = await disk.listAll(folder, { recursive: true, paginationToken })
      for (const object of page.objects) if (object.isFile) keys.push(object.key)
      paginationToken = page.paginationToken
    } while (paginationToken)
    return keys
  }

  /** The names of the folders right under `prefix/` (one level, no files). */
  async listFolders(prefix: string) {
    const disk = this.drive.use()
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`
    const names: string[] = []
    let paginationToken: string | undefined
    do {
      const page = await disk.listAll(folder, { recursive: false, paginationToken })
      for (const object of page.objects) if (object.isDirectory) names.push(object.name)
      paginationToken = page.paginationToken
    } while (paginationToken)
    return names
  }

  /** Every object under `prefix/`, with when it was last written. */
  async list(prefix: string) {
    const disk = this.drive.use()
    const found: { key: string; lastModified: Date }[] = []
    let paginationToken: string | undefined
    do {
      const page = await disk.listAll(prefix, { recursive: true, paginationToken })
      for (const object of page.objects) {
        if (!object.isFile) continue
        const { lastModified } = await object.getMetaData()
        found.push({ key: object.key, lastModified })
      }
      paginationToken = page.paginationToken
    } while (paginationToken)
    return found
  }

  async exists(key: string) {
    return this.drive.use().exists(key)
  }

  async delete(key: string) {
    await this.drive.use().delete(key)
  }

  /** A copy of the object under a key of its own, made by the disk (no bytes through the app). */
  async copy(from: string, to: string) {
    await this.drive.use().copy(from, to)
  }

  /**
   * Deletes a folder: every key under `prefix/`. Straight to the driver, as
   * Disk strips the trailing slash and on S3 `projects/1` also matches
   * `projects/10/…`.
   */
  async deletePrefix(prefix: string) {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`
    await this.drive.use().driver.deleteAll(folder)
  }
}
