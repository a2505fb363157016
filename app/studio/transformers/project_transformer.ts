import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CaptionOptions } from '#media/render/caption_styles'
import type Project from '#studio/models/project'
import { videoCost } from '#studio/render/video_cost'
import { currentScript } from '#studio/styles'
import SceneTransformer, { type SignedUrls } from '#studio/transformers/scene_transformer'
import { brandCardSeconds } from '#studio/transformers/video_transformer'
import { languageNamed } from '#shared/languages'

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

  /** The page's fields under the API's names, and what only the API carries. */
  toObject() {
    const project = this.resource
    const { aspectRatio, generationMode, ...page } = this.forPage()
    return {
      ...page,
      styleTemplate: project.styleTemplate,
      music: project.music,
      voice: project.voice,
      aspect_ratio: aspectRatio,
      target_seconds: page.targetSeconds,
      generation_mode: generationMode,
      source_image_url: project.sourceImageUrl,
      prompt: page.script,
      createdAt: project.createdAt.toISO()!,
      outputVideoUrl: project.outputVideoKey
        ? (this.urls.get(project.outputVideoKey) ?? null)
        : null,
      thumbUrl: project.thumbKey ? (this.urls.get(project.thumbKey) ?? null) : null,
      /** The brand kit it is made with (docs/product.md, Brand kits); null for none. */
      brandId: project.brandId,
      /** The kit's version the last run drew, with its intro and outro seconds; null before one. */
      brandSnapshot: project.brandSnapshot
        ? {
            brandId: project.brandSnapshot.brandId,
            name: project.brandSnapshot.name,
            version: project.brandSnapshot.version,
            introSeconds: project.brandSnapshot.intro?.seconds ?? 0,
            outroSeconds: project.brandSnapshot.outro?.seconds ?? 0,
          }
        : null,
    }
  }

  forPage() {
    const project = this.resource
    const scenes = project.scenes ?? []
    const cost = videoCost(project, scenes)
    return {
      id: project.id,
      /** The scenes' words as they stand, edits included (the narration's). */
      script: currentScript(project, scenes),
      style: project.style,
      aspectRatio: project.aspectRatio,
      targetSeconds: project.targetSeconds,
      generationMode: project.generationMode,
      /** The narrator's speed and language's pace, for the storyboard's "more words than 5 seconds" note (the API's `voice` says all). */
      voice: { speed: project.voice.speed, pace: paceOf(project.voice.language) },
      /** How the captions look, as POST /api/projects takes them (the storyboard's Captions card). */
      captions: apiCaptions(project.captions),
      status: project.status,
      duration: cost.total,
      /** What Generate Final Video charges now: the seconds, less the kept clips a cancelled run paid for. */
      creditsNeeded: cost.due,
      progressPercent: project.progressPercent,
      error: project.error,
      scenes: scenes.map((scene) => new SceneTransformer(scene, this.urls).toObject()),
      /** The brand kit the next render draws, and what its intro and outro add; null for none. */
      brand: nextRunBrand(project),
    }
  }
}

/**
 * The kit a render started now draws (docs/product.md, Brand kits): the kit
 * as it stands, or, once the kit is deleted, the last run's snapshot; and
 * the seconds its intro and outro add to the video, free of credits.
 */
function nextRunBrand(project: Project) {
  const kit = project.$preloaded.brand ? project.brand : null
  if (kit) {
    const intro = kit.introTitle === null ? 0 : kit.introSeconds
    const outro = kit.outroLine === null ? 0 : kit.outroSeconds
    return { name: kit.name, version: kit.version, addedSeconds: intro + outro }
  }
  const snapshot = project.brandSnapshot
  if (!snapshot) return null
  return {
    name: snapshot.name,
    version: snapshot.version,
    addedSeconds: brandCardSeconds(snapshot),
  }
}

/** The captions as the API takes them in `POST /api/projects`: an agent can send them back as they are. */
export function apiCaptions(captions: CaptionOptions) {
  return {
    style: captions.style,
    position: captions.position,
    font: captions.font,
    text_color: captions.textColor,
    highlight_color: captions.highlightColor,
    size: captions.size,
    uppercase: captions.uppercase,
  }
}

/** A narration language's pace, as the storyboard's shared arithmetic reads it. */
function paceOf(language: string) {
  const { name, locale, unit, perSecond } = languageNamed(language)
  return { name, locale, unit, perSecond }
}
