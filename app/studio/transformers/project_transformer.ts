import { BaseTransformer } from '@adonisjs/core/transformers'
import type Project from '#studio/models/project'
import { videoCost } from '#studio/render/video_cost'
import SceneTransformer, { type SignedUrls } from '#studio/transformers/scene_transformer'

/**
 * A project. `toObject` is the agency API's shape, which keeps both
 * spellings its clients read (`script` and `prompt`, `target_seconds` and
 * `targetSeconds`, docs/decisions.md); `forPage` is the storyboard's prop,
 * one name per field.
 */
export default class ProjectTransformer extends BaseTransformer<Project> {
  constructor(
    resource: Project,
    protected urls: SignedUrls
  ) {
    super(resource)
  }

  toObject() {
    const project = this.resource
    const scenes = project.scenes ?? []
    const cost = videoCost(project, scenes)
    return {
      id: project.id,
      script: project.script,
      style: project.style,
      styleTemplate: project.styleTemplate,
      music: project.music,
      voice: project.voice,
      aspect_ratio: project.aspectRatio,
      target_seconds: project.targetSeconds,
      targetSeconds: project.targetSeconds,
      generation_mode: project.generationMode,
      source_image_url: project.sourceImageUrl,
      status: project.status,
      prompt: project.script,
      duration: cost.total,
      /** What Generate Final Video charges now: the seconds, less the kept clips a cancelled run paid for. */
      creditsNeeded: cost.due,
      createdAt: project.createdAt.toISO()!,
      outputVideoUrl: project.outputVideoKey
        ? (this.urls.get(project.outputVideoKey) ?? null)
        : null,
      thumbUrl: project.thumbKey ? (this.urls.get(project.thumbKey) ?? null) : null,
      progressPercent: project.progressPercent,
      error: project.error,
      scenes: scenes.map((scene) => new SceneTransformer(scene, this.urls).toObject()),
    }
  }

  forPage() {
    const project = this.resource
    const scenes = project.scenes ?? []
    const cost = videoCost(project, scenes)
    return {
      id: project.id,
      script: project.script,
      style: project.style,
      aspectRatio: project.aspectRatio,
      targetSeconds: project.targetSeconds,
      generationMode: project.generationMode,
      status: project.status,
      duration: cost.total,
      /** What Generate Final Video charges now: the seconds, less the kept clips a cancelled run paid for. */
      creditsNeeded: cost.due,
      progressPercent: project.progressPercent,
      error: project.error,
      scenes: scenes.map((scene) => new SceneTransformer(scene, this.urls).toObject()),
    }
  }
}
