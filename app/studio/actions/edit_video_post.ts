import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Project from '#studio/models/project'
import { cardOf, postOf } from '#studio/transformers/video_transformer'
import type { VideoPostInput } from '#studio/validators/video_post'
import type { VideoPost } from '#shared/video_post'

export type EditVideoPostResult = { status: 'saved'; post: VideoPost } | { status: 'no_video' }

/**
 * The customer's own words for a finished video's post (docs/product.md,
 * Ready to post): the fields given replace those of the post it has, and
 * the post is marked edited, so a newer video of the project keeps it.
 * Under the row's lock, as the render's completion writes it.
 */
export class EditVideoPost {
  async handle(project: Project, input: VideoPostInput): Promise<EditVideoPostResult> {
    return db.transaction(async (trx) => {
      const locked = await Project.query({ client: trx })
        .where('id', project.id)
        .forUpdate()
        .firstOrFail()
      // The scenes the caller loaded write a post never kept (a video made before posts were).
      const current = postOf({
        ...cardOf(project),
        post: locked.post,
        outputVideoKey: locked.outputVideoKey,
      })
      if (!current) return { status: 'no_video' } as const
      const post: VideoPost = {
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        hashtags: input.hashtags ?? current.hashtags,
      }
      await locked.merge({ post, postEditedAt: DateTime.now() }).save()
      return { status: 'saved', post } as const
    })
  }
}
