import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { STYLE_IDS } from '#core/vocabulary'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import ProjectTransformer from '#studio/transformers/project_transformer'
import { STYLE_LIST } from '#studio/styles'
import { DEFAULT_AI_SCRIPT_SECONDS, DEFAULT_TARGET_SECONDS, SCRIPT_LENGTHS } from '#studio/limits'

const duplicateQuery = vine.create({
  prompt: vine.string().maxLength(10_000).optional(),
  style: vine.enum(STYLE_IDS).optional(),
  duration: vine
    .number()
    .in([...SCRIPT_LENGTHS])
    .optional(),
})

@inject()
export default class StudioPagesController {
  constructor(private signedMedia: SignedMedia) {}

  /**
   * /setup; the video page's Duplicate arrives with ?prompt&style&duration.
   */
  async setup({ auth, inertia, request }: HttpContext) {
    const [, prefill] = await duplicateQuery.tryValidate(request.qs())
    const user = auth.getUserOrFail()
    return inertia.render('studio/setup', {
      styles: STYLE_LIST.map(({ id, name, swatch }) => ({ id, name, swatch })),
      scriptLengths: [...SCRIPT_LENGTHS],
      defaults: {
        style: (STYLE_IDS as readonly string[]).includes(user.defaultStyle)
          ? user.defaultStyle
          : 'cinematic',
        aspectRatio: '9:16',
        targetSeconds: DEFAULT_TARGET_SECONDS,
        aiScriptSeconds: DEFAULT_AI_SCRIPT_SECONDS,
        mood: 'chill',
        language: user.language,
      },
      prefill: {
        prompt: prefill?.prompt ?? null,
        style: prefill?.style ?? null,
        duration: prefill?.duration ?? null,
      },
    })
  }

  async storyboard({ auth, inertia, params }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findWithScenes(params.projectId)
    const urls = project ? await this.signedMedia.forScenes(project.scenes, project) : new Map()
    return inertia.render('studio/storyboard', {
      projectId: Number(params.projectId),
      project: project ? ProjectTransformer.transform(project, urls) : null,
    })
  }
}
