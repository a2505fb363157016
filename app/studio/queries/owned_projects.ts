import type User from '#auth/models/user'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'

/**
 * Every project and scene lookup goes through here, scoped to its owner:
 * another user's id is simply not found.
 */
export class OwnedProjects {
  constructor(private user: User) {}

  async find(id: number) {
    return Project.query().where('id', id).where('user_id', this.user.id).first()
  }

  async findWithScenes(id: number) {
    return Project.query().where('id', id).where('user_id', this.user.id).preload('scenes').first()
  }

  async findScene(id: number) {
    return Scene.query()
      .where('id', id)
      .whereIn('project_id', Project.query().select('id').where('user_id', this.user.id))
      .first()
  }
}
