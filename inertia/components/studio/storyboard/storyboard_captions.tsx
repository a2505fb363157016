import { useState } from 'react'
import type { Data } from '@generated/data'
import {
  CaptionsCard,
  type CaptionChoice,
  type CaptionChoices,
} from '~/components/studio/captions_card'
import { Button } from '~/components/ui/button'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'

type Project = Data.Studio.Project.Variants['forPage']

type StoryboardCaptionsProps = {
  project: Project
  choices: CaptionChoices
  /** A render is under way: it keeps the captions it started with. */
  generating: boolean
}

function sameChoice(a: CaptionChoice, b: CaptionChoice) {
  return (Object.keys(a) as (keyof CaptionChoice)[]).every((key) => a[key] === b[key])
}

/**
 * The storyboard's Captions card (docs/product.md, Captions): the /setup
 * card over this project's choice, saved with Save captions and used from
 * the next render on.
 */
export function StoryboardCaptions({ project, choices, generating }: StoryboardCaptionsProps) {
  const [draft, setDraft] = useState<CaptionChoice>(project.captions)
  const write = usePageWrite()
  const saving = write.processing
  const changed = !sameChoice(draft, project.captions)
  /*
   * The preview shows the script's first words as the page opened. It is not
   * redrawn as scenes are edited: a preview fetched between a scene's write
   * and the page that answers it would take the write's toast from the session.
   */
  const [script] = useState(() => project.scenes.map((scene) => scene.prompt).join(' '))

  async function save() {
    await write.send(
      'patch',
      client.urlFor('studio.storyboard.captions', { id: project.id }),
      { captions: draft },
      { refusal: { title: 'Failed to update captions' } }
    )
  }

  return (
    <CaptionsCard
      choices={choices}
      value={draft}
      onChange={setDraft}
      aspectRatio={project.aspectRatio}
      script={script}
      language={project.voice.pace.name}
      disabled={generating || saving}
      footer={
        generating ? (
          <p className="text-sm text-muted-foreground">
            This render keeps the captions it started with; change them once it ends.
          </p>
        ) : (
          <>
            <Button onClick={() => void save()} disabled={!changed || saving}>
              {saving ? 'Saving…' : 'Save captions'}
            </Button>
            {changed && (
              <Button variant="ghost" onClick={() => setDraft(project.captions)} disabled={saving}>
                Reset
              </Button>
            )}
            {!changed && (
              <p className="text-sm text-muted-foreground">
                Used by the next Generate Final Video.
              </p>
            )}
          </>
        )
      }
    />
  )
}
