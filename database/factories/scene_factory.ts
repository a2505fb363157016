import { randomUUID } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import Scene from '#studio/models/scene'
import { SCENE_SECONDS } from '#shared/script_plan'

/**
 * A five-second scene waiting to be rendered; `completed` is one with its
 * still, preview and clip source in place (keys only, no files).
 */
export const SceneFactory = factory
  .define(Scene, () => ({
    prompt: 'a lighthouse at dawn',
    duration: SCENE_SECONDS,
    order: 1,
    status: 'pending' as const,
  }))
  .state('completed', (scene) => {
    const folder = `factory/${randomUUID()}`
    scene.status = 'completed'
    scene.thumbnailKey = `${folder}/still.jpg`
    scene.thumbnailPrompt = scene.prompt
    scene.videoKey = `${folder}/preview.mp4`
    scene.clipSourceKey = `${folder}/clip-source.jpg`
  })
  .state('failed', (scene) => {
    scene.status = 'failed'
    scene.errorMessage = 'Image Generation Failed'
  })
  .build()

/**
 * Attributes for `count` scenes in storyboard order, each prompt naming its
 * number ("scene number 2"), for `.with('scenes', count, (scenes) =>
 * scenes.merge(numberedScenes(count)))`.
 */
export function numberedScenes(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    order: index + 1,
    prompt: `scene number ${index + 1}`,
  }))
}
