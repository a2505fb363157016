import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { CalendarClock, ChevronRight, Plus, TriangleAlert } from 'lucide-react'
import { SeriesStatusBadge } from '~/components/studio/series/series_badges'
import {
  SERIES_FIELDS,
  SeriesForm,
  type SeriesFormOptions,
  type SeriesPayload,
} from '~/components/studio/series/series_form'
import { Button } from '~/components/ui/button'
import { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'
import { scheduleInWords } from '~/lib/series'

type Series = Data.Studio.Series

type SeriesPageProps = SeriesFormOptions & {
  /** GET /api/series as a prop: the newest first. */
  series: Series[]
  /** Why this plan makes no series (it needs API access); null when it can. */
  locked: string | null
}

/** The words of the refusal up to "Upgrade on /plans…", which the link beside it says. */
function lockedWords(locked: string) {
  return locked.replace(/\s*Upgrade on \/plans.*$/, '')
}

function SeriesRow({ series }: { series: Series }) {
  return (
    <Link
      href={client.urlFor('studio.series_pages.show', { id: series.id })}
      className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate font-semibold">{series.name}</h2>
          <SeriesStatusBadge status={series.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {scheduleInWords(series.schedule, series.timeZone)}
        </p>
        <p className="text-sm">
          {series.made} made · {series.waiting} waiting
        </p>
        {series.pauseReason && (
          <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {series.pauseReason}
          </p>
        )}
      </div>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
    </Link>
  )
}

/** docs/product.md, Series: the series, their state, and the form that makes one. */
export default function SeriesPage({ series, locked, ...options }: SeriesPageProps) {
  const [creating, setCreating] = useState(false)
  const write = usePageWrite()

  function open() {
    write.clearErrors()
    setCreating(true)
  }

  function save(payload: SeriesPayload) {
    void write.send('post', client.urlFor('studio.series_pages.store'), payload, {
      fields: SERIES_FIELDS,
      preserveScroll: false,
      refusal: { title: 'Could not create the series' },
    })
  }

  const canCreate = locked === null && !creating
  return (
    <>
      <Head title="Series" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Series</h1>
            <p className="text-muted-foreground">
              A list of topics, made into videos on a schedule.
            </p>
          </div>
          {canCreate && series.length > 0 && (
            <Button type="button" className="w-full sm:w-auto" onClick={open}>
              <Plus aria-hidden />
              New series
            </Button>
          )}
        </div>

        {locked !== null && (
          <p role="status" className="rounded-lg border bg-muted/40 p-4 text-sm">
            {lockedWords(locked)}{' '}
            <Link route="billing.plans.show" className="font-medium text-primary underline">
              See the plans
            </Link>
          </p>
        )}

        {creating && (
          <SeriesForm
            options={options}
            errors={write.errors}
            saving={write.processing}
            onSave={save}
            onCancel={() => setCreating(false)}
            clearErrors={write.clearErrors}
          />
        )}

        {series.length === 0 ? (
          !creating && (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
              <CalendarClock className="size-8 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">No series yet</h2>
              <p className="max-w-prose text-sm text-muted-foreground">
                A series turns a list of topics into videos on its own: type them or upload a CSV,
                choose when (all at once, every day, or on chosen weekdays) and how each video looks
                and sounds. Each video is charged when it is made, like any other.
              </p>
              {locked === null && (
                <Button type="button" className="mt-2" onClick={open}>
                  <Plus aria-hidden />
                  New series
                </Button>
              )}
            </div>
          )
        ) : (
          <ul className="grid gap-3">
            {series.map((one) => (
              <li key={one.id}>
                <SeriesRow series={one} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
