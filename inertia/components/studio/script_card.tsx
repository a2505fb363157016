import { Suspense, type ComponentProps } from 'react'
import { Sparkles } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { Textarea } from '~/components/ui/textarea'
import { SCRIPT_MAX_CHARS, pluralize } from '~/lib/studio'
import { speechUnits } from '@shared/script_plan'
import type { Data } from '@generated/data'
import { cn } from '~/lib/utils'
import { lazyNamed } from '~/lib/lazy'

const GenerateScriptForm = lazyNamed(
  () => import('~/components/studio/generate_script_form'),
  'GenerateScriptForm'
)

export type GeneratedScript = { script: string; seconds: number }

type ScriptCardProps = {
  /** Image to Video: the script is narrated over the creator's pictures. */
  overPictures: boolean
  /** The video's language; its `aiScriptNote` says, before the creator asks, when AI scripts come in English. */
  language: Data.Core.Language.Variants['forSetup']
  script: string
  onScriptChange: (script: string) => void
  style: string
  scriptLengths: number[]
  defaultLength: number
  onGenerated: (result: GeneratedScript) => void
  fitTo: ComponentProps<typeof GenerateScriptForm>['fitTo']
  /** The user's credits; lengths they cannot pay for are marked in the AI dialog. */
  balance: number | null
  disabled?: boolean
}

export function ScriptCard({
  overPictures,
  language,
  script,
  onScriptChange,
  style,
  scriptLengths,
  defaultLength,
  onGenerated,
  fitTo,
  balance,
  disabled,
}: ScriptCardProps) {
  const words = speechUnits(script, language)

  return (
    <Card>
      <CardHeader className="flex! flex-col gap-3! sm:flex-row sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id="script-title">Script</h2>
          </CardTitle>
          <CardDescription>
            {overPictures
              ? 'What the narrator says over your pictures: a sentence or two for each.'
              : 'What the narrator says and the scenes show.'}
            {language.aiScriptNote && ` ${language.aiScriptNote}`}
          </CardDescription>
        </div>
        <GenerateScriptDialog
          language={language.name}
          style={style}
          scriptLengths={scriptLengths}
          defaultLength={defaultLength}
          onGenerated={onGenerated}
          fitTo={fitTo}
          balance={balance}
          disabled={disabled}
        />
      </CardHeader>
      <CardContent className="space-y-2">
        <Textarea
          id="script"
          aria-labelledby="script-title"
          aria-describedby="script-counts"
          value={script}
          maxLength={SCRIPT_MAX_CHARS}
          dir={language.direction}
          onChange={(event) => onScriptChange(event.target.value)}
          placeholder={
            overPictures
              ? 'A red fox wakes under the old oak. She trots across the frosty meadow...'
              : 'Write your script here, or generate one with AI...'
          }
          disabled={disabled}
          className="min-h-48!"
        />
        <p
          id="script-counts"
          className="flex justify-between gap-4 text-xs text-muted-foreground tabular-nums"
        >
          <span>{pluralize(words, language.unit)}</span>
          <span className={cn(script.length >= SCRIPT_MAX_CHARS && 'text-destructive')}>
            {script.length.toLocaleString('en-US')} / {SCRIPT_MAX_CHARS.toLocaleString('en-US')}{' '}
            characters
          </span>
        </p>
      </CardContent>
    </Card>
  )
}

/** The AI script dialog: the page paints with its trigger, the form loads right after. */
function GenerateScriptDialog({
  disabled,
  ...form
}: ComponentProps<typeof GenerateScriptForm> & { disabled?: boolean }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          <Sparkles aria-hidden />
          Generate Script with AI
        </Button>
      </DialogTrigger>
      <Suspense fallback={null}>
        <GenerateScriptForm {...form} />
      </Suspense>
    </Dialog>
  )
}
