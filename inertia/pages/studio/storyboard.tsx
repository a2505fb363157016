import { Suspense, useState } from 'react'
import { Head, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import type { Data } from '@generated/data'
import type { CaptionChoices } from '~/components/studio/captions_card'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import { SceneGrid } from '~/components/studio/storyboard/scene_grid'
import { StoryboardHeader } from '~/components/studio/storyboard/storyboard_header'
import { StoryboardStats } from '~/components/studio/storyboard/storyboard_stats'
import { useLivePage } from '~/hooks/use_live_page'
import { useStableSceneUrls } from '~/hooks/use_stable_scene_urls'
import { useSceneSelection } from '~/hooks/studio/use_scene_selection'
import { useStoryboardWrites } from '~/hooks/studio/use_storyboard_writes'
import { isCancellable, isGenerating, isSceneWaiting } from '@studio/statuses'
import { Skeleton } from '~/components/ui/skeleton'
import { lazyNamed } from '~/lib/lazy'

/** Opens only when credits run short: it loads after the page paints. */
const InsufficientCreditsDialog = lazyNamed(
  () => import('~/components/studio/insufficient_credits_dialog'),
  'InsufficientCreditsDialog'
)

/** Shown only while the video is made or after a failed run: it loads then. */
const GenerationNotice = lazyNamed(
  () => import('~/components/studio/storyboard/generation_notice'),
  'GenerationNotice'
)

/** The Captions card, below the scenes: its code loads after the page paints. */
const StoryboardCaptions = lazyNamed(
  () => import('~/components/studio/storyboard/storyboard_captions'),
  'StoryboardCaptions'
)

type Project = Data.Studio.Project.Variants['forPage']

type StoryboardProps = {
  /** GET /api/projects/{id} as a prop, partially reloaded as it changes. */
  project: Project
  /** Every caption choice, as /setup's Captions card offers them. */
  captionChoices: CaptionChoices
}

/** While the live channel is down (docs/product.md, "Storyboard (/storyboard/:id)"). */
const POLL_MS = 3000

function isChanging(project: Project) {
  return (
    isGenerating(project.status) || project.scenes.some((scene) => isSceneWaiting(scene.status))
  )
}

export default function Storyboard({ project: propsProject, captionChoices }: StoryboardProps) {
  const { user } = usePage<SharedProps>().props

  // The props, with scene media URLs kept stable across reloads (same file, same URL)
  const withStableUrls = useStableSceneUrls()
  const [project, setProject] = useState(propsProject)
  const [shownProps, setShownProps] = useState(propsProject)
  if (shownProps !== propsProject) {
    setShownProps(propsProject)
    setProject(withStableUrls(project, propsProject))
  }

  useLivePage({
    only: ['project'],
    projectIds: [project.id],
    active: isChanging(project),
    pollMs: POLL_MS,
  })

  const scenes = [...project.scenes].sort((a, b) => a.order - b.order || a.id - b.id)
  const credits = user?.credits ?? 0
  // The server's figure: the seconds, less what a cancelled run already paid for.
  const shortBy = Math.max(0, project.creditsNeeded - credits)
  const generating = isGenerating(project.status)
  const selection = useSceneSelection()
  const writes = useStoryboardWrites(project, scenes.length, shortBy)

  return (
    <>
      <Head title="Storyboard" />
      <div className="space-y-6">
        <StoryboardHeader
          status={project.status}
          cancellable={isCancellable(project.status)}
          generating={generating}
          canGenerate={scenes.length > 0}
          cancelling={writes.cancelling}
          startingVideo={writes.startingVideo}
          shortOfCredits={shortBy > 0}
          onAddScene={writes.addScene}
          pictureMode={project.generationMode === 'image-to-video'}
          onCancel={() => void writes.cancelProcessing()}
          onGenerate={() => void writes.generateVideo()}
        />
        <OfflinePreviewNotice
          mode={project.generationMode === 'image-to-video' ? 'image-to-video' : 'ai-images'}
        />
        <StoryboardStats
          totalSeconds={project.duration}
          brand={project.brand}
          sceneCount={scenes.length}
          creditsNeeded={project.creditsNeeded}
          credits={credits}
          shortBy={shortBy}
        />
        {(generating || project.status === 'failed') && (
          <Suspense fallback={null}>
            <GenerationNotice project={project} generating={generating} />
          </Suspense>
        )}
        <SceneGrid
          scenes={scenes}
          aspectRatio={project.aspectRatio}
          voice={project.voice}
          selectedIds={selection.selectedIds}
          onSelectedChange={(scene, selected) => selection.setSelected(scene.id, selected)}
          onClearSelection={selection.clear}
          onUpdate={writes.updateScene}
          onMove={writes.moveScene}
          onReplacePicture={writes.replacePicture}
          onDelete={async (scene) => {
            const deleted = await writes.deleteScene(scene)
            if (deleted) selection.setSelected(scene.id, false)
            return deleted
          }}
          onGenerate={writes.generateScene}
        />
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <StoryboardCaptions project={project} choices={captionChoices} generating={generating} />
        </Suspense>
      </div>

      <Suspense fallback={null}>
        <InsufficientCreditsDialog
          missing={writes.missingCredits}
          onClose={writes.closeMissingCredits}
        />
      </Suspense>
    </>
  )
}
