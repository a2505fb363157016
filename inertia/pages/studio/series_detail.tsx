import { useEffect, useState, type FormEvent } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { ArrowLeft, Pause, Pencil, Play, SkipForward, Trash2, TriangleAlert } from 'lucide-react'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { SeriesStatusBadge, SlotStateBadge } from '~/components/studio/series/series_badges'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Progress } from '~/components/ui/progress'
import { Textarea } from '~/components/ui/textarea'
import { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'
import { inZone, scheduleInWords } from '~/lib/series'
import { isGenerating, normalizeStatus } from '~/lib/videos'

type SeriesDetail = Data.Studio.SeriesDetail
type Slot = SeriesDetail['slots'][number]

/** How often the page asks for the series again while something is being made. */
const POLL_MS = 5000

/** Something is being made now, or is about to be (a "now" series' waiting topics). */
function isLive(series: SeriesDetail) {
  return series.slots.some(
    (slot) =>
      slot.state === 'claimed' ||
      (slot.video !== null && isGenerating(normalizeStatus(slot.video.status))) ||
      (slot.state === 'pending' && series.status === 'active' && series.schedule.kind === 'now')
  )
}

/** Where a slot's video opens: the player once done, its progress while rendering. */
function videoLink(video: NonNullable<Slot['video']>) {
  const status = normalizeStatus(video.status)
  if (status === 'done') {
    return { href: client.urlFor('studio.player.show', { videoId: video.id }), label: 'Watch' }
  }
  if (status === 'draft') {
    return {
      href: client.urlFor('studio.storyboard.show', { projectId: video.id }),
      label: 'Storyboard',
    }
  }
  return { href: client.urlFor('studio.status.show', { projectId: video.id }), label: 'Progress' }
}

function SlotVideo({ video }: { video: NonNullable<Slot['video']> }) {
  const status = normalizeStatus(video.status)
  const link = videoLink(video)
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
      <ProjectStatusBadge status={status} />
      {isGenerating(status) && (
        <Progress
          value={video.progress}
          aria-label={`Video ${video.id} progress`}
          className="w-24"
        />
      )}
      {video.credits > 0 && (
        <span className="text-muted-foreground">
          {video.credits} {video.credits === 1 ? 'credit' : 'credits'}
        </span>
      )}
      <Link href={link.href} className="font-medium text-primary underline">
        {link.label}
      </Link>
    </div>
  )
}

function SlotItem({ slot, timeZone }: { slot: Slot; timeZone: string }) {
  return (
    <li className="flex gap-3 border-b p-4 last:border-b-0">
      <span className="w-6 shrink-0 text-right text-sm text-muted-foreground tabular-nums">
        {slot.position}
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 font-medium break-words">{slot.topic}</p>
          <SlotStateBadge state={slot.state} />
        </div>
        {slot.dueAt && (
          <p className="text-sm text-muted-foreground">
            Due {inZone(slot.dueAt, timeZone)} ({timeZone})
          </p>
        )}
        {slot.madeAt && (
          <p className="text-sm text-muted-foreground">
            Made {inZone(slot.madeAt, timeZone)} ({timeZone})
          </p>
        )}
        {slot.error && <p className="text-sm text-destructive">{slot.error}</p>}
        {slot.video && <SlotVideo video={slot.video} />}
      </div>
    </li>
  )
}

