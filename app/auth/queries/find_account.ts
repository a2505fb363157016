import User from '#auth/models/user'

/** An account, for other modules' commands and pages that start from an address or an id. */
export class FindAccount {
  /** By sign-in address, as typed (normalized here). */
  byEmail(email: string) {
    return User.findBy('email', User.normalizeEmail(email))
  }

  byId(userId: number) {
    return User.findOrFail(userId)
  }
}
