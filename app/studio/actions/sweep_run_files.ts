import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { isDatabaseId } from '#core/database_id'
import { MediaStorage } from '#media/services/media_storage'
import { GENERATING_STATUSES } from '#studio/public/statuses'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import { projectFolder, runOfVideoKey, runVideoKeys, videoFiles } from '#studio/render/run_ids'

/**
 * A file no row points at is left alone this long: a job may have stored
 * it a moment ago and be about to record it.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000
/** Projects read per query: a long list is worked through in batches. */
const BATCH = 100

export type RunSweepReport = {
  /** The projects whose folders were looked through. */
  projects: number
  /** The keys deleted: files no row owns, and the folders of deleted projects. */
  deleted: string[]
  /** Projects given back a finished video they had lost (docs/decisions.md, Videos). */
  recovered: number[]
}

/**
 * Removes what render runs left behind with no row to own it
 * (docs/product.md, Player): the videos, previews, voice-overs and clips of
 * runs that were cancelled, failed, cut off by a crash or replaced, and the
 * folders of projects deleted half-way. What a project or its scenes point
 * at is never touched (its last finished video above all), nor anything of
 * a project while a run renders, nor a file younger than ORPHAN_GRACE_MS.
 * A project that lost its finished video to a re-render before the video
 * was kept gets the newest one back rather than losing it for good.
 * `node ace renders:sweep` runs it over every project; a cancel runs it
 * over its own project.
 */
@inject()
export class SweepRunFiles {
  constructor(
    private storage: MediaStorage,
    private lifecycle: VideoLifecycle
  ) {}

  async handle(now = Date.now()): Promise<RunSweepReport> {
    const report: RunSweepReport = { projects: 0, deleted: [], recovered: [] }
    let after = 0
    for (;;) {
      const projects = await Project.query()
        .where('id', '>', after)
        .whereNotIn('status', [...GENERATING_STATUSES])
        .orderBy('id')
        .limit(BATCH)
      for (const project of projects) await this.#sweep(project, now, report)
      if (projects.length < BATCH) break
      after = projects[projects.length - 1].id
    }
    await this.#sweepDeletedProjects(report)
    return report
  }

  /** One project's folder, unless a run renders it. */
  async project(projectId: number, now = Date.now()): Promise<RunSweepReport> {
    const report: RunSweepReport = { projects: 0, deleted: [], recovered: [] }
    const project = await Project.query()
      .where('id', projectId)
      .whereNotIn('status', [...GENERATING_STATUSES])
      .first()
    if (project) await this.#sweep(project, now, report)
    return report
  }

  async #sweep(project: Project, now: number, report: RunSweepReport) {
    report.projects++
    const scenes = await Scene.query().where('project_id', project.id)
    const owned = new Set<string | null>([
      ...videoFiles(project.outputVideoKey, project.thumbKey),
      ...scenes.flatMap((scene) => [scene.thumbnailKey, scene.clipSourceKey, scene.videoKey]),
      project.brandSnapshot?.logo?.key ?? null,
    ])
    const files = await this.storage.list(projectFolder(project.id))
    let orphans = files
      .filter(
        (file) => !owned.has(file.key) && now - file.lastModified.getTime() >= ORPHAN_GRACE_MS
      )
      .map((file) => file.key)

    const lost = project.outputVideoKey === null && project.resolution !== null
    const newest = lost ? newestRunVideo(project.id, orphans) : null
    if (newest !== null) {
      const { videoKey, thumbKey } = runVideoKeys(project.id, newest)
      const thumb = orphans.includes(thumbKey) ? thumbKey : null
      if (await this.lifecycle.recover(project.id, { videoKey, thumbKey: thumb })) {
        report.recovered.push(project.id)
        const recovered = new Set(videoFiles(videoKey, thumb))
        orphans = orphans.filter((key) => !recovered.has(key))
      }
    }

    for (const key of orphans) {
      await this.storage.delete(key)
      report.deleted.push(key)
    }
  }

  /** Folders under `projects/` whose project is gone (deleted between its row and its files). */
  async #sweepDeletedProjects(report: RunSweepReport) {
    const folders = await this.storage.listFolders('projects')
    const ids = folders.filter((name) => isDatabaseId(name)).map(Number)
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH)
      const found = await Project.query().whereIn('id', batch).select('id')
      const existing = new Set(found.map((project) => project.id))
      for (const id of batch.filter((candidate) => !existing.has(candidate))) {
        await this.storage.deletePrefix(projectFolder(id))
        report.deleted.push(projectFolder(id))
        logger.info({ projectId: id }, 'files of a deleted project removed')
      }
    }
  }
}

/** The newest run whose video is among `keys`, or null. */
function newestRunVideo(projectId: number, keys: string[]) {
  const runs = keys
    .map((key) => runOfVideoKey(projectId, key))
    .filter((run): run is number => run !== null)
  return runs.length > 0 ? Math.max(...runs) : null
}
