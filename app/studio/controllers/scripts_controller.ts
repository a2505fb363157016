import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { WriteScript } from '#studio/actions/write_script'
import { generateScriptValidator } from '#studio/validators/project'

@inject()
export default class ScriptsController {
  constructor(private writeScript: WriteScript) {}

  async generate({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(generateScriptValidator)
    const result = await this.writeScript.handle(auth.getUserOrFail(), input)
    if (result.status === 'provider_failed') {
      return response.badGateway({ message: result.message })
    }
    return result.script
  }
}
