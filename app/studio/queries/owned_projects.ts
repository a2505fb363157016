import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import type User from '#auth/models/user'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'

/**
 * The one way to reach a user's project, video or scene: scoped to its
 * owner, so another user's id is simply missing. Controllers and the SSE
 * channel's authorisation alike call these; the `OrFail` lookups throw
 * MissingResourceException, which the exception handler answers with a 404
 * (JSON for the API, the not-found page for pages).
 */
export class OwnedProjects {
  constructor(private user: User) {}

  async findOrFail(id: number) {
    return this.#first(this.#projects().where('id', id), 'project')
  }

  async findWithScenesOrFail(id: number) {
    return this.#first(this.#projects().where('id', id).preload('scenes'), 'project')
  }

  /** With its scenes and the brand kit it names (the storyboard, GET /api/projects/:id). */
  async findStoryboardOrFail(id: number) {
    return this.#first(
      this.#projects().where('id', id).preload('scenes').preload('brand'),
      'project'
    )
  }

  /** A project as the video pages name it: missing is "Video not found". */
  async findVideoOrFail(id: number) {
    return this.#first(this.#projects().where('id', id).preload('scenes'), 'video')
  }

  async findSceneOrFail(id: number) {
    const scene = await Scene.query()
      .where('id', id)
      .whereIn('project_id', this.#projects().select('id'))
      .first()
    if (!scene) throw new MissingResourceException('scene')
    return scene
  }

  /** Whether the project exists and is this user's, through the same lookup. */
  async owns(id: number) {
    try {
      await this.findOrFail(id)
      return true
    } catch (error) {
      if (error instanceof MissingResourceException) return false
      throw error
    }
  }

  #projects() {
    return Project.query().where('user_id', this.user.id)
  }

  async #first(query: ModelQueryBuilderContract<typeof Project>, resource: string) {
    const project = await query.first()
    if (!project) throw new MissingResourceException(resource)
    return project
  }
}
