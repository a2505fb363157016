import type { CreateProjectResult } from '#studio/actions/create_project'
import type { GenerateVideoResult } from '#studio/actions/generate_video'
import type { SceneEditResult } from '#studio/actions/edit_scenes'
import type { SaveBrandResult } from '#studio/actions/save_brand'

/**
 * What the studio's faces (a page, its /api twin, its MCP tool) say about an
 * action's outcome, written once: a refusal's HTTP status and message, and
 * the messages of the JSON bodies.
 */
export type Refusal<Status extends number = number> = { status: Status; message: string }

/** A refusal whose status stays a literal type: the OpenAPI document lists it for the route. */
function refusal<const Status extends number>(status: Status, message: string): Refusal<Status> {
  return { status, message }
}

export const GENERATION_STARTED = 'Video generation started'
export const GENERATION_ALREADY_STARTED = 'Video generation already started'
export const GENERATION_CANCELLED = 'Video processing cancelled'
export const SCENE_DELETED = 'Scene deleted'
export const VIDEO_DUPLICATED = 'Video duplicated: a new draft with the same scenes'

export const PROJECT_BUSY = refusal(409, 'This project is being generated; wait or cancel first.')

const PICTURES_NOT_IN_MODE = refusal(422, 'Pictures are for Image to Video projects.')

export const NOT_GENERATING = refusal(409, 'This video is not being generated.')

export const POST_SAVED = 'Post saved'

/** A post is written when its video is done (docs/product.md, Ready to post). */
export const NO_VIDEO_TO_POST = refusal(
  409,
  'This video is not finished yet: its title, description and hashtags are written when it is.'
)

export function createProjectRefusal(result: Exclude<CreateProjectResult, { status: 'created' }>) {
  switch (result.status) {
    case 'unknown_voice':
      return refusal(422, 'Unknown voice.')
    case 'unknown_music':
      return refusal(422, 'Unknown music track.')
    case 'pictures_not_in_mode':
      return PICTURES_NOT_IN_MODE
    case 'pictures_unavailable':
      return refusal(422, 'One of the pictures is not available any more: upload it again.')
    case 'script_too_short':
      return refusal(422, `Write at least one word for each picture (${result.fewest} in all).`)
    case 'brand_not_offered':
      return refusal(
        403,
        'That brand kit is not offered on your plan now. Upgrade on /plans, or choose another.'
      )
    case 'script_too_long':
      return refusal(
        422,
        `The script is too long for its pictures: at most ${result.most} ${result.unit}s (about ${result.perPicture} a picture). Add pictures or shorten it.`
      )
  }
}

export const NO_SCENES = refusal(422, 'Add at least one scene first.')

export function insufficientCredits(missing: number) {
  return refusal(402, `You need ${missing} more credits`)
}

export function generateVideoRefusal(
  result: Extract<GenerateVideoResult, { status: 'no_scenes' | 'insufficient_credits' }>
) {
  switch (result.status) {
    case 'no_scenes':
      return NO_SCENES
    case 'insufficient_credits':
      return insufficientCredits(result.missing)
  }
}

export function sceneEditRefusal(result: Exclude<SceneEditResult<unknown>, { status: 'done' }>) {
  switch (result.status) {
    case 'project_busy':
      return PROJECT_BUSY
    case 'order_out_of_range':
      return refusal(422, `Scene order must be between 1 and ${result.max}.`)
    case 'picture_required':
      return refusal(422, 'Choose a picture for this scene.')
    case 'picture_not_in_mode':
      return PICTURES_NOT_IN_MODE
    case 'picture_unavailable':
      return refusal(422, 'That picture is not available: upload it again for this scene.')
  }
}

/** A scene's still that is not redrawn (POST /api/scenes/:id/generate). */
export function stillRefusal(result: 'project_busy' | 'picture_scene') {
  switch (result) {
    case 'project_busy':
      return PROJECT_BUSY
    case 'picture_scene':
      return refusal(422, 'This scene shows your picture: replace the picture to change it.')
  }
}

export const BRAND_SAVED = 'Brand kit saved'
export const BRAND_DUPLICATED = 'Brand kit duplicated'
export const BRAND_DELETED = 'Brand kit deleted'

export function saveBrandRefusal(result: Exclude<SaveBrandResult, { status: 'saved' }>) {
  switch (result.status) {
    case 'brand_limit':
      return refusal(
        403,
        result.limit === 0
          ? 'Brand kits come with the Pro and Agency plans. Upgrade on /plans to make one.'
          : `Your plan includes ${result.limit === 1 ? '1 brand kit' : `${result.limit} brand kits`}. Upgrade on /plans for more, or edit one you have.`
      )
    case 'unknown_voice':
      return refusal(422, 'Unknown voice.')
    case 'unknown_music':
      return refusal(422, 'Unknown music track.')
    case 'logo_unavailable':
      return refusal(422, 'That logo is not available: upload it again for this brand kit.')
  }
}
