import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'

/**
 * What Generate Final Video costs: a credit per scene second, less what a
 * cancelled run already paid for the clips it kept, as far as those clips
 * are still there (an edited or deleted scene lost its clip, and with it
 * what was paid for it).
 */
export function videoCost(project: Pick<Project, 'prepaidCredits'>, scenes: Scene[]) {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  const keptSeconds = scenes
    .filter((scene) => scene.clipSourceKey)
    .reduce((sum, scene) => sum + scene.duration, 0)
  const prepaid = Math.min(project.prepaidCredits, keptSeconds)
  return { total, prepaid, due: total - prepaid, keptSeconds }
}
