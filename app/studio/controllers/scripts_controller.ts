import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AiProviders } from '#media/providers/ai_providers'
import { ProviderError } from '#media/providers/contracts'
import { generateScriptValidator } from '#studio/validators/project'
import { LANGUAGES, type Language } from '#core/vocabulary'

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'english'
}

@inject()
export default class ScriptsController {
  constructor(private ai: AiProviders) {}

  async generate({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(generateScriptValidator)
    const user = auth.getUserOrFail()
    try {
      return await this.ai.scriptWriter.write({
        description: input.prompt,
        style: input.style ?? 'cinematic',
        mood: input.mood ?? 'engaging',
        targetSeconds: input.targetLength,
        language: input.language ?? languageOf(user.language),
      })
    } catch (error) {
      if (error instanceof ProviderError) {
        return response.badGateway({ message: error.message })
      }
      throw error
    }
  }
}
