import { DEFAULT_CAPTIONS, type CaptionOptions } from '#media/render/caption_styles'
import Project from '#studio/models/project'

/**
 * A creator's caption look: the one they chose last, on /setup or a
 * storyboard (their last choice is their default, docs/product.md, Captions), else today's
 * phrase style.
 */
export class CreatorCaptions {
  async of(userId: number): Promise<CaptionOptions> {
    const newest = await Project.query()
      .where('user_id', userId)
      .orderBy('captions_chosen_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select('captions')
      .first()
    return newest?.captions ?? DEFAULT_CAPTIONS
  }
}
