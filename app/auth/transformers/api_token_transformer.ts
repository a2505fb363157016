import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AccessToken } from '@adonisjs/auth/access_tokens'

export default class ApiTokenTransformer extends BaseTransformer<AccessToken> {
  /** A token as /profile lists it: never its secret or hash. */
  toObject() {
    return {
      id: Number(this.resource.identifier),
      name: this.resource.name ?? 'Unnamed token',
      createdAt: this.resource.createdAt.toISOString(),
      lastUsedAt: this.resource.lastUsedAt?.toISOString() ?? null,
    }
  }
}
