import type { HttpContext } from '@adonisjs/core/http'
import { DevMailbox } from '#auth/queries/dev_mailbox'

export default class DevMailboxController {
  async index({ inertia }: HttpContext) {
    return inertia.render('auth/dev_mailbox', { messages: await new DevMailbox().latest(50) })
  }
}
