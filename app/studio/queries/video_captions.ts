import type User from '#auth/models/user'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import type { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { captionKeysOf } from '#studio/render/run_ids'

export const CAPTION_FORMATS = ['srt', 'vtt'] as const
export type CaptionFormat = (typeof CAPTION_FORMATS)[number]

const CONTENT_TYPES: Record<CaptionFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
}

/**
 * The SRT or WebVTT captions of a user's finished video, stored beside it
 * when it was composed (docs/product.md, Captions). A video without a
 * finished file has none: 404; one finished before caption files existed
 * says so, and how to get them.
 */
export class VideoCaptions {
  constructor(private storage: MediaStorage) {}

  /** Whether the project's finished video has its caption files. */
  async stored(project: Pick<Project, 'outputVideoKey'>) {
    if (!project.outputVideoKey) return false
    return this.storage.exists(captionKeysOf(project.outputVideoKey).vttKey)
  }

  async of(user: User, videoId: number, format: CaptionFormat) {
    const project = await new OwnedProjects(user).findOrFail(videoId)
    if (!project.outputVideoKey) throw new MissingResourceException('captions')
    const key = captionKeysOf(project.outputVideoKey)[format === 'srt' ? 'srtKey' : 'vttKey']
    if (!(await this.storage.exists(key))) throw new CaptionsNotMade()
    return {
      body: Buffer.from(await this.storage.read(key)),
      contentType: CONTENT_TYPES[format],
      fileName: `video-${project.id}.${format}`,
    }
  }
}

/** A video finished before caption files were made beside every video: 404, saying so. */
class CaptionsNotMade extends MissingResourceException {
  constructor() {
    super('captions')
    this.message =
      'This video was finished before caption files were made. Generate it again to get SRT and WebVTT captions.'
  }
}
