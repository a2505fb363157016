import { Suspense, useCallback, useState } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { ArrowLeft, Clapperboard, Film, Loader2, TriangleAlert, X } from 'lucide-react'
import { toast } from '~/lib/toast'
import { AddSceneDialog } from '~/components/studio/add_scene_dialog'
import { SCENE_SECONDS, SceneCard } from '~/components/studio/scene_card'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import { usePolling } from '~/hooks/use_polling'
import { useProjectEvents } from '~/hooks/use_project_events'
import { useStableSceneUrls } from '~/hooks/use_stable_scene_urls'
import { ApiError, apiRequest, errorMessage } from '~/lib/api'
import { client } from '~/lib/client'
import { pluralize } from '~/lib/studio'
import { lazyNamed } from '~/lib/lazy'

/** Opens only when credits run short: it loads after the page paints. */
const InsufficientCreditsDialog = lazyNamed(
  () => import('~/components/studio/insufficient_credits_dialog'),
  'InsufficientCreditsDialog'
)

type Project = Data.Studio.Project
type ProjectStatus = Project['status']
type Scene = Data.Studio.Scene

type StoryboardProps = {
  /** GET /api/projects/{id} as a prop, partially reloaded as it changes. */
  project: Project
}

const REFRESH_MS = 3000
/** While the live channel is up, a slow refresh still catches an event that got lost. */
const LIVE_REFRESH_MS = 30_000
const GENERATING: ProjectStatus[] = ['queued', 'processing', 'rendering']
const CANCELLABLE: ProjectStatus[] = ['processing', 'rendering']

function needsRefresh(project: Project) {
  return (
    GENERATING.includes(project.status) ||
    project.scenes.some((scene) => scene.status === 'pending' || scene.status === 'processing')
  )
}

function missingFrom(error: unknown) {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const missing = (error.body as { missing?: unknown }).missing
    if (typeof missing === 'number' && Number.isFinite(missing)) {
      return missing
    }
  }
  return null
}

