import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type User from '#auth/models/user'
import { isLanguage, type Language } from '#shared/languages'
import { AiProviders } from '#media/providers/ai_providers'
import { ProviderError, type WrittenScript } from '#media/providers/contracts'
import type { generateScriptValidator } from '#studio/validators/project'

type Input = Infer<typeof generateScriptValidator>

export type WriteScriptResult =
  { status: 'written'; script: WrittenScript } | { status: 'provider_failed'; message: string }

/** The language a script is written in: the one asked for, else the account's. */
export function scriptLanguage(user: User, asked?: Language): Language {
  return asked ?? (isLanguage(user.language) ? user.language : 'english')
}

/**
 * The AI script writer: a script about the description, of about the asked
 * length, in the style and mood given (cinematic and engaging unless told)
 * and the user's language unless another is asked for.
 */
@inject()
export class WriteScript {
  constructor(private ai: AiProviders) {}

  async handle(user: User, input: Input): Promise<WriteScriptResult> {
    try {
      const script = await this.ai.scriptWriter.write({
        description: input.prompt,
        style: input.style ?? 'cinematic',
        mood: input.mood ?? 'engaging',
        targetSeconds: input.targetLength,
        language: scriptLanguage(user, input.language),
      })
      return { status: 'written', script }
    } catch (error) {
      if (error instanceof ProviderError) {
        return { status: 'provider_failed', message: error.message }
      }
      throw error
    }
  }
}
