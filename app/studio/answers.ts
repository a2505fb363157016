import type { CreateProjectResult } from '#studio/actions/create_project'
import type { GenerateVideoResult } from '#studio/actions/generate_video'
import type { SceneEditResult } from '#studio/actions/edit_scenes'

/**
 * What the studio's faces (a page, its /api twin, its MCP tool) say about an
 * action's outcome, written once: a refusal's HTTP status and message, and
 * the messages of the JSON bodies.
 */
export type Refusal = { status: number; message: string }

export const GENERATION_STARTED = 'Video generation started'
export const GENERATION_ALREADY_STARTED = 'Video generation already started'
export const GENERATION_CANCELLED = 'Video processing cancelled'
export const SCENE_DELETED = 'Scene deleted'

export const PROJECT_BUSY: Refusal = {
  status: 409,
  message: 'This project is being generated; wait or cancel first.',
}

const PICTURES_NOT_IN_MODE: Refusal = {
  status: 422,
  message: 'Pictures are for Image to Video projects.',
}

export const NOT_GENERATING: Refusal = {
  status: 409,
  message: 'This video is not being generated.',
}

export function createProjectRefusal(
  result: Exclude<CreateProjectResult, { status: 'created' }>
): Refusal {
  switch (result.status) {
    case 'unknown_voice':
      return { status: 422, message: 'Unknown voice.' }
    case 'unknown_music':
      return { status: 422, message: 'Unknown music track.' }
    case 'pictures_not_in_mode':
      return PICTURES_NOT_IN_MODE
    case 'pictures_unavailable':
      return {
        status: 422,
        message: 'One of the pictures is not available any more: upload it again.',
      }
    case 'script_too_short':
      return {
        status: 422,
        message: `Write at least one word for each picture (${result.fewest} in all).`,
      }
    case 'script_too_long':
      return {
        status: 422,
        message: `The script is too long for its pictures: at most ${result.most} words (about 12 a picture). Add pictures or shorten it.`,
      }
  }
}

export function generateVideoRefusal(
  result: Extract<GenerateVideoResult, { status: 'no_scenes' | 'insufficient_credits' }>
): Refusal {
  switch (result.status) {
    case 'no_scenes':
      return { status: 422, message: 'Add at least one scene first.' }
    case 'insufficient_credits':
      return { status: 402, message: `You need ${result.missing} more credits` }
  }
}

export function sceneEditRefusal(
  result: Exclude<SceneEditResult<unknown>, { status: 'done' }>
): Refusal {
  switch (result.status) {
    case 'project_busy':
      return PROJECT_BUSY
    case 'order_out_of_range':
      return { status: 422, message: `Scene order must be between 1 and ${result.max}.` }
    case 'picture_required':
      return { status: 422, message: 'Choose a picture for this scene.' }
    case 'picture_not_in_mode':
      return PICTURES_NOT_IN_MODE
    case 'picture_unavailable':
      return {
        status: 422,
        message: 'That picture is not available: upload it again for this scene.',
      }
  }
}

/** A scene's still that is not redrawn (POST /api/scenes/:id/generate). */
export function stillRefusal(result: 'project_busy' | 'picture_scene'): Refusal {
  switch (result) {
    case 'project_busy':
      return PROJECT_BUSY
    case 'picture_scene':
      return {
        status: 422,
        message: 'This scene shows your picture: replace the picture to change it.',
      }
  }
}
