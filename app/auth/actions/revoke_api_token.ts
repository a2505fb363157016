import User from '#auth/models/user'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'

/**
 * Revokes one of the user's tokens: its row goes, so its next call is a 401.
 * Someone else's token is missing, like an unknown one.
 */
export class RevokeApiToken {
  async handle(user: User, tokenId: number) {
    const deleted = await User.accessTokens.delete(user, tokenId)
    if (deleted === 0) {
      throw new MissingResourceException('API token')
    }
  }
}
