import { useState } from 'react'
import { Loader2, Sparkles } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'
import { Textarea } from '~/components/ui/textarea'
import { apiRequest, isRateLimited } from '~/lib/api'
import { SCRIPT_MAX_CHARS, countWords, formatScriptLength, pluralize } from '~/lib/studio'
import { cn } from '~/lib/utils'
import { lengthCredits } from '~/lib/script_plan'

const DESCRIPTION_MAX_CHARS = 2000

export type GeneratedScript = { script: string; seconds: number }

type ScriptCardProps = {
  /** Image-to-video describes movement instead of a script. */
  movement: boolean
  script: string
  onScriptChange: (script: string) => void
  style: string
  scriptLengths: number[]
  defaultLength: number
  onGenerated: (result: GeneratedScript) => void
  /** The user's credits; lengths they cannot pay for are marked in the AI dialog. */
  balance: number | null
  disabled?: boolean
}

export function ScriptCard({
  movement,
  script,
  onScriptChange,
  style,
  scriptLengths,
  defaultLength,
  onGenerated,
  balance,
  disabled,
}: ScriptCardProps) {
  const words = countWords(script)
  const title = movement ? 'Movement Description' : 'Script'

  return (
    <Card>
      <CardHeader className="flex! flex-col gap-3! sm:flex-row sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id="script-title">{title}</h2>
          </CardTitle>
          <CardDescription>
            {movement
              ? 'Describe how the image should move.'
              : 'What the narrator says and the scenes show.'}
          </CardDescription>
        </div>
        {!movement && (
          <GenerateScriptDialog
            style={style}
            scriptLengths={scriptLengths}
            defaultLength={defaultLength}
            onGenerated={onGenerated}
            balance={balance}
            disabled={disabled}
          />
        )}
      </CardHeader>
      <CardContent className="space-y-2">
        <Textarea
          id="script"
          aria-labelledby="script-title"
          aria-describedby="script-counts"
          value={script}
          maxLength={SCRIPT_MAX_CHARS}
          onChange={(event) => onScriptChange(event.target.value)}
          placeholder={
            movement
              ? 'The camera slowly pushes in while leaves drift across the frame...'
              : 'Write your script here, or generate one with AI...'
          }
          disabled={disabled}
          className="min-h-48!"
        />
        <p
          id="script-counts"
          className="flex justify-between gap-4 text-xs text-muted-foreground tabular-nums"
        >
          <span>{pluralize(words, 'word')}</span>
          <span className={cn(script.length >= SCRIPT_MAX_CHARS && 'text-destructive')}>
            {script.length.toLocaleString('en-US')} / {SCRIPT_MAX_CHARS.toLocaleString('en-US')}{' '}
            characters
          </span>
        </p>
      </CardContent>
    </Card>
  )
}

type GenerateScriptDialogProps = {
  style: string
  scriptLengths: number[]
  defaultLength: number
  onGenerated: (result: GeneratedScript) => void
  balance: number | null
  disabled?: boolean
}

function GenerateScriptDialog({
  style,
  scriptLengths,
  defaultLength,
  onGenerated,
  balance,
  disabled,
}: GenerateScriptDialogProps) {
  const [open, setOpen] = useState(false)
  const [description, setDescription] = useState('')
  const [length, setLength] = useState(
    scriptLengths.includes(defaultLength) ? String(defaultLength) : ''
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
      const result = await apiRequest<{ script: string }>('POST', '/api/generate-script', {
        prompt: description.trim(),
        style,
        targetLength: seconds,
        mood: 'engaging',
      })
      onGenerated({ script: result.script, seconds })
      setOpen(false)
    } catch (error) {
      if (isRateLimited(error)) {
        toast.error(error.message, {
          description: error.retryAfter ? `You can try again in ${error.retryAfter} s.` : undefined,
        })
      } else {
        // Spec §8: any other script generation failure is only logged
        console.error('Script generation failed', error)
      }
    } finally {
      setGenerating(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          <Sparkles aria-hidden />
          Generate Script with AI
        </Button>
      </DialogTrigger>
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
                const short = balance !== null && balance < credits
                return (
                  <option key={seconds} value={String(seconds)}>
                    {`${formatScriptLength(seconds)} · ${
                      short ? `${credits} credits, more than your ${balance}` : `${credits} credits`
                    }`}
                  </option>
                )
              })}
            </Select>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canGenerate}>
              {generating ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Sparkles aria-hidden />
              )}
              {generating ? 'Generating...' : 'Generate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
