import User from '#auth/models/user'

/** The user's personal access tokens, newest first (never their secrets: only hashes are kept). */
export class ListApiTokens {
  async handle(user: User) {
    const tokens = await User.accessTokens.all(user)
    return tokens.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  }
}
