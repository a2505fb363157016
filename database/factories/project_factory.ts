import { randomUUID } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import Project from '#studio/models/project'
import { STYLES } from '#studio/styles'
import { SceneFactory } from '#database/factories/scene_factory'

/**
 * A draft text-to-video project (9:16, 30 s, cinematic, espeak voice) of the
 * user given with `.merge({ userId })`. States name where a render run
 * stands; `done` is a finished video (output and thumbnail keys, no files, 720p).
 * Scenes come with `.with('scenes', n)`.
 */
export const ProjectFactory = factory
  .define(Project, () => ({
    script: 'script',
    style: 'cinematic' as const,
    styleTemplate: STYLES.cinematic.template,
    music: null,
    voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
    aspectRatio: '9:16' as const,
    targetSeconds: 30,
    generationMode: 'text-to-video' as const,
    sourceImageUrl: null,
    status: 'draft' as const,
    progressPercent: 0,
  }))
  .state('aiImages', (project) => {
    project.generationMode = 'ai-images-to-video'
  })
  .state('queued', (project) => {
    project.status = 'queued'
    project.renderRun = 1
  })
  .state('processing', (project) => {
    project.status = 'processing'
    project.progressPercent = 33
    project.renderRun = 1
  })
  .state('rendering', (project) => {
    project.status = 'rendering'
    project.progressPercent = 66
    project.renderRun = 1
  })
  .state('done', (project) => {
    project.status = 'done'
    project.progressPercent = 100
    project.renderRun = 1
    project.resolution = '720x1280'
    const folder = `factory/${randomUUID()}`
    project.outputVideoKey = `${folder}/video.mp4`
    project.thumbKey = `${folder}/video.jpg`
  })
  .state('failed', (project) => {
    project.status = 'failed'
    project.renderRun = 1
    project.error = 'Something went wrong during generation. Please try again.'
  })
  .relation('scenes', () => SceneFactory)
  .build()
