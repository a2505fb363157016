import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { STYLE_IDS } from '#core/vocabulary'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import ProjectTransformer from '#studio/transformers/project_transformer'
import { STYLE_LIST } from '#studio/styles'
import { DEFAULT_AI_SCRIPT_SECONDS, DEFAULT_TARGET_SECONDS, SCRIPT_LENGTHS } from '#studio/limits'

/**
 * Duplicate's query, checked field by field: one unusable value (say an odd
 * duration) must not throw away the others.
 */
const duplicateFields = {
  prompt: vine.create(vine.string().maxLength(10_000)),
  style: vine.create(vine.enum(STYLE_IDS)),
  duration: vine.create(vine.number().in([...SCRIPT_LENGTHS])),
}

@inject()
export default class StudioPagesController {
  constructor(private signedMedia: SignedMedia) {}

  /**
   * /setup; the video page's Duplicate arrives with ?prompt&style&duration.
   */
  async setup({ auth, inertia, request }: HttpContext) {
    const query = request.qs()
    const [, prompt] = await duplicateFields.prompt.tryValidate(query.prompt)
    const [, style] = await duplicateFields.style.tryValidate(query.style)
    const [, duration] = await duplicateFields.duration.tryValidate(query.duration)
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
        prompt: prompt ?? null,
        style: style ?? null,
        duration: duration ?? null,
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

  async status({ inertia, params }: HttpContext) {
    return inertia.render('studio/status', { projectId: Number(params.projectId) })
  }

  async videos({ inertia }: HttpContext) {
    return inertia.render('studio/videos', {})
  }

  async player({ inertia, params }: HttpContext) {
    return inertia.render('studio/player', { videoId: Number(params.videoId) })
  }
}
