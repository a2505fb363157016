import type { Data } from '@generated/data'

/** A voice as a <select> value, and back: the provider and the voice id, as JSON. */
export function voiceKey(voice: { provider: string; id: string }) {
  return JSON.stringify([voice.provider, voice.id])
}

export function voiceOfKey(key: string) {
  const [provider, id] = JSON.parse(key) as [string, string]
  return { provider, id }
}

/** The voices of each provider, one <optgroup> a provider, for a Select of `voiceKey` values. */
export function VoiceOptions({ providers }: { providers: Data.Media.VoiceProvider[] | null }) {
  return providers?.map((provider) => (
    <optgroup key={provider.id} label={provider.name}>
      {provider.voices.map((voice) => (
        <option key={voice.id} value={voiceKey({ provider: provider.id, id: voice.id })}>
          {voice.name}
        </option>
      ))}
    </optgroup>
  ))
}
