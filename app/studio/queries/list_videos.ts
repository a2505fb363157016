import type User from '#auth/models/user'
import Project from '#studio/models/project'

/** A user's videos, newest first: My Videos and /api/my-videos all of them, Home the latest few. */
export class ListVideos {
  constructor(private user: User) {}

  async all({ limit }: { limit?: number } = {}) {
    const query = Project.query()
      .where('user_id', this.user.id)
      .preload('scenes')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    return limit === undefined ? query : query.limit(limit)
  }
}
