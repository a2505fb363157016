import { useEffect, useRef } from 'react'
import { Loader2, Play, RotateCw, Square } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import type { useAudioPreview } from '~/hooks/use_audio_preview'
import { apiBlob, errorMessage } from '~/lib/api'
import { client } from '~/lib/client'
import { capitalize } from '~/lib/utils'
import type { Data } from '@generated/data'

type VoiceProvider = Data.Media.VoiceProvider

export type VoiceChoice = { provider: string; id: string }

const SEPARATOR = '::'

function keyOf(voice: VoiceChoice) {
  return `${voice.provider}${SEPARATOR}${voice.id}`
}

function parseKey(key: string): VoiceChoice {
  const at = key.indexOf(SEPARATOR)
  return { provider: key.slice(0, at), id: key.slice(at + SEPARATOR.length) }
}

type VoiceCardProps = {
  status: 'loading' | 'success' | 'error'
  providers: VoiceProvider[] | undefined
  onRetry: () => void
  /** Why the offline voice reads the narration language poorly, when it does. */
  offlineReading: string | null
  value: VoiceChoice | null
  onChange: (voice: VoiceChoice) => void
  preview: ReturnType<typeof useAudioPreview>
  disabled?: boolean
}

export function VoiceCard({
  status,
  providers,
  onRetry,
  offlineReading,
  value,
  onChange,
  preview,
  disabled,
}: VoiceCardProps) {
  // Previews are synthesised (and billed) per request: keep each one for the visit
  const clips = useRef(new Map<string, string>())

  useEffect(() => {
    const urls = clips.current
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])

  const selectedKey = value ? keyOf(value) : ''
  const previewKey = `voice:${selectedKey}`
  const previewState = preview.active?.key === previewKey ? preview.active.state : null

  function togglePreview() {
    if (!value) {
      return
    }
    const voice = value
    void preview.toggle(
      previewKey,
      async () => {
        const cached = clips.current.get(selectedKey)
        if (cached) {
          return cached
        }
        const blob = await apiBlob('POST', client.urlFor('media.voices.preview'), {
          provider: voice.provider,
          voiceId: voice.id,
        })
        const url = URL.createObjectURL(blob)
        clips.current.set(keyOf(voice), url)
        return url
      },
      {
        onError: (error) =>
          toast.error('Voice preview unavailable', { description: errorMessage(error) }),
      }
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Voice</h2>
        </CardTitle>
        <CardDescription>The narrator of your video.</CardDescription>
      </CardHeader>
      <CardContent>
        {status === 'loading' && (
          <div className="flex gap-2" role="status" aria-label="Loading voices">
            <Skeleton className="h-9 flex-1" />
            <Skeleton className="size-9" />
          </div>
        )}

        {status === 'error' && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <p>Voices could not be loaded.</p>
            <Button type="button" variant="outline" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        )}

        {status === 'success' && providers && (
          <div className="space-y-2">
            <Label htmlFor="voice">Voice</Label>
            <div className="flex gap-2">
              <Select
                id="voice"
                className="flex-1"
                value={selectedKey}
                onValueChange={(key) => onChange(parseKey(key))}
                disabled={disabled}
              >
                <option value="" disabled>
                  Choose a voice
                </option>
                {providers.map((provider) => (
                  <optgroup key={provider.id} label={provider.name}>
                    {provider.voices.map((voice) => (
                      <option key={voice.id} value={keyOf({ provider: provider.id, id: voice.id })}>
                        {`${voice.name} · ${capitalize(voice.language)}`}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
              <Button
                type="button"
                variant="outline"
                size="icon"
                disabled={!value}
                onClick={togglePreview}
                aria-label={previewState ? 'Stop voice preview' : 'Preview voice'}
                aria-pressed={previewState !== null}
              >
                {previewState === 'loading' ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : previewState === 'playing' ? (
                  <Square aria-hidden />
                ) : (
                  <Play aria-hidden />
                )}
              </Button>
            </div>
            {offlineReading && providers.some((provider) => provider.id === 'espeak') && (
              <p className="text-sm text-muted-foreground">{offlineReading}</p>
            )}
            {providers.every((provider) => provider.voices.length === 0) && (
              <p className="text-sm text-muted-foreground">No voices are available right now.</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
