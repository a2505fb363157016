import type { ApplicationService } from '@adonisjs/core/types'
import { Captcha } from '#auth/services/captcha'

export default class AuthModuleProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(Captcha, async () => {
      const { signIn } = await import('#config/auth')
      return new Captcha(signIn.captcha)
    })
  }
}
