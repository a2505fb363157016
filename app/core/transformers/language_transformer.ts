import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LanguageEntry } from '#shared/languages'

/**
 * A narration language (app/shared/languages.ts) as GET /api/languages and
 * list_languages show it; `forChoice` is a picker's option (the profile),
 * `forSetup` /setup's language picker: what the video's estimate, voices and
 * notes follow.
 */
export default class LanguageTransformer extends BaseTransformer<LanguageEntry> {
  constructor(
    resource: LanguageEntry,
    /** Whether the AI script writer in use writes this language (else it writes English). */
    protected writesScripts: (language: string) => boolean = () => true
  ) {
    super(resource)
  }

  toObject() {
    const entry = this.resource
    return {
      name: entry.name,
      displayName: entry.displayName,
      locale: entry.locale,
      writingSystem: entry.writingSystem,
      direction: entry.direction,
      /** What the pace counts: words (space-separated) or characters (Chinese, Japanese, Thai). */
      unit: entry.unit,
      /** Words or characters narrated a second; a 5-second scene, one credit a second, holds five times that. */
      perSecond: entry.perSecond,
      /** The offline (eSpeak NG) voices' ids. */
      offlineVoices: entry.offlineVoices.map((voice) => voice.id),
      /** Null when the offline voice reads it well; else why not and what reads it better. */
      offlineReading: entry.offlineReading,
      /** Whether ElevenLabs' multilingual voices speak it. */
      elevenLabs: entry.elevenLabs,
    }
  }

  forChoice() {
    return { name: this.resource.name, displayName: this.resource.displayName }
  }

  forSetup() {
    const entry = this.resource
    return {
      name: entry.name,
      displayName: entry.displayName,
      locale: entry.locale,
      direction: entry.direction,
      unit: entry.unit,
      perSecond: entry.perSecond,
      offlineReading: entry.offlineReading,
      /** Said on the script card, before the creator asks, when AI scripts come in English. */
      aiScriptNote: this.writesScripts(entry.name)
        ? null
        : `Offline AI scripts come in English: type your own in ${entry.displayName}.`,
    }
  }
}