export default function Storyboard({ project: propsProject }: StoryboardProps) {
  const { user } = usePage<SharedProps>().props

  // The props, with scene media URLs kept stable across reloads (same file, same URL)
  const withStableUrls = useStableSceneUrls()
  const [project, setProject] = useState(propsProject)
  const [shownProps, setShownProps] = useState(propsProject)
  if (shownProps !== propsProject) {
    setShownProps(propsProject)
    setProject(withStableUrls(project, propsProject))
  }

  const [selectedIds, setSelectedIds] = useState<Set<number>>(() => new Set())
  const [missingCredits, setMissingCredits] = useState<number | null>(null)
  const [startingVideo, setStartingVideo] = useState(false)
  const [cancelling, setCancelling] = useState(false)

  /** A partial reload of the `project` prop. */
  const refetch = useCallback(
    () =>
      new Promise<void>((resolve) => {
        router.reload({ only: ['project'], async: true, onFinish: () => resolve() })
      }),
    []
  )

  const pollProject = useCallback(() => {
    // No need to poll a tab nobody is looking at; the next tick catches up
    if (document.visibilityState === 'hidden') {
      return
    }
    return refetch()
  }, [refetch])

  // Server-sent events bring changes at once; the 3 s refresh stands in while they are down
  const live = useProjectEvents([project.id], () => void pollProject())
  usePolling(pollProject, needsRefresh(project) ? (live ? LIVE_REFRESH_MS : REFRESH_MS) : null)

  const scenes = [...project.scenes].sort((a, b) => a.order - b.order || a.id - b.id)
  const totalSeconds = scenes.reduce((total, scene) => total + scene.duration, 0)
  const credits = user?.credits ?? 0
  // The server's figure: the seconds, less what a cancelled run already paid for.
  const creditsNeeded = project.creditsNeeded
  const shortBy = Math.max(0, creditsNeeded - credits)
  const generating = GENERATING.includes(project.status)
  const selectedCount = scenes.filter((scene) => selectedIds.has(scene.id)).length

  function setSelected(scene: Scene, selected: boolean) {
    setSelectedIds((current) => {
      const next = new Set(current)
      if (selected) {
        next.add(scene.id)
      } else {
        next.delete(scene.id)
      }
      return next
    })
  }

  async function mutate(
    run: () => Promise<unknown>,
    messages: { success: string; failure: string }
  ) {
    try {
      await run()
      toast.success(messages.success)
      return true
    } catch (error) {
      toast.error(messages.failure, { description: errorMessage(error) })
      return false
    } finally {
      void refetch()
    }
  }

  function updateScene(scene: Scene, prompt: string) {
    return mutate(
      () =>
        apiRequest('PATCH', client.urlFor('studio.scenes.update', { id: scene.id }), {
          prompt,
          duration: SCENE_SECONDS,
        }),
      { success: 'Scene updated successfully', failure: 'Failed to update scene' }
    )
  }

  async function deleteScene(scene: Scene) {
    const deleted = await mutate(
      () => apiRequest('DELETE', client.urlFor('studio.scenes.destroy', { id: scene.id })),
      {
        success: 'Scene deleted successfully',
        failure: 'Failed to delete scene',
      }
    )
    if (deleted) {
      setSelected(scene, false)
    }
    return deleted
  }

  function generateScene(scene: Scene) {
    return mutate(
      () => apiRequest('POST', client.urlFor('studio.scenes.generate', { id: scene.id })),
      {
        success: 'Scene generation started',
        failure: 'Failed to start scene generation',
      }
    )
  }

  function addScene(prompt: string) {
    return mutate(
      () =>
        apiRequest('POST', client.urlFor('studio.scenes.store'), {
          projectId: project.id,
          prompt,
          duration: SCENE_SECONDS,
          order: scenes.length + 1,
        }),
      { success: 'Scene added successfully', failure: 'Failed to add scene' }
    )
  }

  async function generateVideo() {
    if (shortBy > 0) {
      setMissingCredits(shortBy)
      return
    }
    setStartingVideo(true)
    try {
      await apiRequest('POST', client.urlFor('studio.projects.generate_all', { id: project.id }))
      toast.success('Video generation started')
      router.visit(client.urlFor('studio.status.show', { projectId: project.id }))
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 402 ? missingFrom(error) : null
      if (missing !== null) {
        setMissingCredits(missing)
      } else {
        toast.error('Failed to start video generation', { description: errorMessage(error) })
      }
      void refetch()
    } finally {
      setStartingVideo(false)
    }
  }

  async function cancelProcessing() {
    setCancelling(true)
    try {
      await apiRequest('DELETE', client.urlFor('studio.projects.cancel', { id: project.id }))
      toast.success('Video processing cancelled')
    } catch {
      toast.error('Cancel failed', { description: 'Failed to cancel video processing' })
    } finally {
      setCancelling(false)
      void refetch()
    }
  }

  const stats = [
    { label: 'Total length', value: `${totalSeconds}s` },
    { label: 'Scenes', value: String(scenes.length) },
    { label: 'Credits needed', value: String(creditsNeeded) },
    { label: 'Your credits', value: String(credits), warn: shortBy > 0 },
  ]

  return (
    <>
      <Head title="Storyboard" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 space-y-2">
            <Button asChild variant="link" size="inline" className="text-muted-foreground!">
              <Link route="studio.setup.show">
                <ArrowLeft aria-hidden />
                Back to Setup
              </Link>
            </Button>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight">Storyboard</h1>
              <ProjectStatusBadge status={project.status} />
            </div>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <AddSceneDialog onAdd={addScene} disabled={generating} />
            {CANCELLABLE.includes(project.status) && (
              <Button
                type="button"
                variant="outline"
                disabled={cancelling}
                onClick={() => void cancelProcessing()}
              >
                {cancelling ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
                Cancel Processing
              </Button>
            )}
            <Button
              type="button"
              disabled={scenes.length === 0 || startingVideo || generating}
              aria-describedby={shortBy > 0 ? 'credits-short' : undefined}
              onClick={() => void generateVideo()}
            >
              {startingVideo ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Film aria-hidden />
              )}
              Generate Final Video
            </Button>
          </div>
        </div>
        <OfflinePreviewNotice />

        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border bg-card p-4">
              <dt className="text-xs text-muted-foreground">{stat.label}</dt>
              <dd
                className={
                  stat.warn
                    ? 'text-2xl font-semibold text-amber-700 tabular-nums dark:text-amber-300'
                    : 'text-2xl font-semibold tabular-nums'
                }
              >
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>

        {shortBy > 0 && scenes.length > 0 && (
          <p id="credits-short" className="text-sm text-amber-700 dark:text-amber-300">
            {`You need ${shortBy} more credits`}
          </p>
        )}

        {generating && (
          <div role="status" className="space-y-2 rounded-lg border p-4">
            <p className="flex items-center gap-2 text-sm font-medium">
              <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
              {project.status === 'queued'
                ? 'Queued for generation...'
                : 'Generating your video...'}
            </p>
            <Progress value={project.progressPercent} aria-label="Video progress" />
          </div>
        )}

        {project.status === 'failed' && project.error && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <p>{project.error}</p>
          </div>
        )}

        {selectedCount > 0 && (
          <div
            role="status"
            className="flex items-center justify-between gap-3 rounded-lg border bg-muted/50 px-4 py-2 text-sm"
          >
            <span className="font-medium">{`${selectedCount} selected`}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setSelectedIds(new Set())}
            >
              Clear
            </Button>
          </div>
        )}

        {scenes.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
              <Clapperboard className="size-12 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">No scenes yet</h2>
              <p className="text-sm text-muted-foreground">
                Add a scene to start building your storyboard.
              </p>
            </CardContent>
          </Card>
        ) : (
          <section aria-label={pluralize(scenes.length, 'scene')}>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {scenes.map((scene) => (
                <li key={scene.id} className="flex">
                  <SceneCard
                    scene={scene}
                    aspectRatio={project.aspect_ratio}
                    selected={selectedIds.has(scene.id)}
                    onSelectedChange={(selected) => setSelected(scene, selected)}
                    onUpdate={(prompt) => updateScene(scene, prompt)}
                    onDelete={() => deleteScene(scene)}
                    onGenerate={() => generateScene(scene)}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <Suspense fallback={null}>
        <InsufficientCreditsDialog
          missing={missingCredits}
          onClose={() => setMissingCredits(null)}
        />
      </Suspense>
    </>
  )
}
