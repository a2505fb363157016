import { BaseTransformer } from '@adonisjs/core/transformers'
import type Project from '#studio/models/project'
import SceneTransformer, { type SignedUrls } from '#studio/transformers/scene_transformer'

/**
 * The project of spec §3, keeping both spellings the spec's client reads
 * (aspect_ratio / targetSeconds …).
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
    const seconds = scenes.reduce((total, scene) => total + scene.duration, 0)
    return {
      id: project.id,
      script: project.script,
      voiceOver: project.voiceOver,
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
      duration: seconds,
      /** What Generate Final Video charges now: the seconds, less what a cancelled run prepaid. */
      creditsNeeded: Math.max(0, seconds - project.prepaidCredits),
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
}
