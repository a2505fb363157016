import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { captionOptions, type CaptionOptions } from '#media/render/caption_styles'
import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import type { captionsField } from '#studio/validators/project'

export type CaptionsChoice = Infer<typeof captionsField>

export type ChooseCaptionsResult =
  | { status: 'done'; project: Project }
  /** A run is under way: it renders the captions it started with. */
  | { status: 'project_busy' }

/** The captions as the API and the pages send them, over the chosen style's defaults. */
export function chosenCaptions(choice: CaptionsChoice): CaptionOptions {
  return captionOptions({
    style: choice.style,
    position: choice.position,
    font: choice.font,
    textColor: choice.text_color?.toUpperCase(),
    highlightColor: choice.highlight_color?.toUpperCase(),
    size: choice.size,
    uppercase: choice.uppercase,
  })
}

/**
 * Changes how a project's captions look before its next render (the
 * storyboard's Captions card, docs/product.md, Captions). The choice also
 * becomes the creator's default for new projects. The project row is
 * locked, so a Generate Final Video that starts meanwhile either renders
 * the new choice or refuses it, never half of it.
 */
export class ChooseCaptions {
  async handle(project: Project, choice: CaptionsChoice): Promise<ChooseCaptionsResult> {
    return db.transaction(async (trx) => {
      const locked = await Project.query({ client: trx })
        .where('id', project.id)
        .forUpdate()
        .firstOrFail()
      if (isGenerating(locked.status)) return { status: 'project_busy' } as const
      locked.captions = chosenCaptions(choice)
      locked.captionsChosenAt = DateTime.now()
      await locked.save()
      return { status: 'done', project: locked } as const
    })
  }
}