function TopicsEditor({
  slots,
  error,
  saving,
  onSave,
  onCancel,
}: {
  slots: Slot[]
  error?: string
  saving: boolean
  onSave: (topics: string) => void
  onCancel: () => void
}) {
  const [topics, setTopics] = useState(() =>
    slots
      .filter((slot) => slot.state === 'pending')
      .map((slot) => slot.topic)
      .join('\n')
  )

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSave(topics)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Edit topics</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Edit topics" className="space-y-3">
          <Field
            id="series-topics"
            label="The topics not made yet, one per line, in order"
            error={error}
            hint="A topic you keep as it is keeps the script it came with."
          >
            <Textarea
              id="series-topics"
              value={topics}
              rows={6}
              className="max-h-96"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'series-topics-error' : undefined}
              onChange={(event) => setTopics(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save topics'}
            </Button>
            <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

type SeriesDetailProps = {
  /** GET /api/series/:id as a prop: the series, its topics in order and their videos. */
  series: SeriesDetail
}

/** docs/product.md, Series: one series, its schedule, its topics and their videos, live. */
export default function SeriesDetailPage({ series }: SeriesDetailProps) {
  const [editing, setEditing] = useState(false)
  const write = usePageWrite()
  const live = isLive(series)
  const pending = series.slots.filter((slot) => slot.state === 'pending').length
  const url = (name: 'pause' | 'resume' | 'skip') =>
    client.urlFor(`studio.series_pages.${name}`, { id: series.id })

  // Server-driven: the same props again, every few seconds, while a video is on its way.
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => router.reload({ only: ['series'] }), POLL_MS)
    return () => clearInterval(timer)
  }, [live])

  function act(name: 'pause' | 'resume' | 'skip', title: string) {
    return write.send('post', url(name), {}, { refusal: { title }, only: ['series'] })
  }

  async function saveTopics(topics: string) {
    const done = await write.send(
      'patch',
      client.urlFor('studio.series_pages.update', { id: series.id }),
      { topics },
      { fields: ['topics'], only: ['series'], refusal: { title: 'Could not save the topics' } }
    )
    if (done) setEditing(false)
  }

  return (
    <>
      <Head title={series.name} />
      <div className="space-y-6">
        <Button asChild variant="link" size="inline">
          <Link route="studio.series_pages.index">
            <ArrowLeft aria-hidden />
            All series
          </Link>
        </Button>

        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words">{series.name}</h1>
            <SeriesStatusBadge status={series.status} />
          </div>
          <p className="text-muted-foreground">
            {scheduleInWords(series.schedule, series.timeZone)}
          </p>
          <p className="text-sm text-muted-foreground">Time zone: {series.timeZone}</p>
          {series.nextRunAt && (
            <p className="font-medium">
              Next video: {inZone(series.nextRunAt, series.timeZone)} ({series.timeZone})
            </p>
          )}
        </div>

        {series.pauseReason && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <p className="flex items-start gap-2 text-sm font-medium">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {series.pauseReason} Buy credits, then resume it.
            </p>
            <Button asChild size="sm" variant="outline">
              <Link route="billing.billing.show">Buy credits</Link>
            </Button>
          </div>
        )}

        <div className="flex flex-wrap gap-2">
          {series.status === 'active' && (
            <Button
              type="button"
              variant="outline"
              disabled={write.processing}
              onClick={() => void act('pause', 'Could not pause the series')}
            >
              <Pause aria-hidden />
              Pause
            </Button>
          )}
          {series.status === 'paused' && (
            <Button
              type="button"
              disabled={write.processing}
              onClick={() => void act('resume', 'Could not resume the series')}
            >
              <Play aria-hidden />
              Resume
            </Button>
          )}
          {series.status !== 'finished' && pending > 0 && (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" disabled={write.processing}>
                  <SkipForward aria-hidden />
                  Skip next
                </Button>
              }
              title="Skip the next topic?"
              description="The next waiting topic is not made into a video; the one after it takes its turn."
              confirmLabel="Skip"
              busyLabel="Skipping..."
              tone="default"
              onConfirm={() => act('skip', 'Could not skip the topic')}
            />
          )}
          {series.status !== 'finished' && !editing && (
            <Button
              type="button"
              variant="outline"
              disabled={write.processing}
              onClick={() => {
                write.clearErrors()
                setEditing(true)
              }}
            >
              <Pencil aria-hidden />
              Edit topics
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" disabled={write.processing}>
                <Trash2 aria-hidden />
                Delete
              </Button>
            }
            title="Delete this series?"
            description="Nothing more is made. The videos it made stay in My Videos."
            busyLabel="Deleting..."
            onConfirm={() =>
              write.send(
                'delete',
                client.urlFor('studio.series_pages.destroy', { id: series.id }),
                {},
                { refusal: { title: 'Could not delete the series' }, preserveScroll: false }
              )
            }
          />
        </div>

        {editing && (
          <TopicsEditor
            slots={series.slots}
            error={write.errors.topics}
            saving={write.running === 'patch'}
            onSave={(topics) => void saveTopics(topics)}
            onCancel={() => setEditing(false)}
          />
        )}

        <section aria-labelledby="series-topics-title" className="space-y-3">
          <h2 id="series-topics-title" className="text-xl font-semibold">
            Topics
          </h2>
          {series.slots.length === 0 ? (
            <p className="text-sm text-muted-foreground">No topics left.</p>
          ) : (
            <ol className="rounded-xl border bg-card">
              {series.slots.map((slot) => (
                <SlotItem key={slot.id} slot={slot} timeZone={series.timeZone} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  )
}
