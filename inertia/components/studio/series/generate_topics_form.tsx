import { useState, type FormEvent } from 'react'
import { DEFAULT_GENERATED_TOPICS, MAX_GENERATED_TOPICS } from '@studio/series_limits'
import { GenerateFooter, rateLimitToast } from '~/components/studio/generate_dialog'
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { useDialog } from '~/components/ui/dialog_root'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { errorMessage, isRateLimited, routeRequest, type RouteBody } from '~/lib/api'

const ABOUT_MAX_CHARS = 200

export type GeneratedTopics = { topics: string[]; note: string | null }

type GenerateTopicsFormProps = {
  /** The series' language (its voice's), the one the topics are written in. */
  language: string
  onGenerated: (result: GeneratedTopics) => void
}

/**
 * The "Generate topics" dialog's form on /series (docs/series.md, Topics):
 * a subject and a count, sent to the script writer; the topics it writes go
 * into the form's topics field, to read and edit before creating the series.
 */
export function GenerateTopicsForm({ language, onGenerated }: GenerateTopicsFormProps) {
  const { setOpen } = useDialog()
  const [about, setAbout] = useState('')
  const [count, setCount] = useState(String(DEFAULT_GENERATED_TOPICS))
  const [generating, setGenerating] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled out of the series form, but React still bubbles its submit there.
    event.stopPropagation()
    if (generating) return
    setGenerating(true)
    setProblem(null)
    try {
      const result = await routeRequest('studio.series.topics', {
        body: {
          about: about.trim(),
          count: Number(count),
          // One of the server's own language names: the page's `defaults.language` prop.
          language: language as RouteBody<'studio.series.topics'>['language'],
        },
      })
      onGenerated({ topics: result.topics, note: result.note })
      setOpen(false)
    } catch (error) {
      if (isRateLimited(error)) {
        rateLimitToast(error)
      } else {
        setProblem(errorMessage(error))
      }
    } finally {
      setGenerating(false)
    }
  }

  return (
    <DialogContent>
      <form className="grid gap-4" aria-label="Generate topics" onSubmit={generate}>
        <DialogHeader>
          <DialogTitle>Generate topics</DialogTitle>
          <DialogDescription>
            The script writer suggests topics about your subject. They go into the topics field,
            where you can read and edit them before creating the series. This costs no credits.
          </DialogDescription>
        </DialogHeader>

        <div className="space-y-2">
          <Label htmlFor="topics-about">What is the series about?</Label>
          <Input
            id="topics-about"
            value={about}
            required
            minLength={3}
            maxLength={ABOUT_MAX_CHARS}
            placeholder="Home coffee brewing"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'topics-problem' : undefined}
            onChange={(event) => setAbout(event.target.value)}
          />
        </div>

        <div className="space-y-2">
          <Label htmlFor="topics-count">How many</Label>
          <div className="w-28">
            <Input
              id="topics-count"
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_GENERATED_TOPICS}
              step={1}
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </div>
        </div>

        {problem && (
          <p id="topics-problem" role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}

        <GenerateFooter disabled={generating} generating={generating} />
      </form>
    </DialogContent>
  )
}
