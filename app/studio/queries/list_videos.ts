import type User from '#auth/models/user'
import Project from '#studio/models/project'

export class ListVideos {
  constructor(private user: User) {}

  async all() {
    return Project.query()
      .where('user_id', this.user.id)
      .preload('scenes')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }
}
