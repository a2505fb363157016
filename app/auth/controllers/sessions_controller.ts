import type { HttpContext } from '@adonisjs/core/http'

export default class SessionsController {
  async destroy({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.regenerate()
    return response.redirect('/auth')
  }
}
