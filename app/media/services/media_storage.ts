import defaultDrive from '@adonisjs/drive/services/main'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import type { DriveService } from '@adonisjs/drive/types'

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

  async signedUrl(key: string | null, expiresIn = '2h') {
    return key ? this.drive.use().getSignedUrl(key, { expiresIn }) : null
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

  async exists(key: string) {
    return this.drive.use().exists(key)
  }

  async delete(key: string) {
    await this.drive.use().delete(key)
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
