import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#auth/models/user'

/** The onboarding form's fields: the profile alone, no money. */
export default class OnboardingProfileTransformer extends BaseTransformer<User> {
  toObject() {
    return {
      username: this.resource.username,
      niche: this.resource.niche,
      language: this.resource.language,
      defaultStyle: this.resource.defaultStyle,
    }
  }
}
