import drive from '@adonisjs/drive/services/main'

/**
 * Where generated media lives: the configured Drive disk, private, handed
 * out as signed URLs that expire.
 */
export class MediaStorage {
  async put(key: string, contents: Buffer, contentType: string) {
    await drive.use().put(key, contents, { contentType })
  }

  async read(key: string) {
    return drive.use().getBytes(key)
  }

  async signedUrl(key: string | null, expiresIn = '2h') {
    return key ? drive.use().getSignedUrl(key, { expiresIn }) : null
  }

  async exists(key: string) {
    return drive.use().exists(key)
  }

  async delete(key: string) {
    await drive.use().delete(key)
  }

  async deletePrefix(prefix: string) {
    await drive.use().deleteAll(prefix)
  }
}
