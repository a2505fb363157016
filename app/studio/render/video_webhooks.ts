import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appUrl } from '#config/app'
import { WebhookEvents } from '#core/webhooks/webhook_events'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import type { VideoPost } from '#shared/video_post'

/** How long a webhook's download URL lasts: the 24 hours of retries, and a day to spare. */
const DOWNLOAD_URL_LIFETIME = '48h'

/** A finished video's download and thumbnail URLs, as a `video.completed` event carries them. */
export type VideoLinks = { downloadUrl: string; thumbnailUrl: string | null }

/**
 * A render's end, told to the owner's webhook endpoints (README, Webhooks):
 * `video.completed` with what a posting flow needs (the video's API page,
 * a download URL, thumbnail, length, resolution, and the post it is published
 * with), `video.failed` with the reason. Published inside the lifecycle's transaction, so an event exists
 * exactly when the status it reports was committed.
 */
@inject()
export class VideoWebhooks {
  constructor(
    private events: WebhookEvents,
    private storage: MediaStorage
  ) {}

  /** Signed before the lifecycle's transaction opens: a storage's signer may wait on its credentials. */
  async links(output: { videoKey: string; thumbKey: string | null }): Promise<VideoLinks> {
    const [downloadUrl, thumbnailUrl] = await Promise.all([
      this.storage.signedUrl(output.videoKey, DOWNLOAD_URL_LIFETIME),
      this.storage.signedUrl(output.thumbKey, DOWNLOAD_URL_LIFETIME),
    ])
    return {
      downloadUrl: absolute(downloadUrl!),
      thumbnailUrl: thumbnailUrl ? absolute(thumbnailUrl) : null,
    }
  }

  /** `video` carries the file's length as rendered: a held last scene's extra frames count. */
  async completed(
    project: Project,
    post: VideoPost,
    video: VideoLinks & { durationSeconds: number },
    trx: TransactionClientContract
  ) {
    await this.events.publish(
      project.userId,
      'video.completed',
      {
        video: {
          id: project.id,
          status: 'done',
          url: videoPage(project.id),
          ...video,
          resolution: project.resolution ?? '',
          post: { title: post.title, description: post.description, hashtags: post.hashtags },
        },
      },
      trx
    )
  }

  async failed(project: Project, trx: TransactionClientContract) {
    await this.events.publish(
      project.userId,
      'video.failed',
      {
        video: {
          id: project.id,
          status: 'failed',
          url: videoPage(project.id),
          error: project.error ?? 'The render failed.',
        },
      },
      trx
    )
  }
}

function videoPage(id: number) {
  return new URL(`/api/videos/${id}`, appUrl).href
}

/** The fs disk signs app paths; S3's presigned URLs are absolute already. */
function absolute(url: string) {
  return new URL(url, appUrl).href
}
