import { useState } from 'react'
import { GenerateFooter, rateLimitToast } from '~/components/studio/generate_dialog'
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { useDialog } from '~/components/ui/dialog_root'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'
import { Textarea } from '~/components/ui/textarea'
import { isRateLimited } from '~/lib/api'
import { routeRequest, type RouteBody } from '~/lib/api'
import { formatScriptLength } from '~/lib/studio'
import { lengthCredits, type SpeechPace } from '@shared/script_plan'
import { fitToWordBudget } from '@shared/script_fit'
import type { GeneratedScript } from '~/components/studio/script_card'

const DESCRIPTION_MAX_CHARS = 2000

type GenerateScriptFormProps = {
  /** The video's language, the one the script is written in. */
  language: string
  style: string
  scriptLengths: number[]
  defaultLength: number
  onGenerated: (result: GeneratedScript) => void
  /** The most words (characters, unspaced) the script may keep: over pictures, what they narrate. */
  fitTo: { most: number; pace: SpeechPace } | null
  balance: number | null
}

/**
 * The "Generate Script with AI" dialog's form: a description and a length,
 * sent to the script generator. Loaded after the setup page paints; it stays
 * mounted while closed, so a draft description survives closing the dialog.
 */
export function GenerateScriptForm({
  language,
  style,
  scriptLengths,
  defaultLength,
  onGenerated,
  fitTo,
  balance,
}: GenerateScriptFormProps) {
  const { setOpen } = useDialog()
  const [description, setDescription] = useState('')
  const affordable = (seconds: number) => balance === null || lengthCredits(seconds) <= balance
  // The default, or the longest length the balance pays for (docs/product.md, Setup).
  const firstLength = affordable(defaultLength)
    ? defaultLength
    : scriptLengths.filter(affordable).at(-1)
  const [length, setLength] = useState(
    firstLength !== undefined && scriptLengths.includes(firstLength) ? String(firstLength) : ''
  )
  const [generating, setGenerating] = useState(false)

  const canGenerate = description.trim() !== '' && length !== '' && !generating

  async function generate() {
    if (!canGenerate) {
      return
    }
    const seconds = Number(length)
    setGenerating(true)
    try {
      const result = await routeRequest('studio.scripts.generate', {
        body: {
          prompt: description.trim(),
          // One of the server's own style ids: the setup page's `styles` prop.
          style: style as RouteBody<'studio.scripts.generate'>['style'],
          targetLength: seconds,
          mood: 'engaging',
          // One of the server's own language names: the setup page's `languages` prop.
          language: language as RouteBody<'studio.scripts.generate'>['language'],
        },
      })
      const script = fitTo ? fitToWordBudget(result.script, fitTo.most, fitTo.pace) : result.script
      onGenerated({ script, seconds })
      setOpen(false)
    } catch (error) {
      if (isRateLimited(error)) {
        rateLimitToast(error)
      } else {
        // Any other script generation failure is only logged (docs/product.md, "Setup (/setup)")
        console.error('Script generation failed', error)
      }
    } finally {
      setGenerating(false)
    }
  }

  return (
    <DialogContent>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void generate()
        }}
      >
        <DialogHeader>
          <DialogTitle>Generate Script with AI</DialogTitle>
          <DialogDescription>
            Describe your video and choose how long the script should be.
          </DialogDescription>
        </DialogHeader>

        <div className="space-y-2">
          <Label htmlFor="ai-description">Description</Label>
          <Textarea
            id="ai-description"
            value={description}
            maxLength={DESCRIPTION_MAX_CHARS}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="A short documentary about the history of coffee..."
            className="min-h-28!"
          />
        </div>

        <div className="space-y-2">
          <Label htmlFor="ai-length">Script length</Label>
          <Select id="ai-length" value={length} onValueChange={setLength}>
            {scriptLengths.map((seconds) => {
              const credits = lengthCredits(seconds)
              const short = !affordable(seconds)
              return (
                <option key={seconds} value={String(seconds)} disabled={short}>
                  {`${formatScriptLength(seconds)} · ${
                    short ? `${credits} credits, more than your ${balance}` : `${credits} credits`
                  }`}
                </option>
              )
            })}
          </Select>
        </div>

        <GenerateFooter disabled={!canGenerate} generating={generating} />
      </form>
    </DialogContent>
  )
}
