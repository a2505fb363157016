import { router } from '@inertiajs/react'
import { useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'

/** The account's time zone: where its series' schedules run (docs/series.md, Time zones). */
export function TimeZoneCard({ timeZone }: { timeZone: string }) {
  const [chosen, setChosen] = useState(timeZone)
  const [saving, setSaving] = useState(false)
  // The browser's own list: nothing to download, and the server checks the name again.
  const zones = useMemo(
    () => [...new Set(['UTC', timeZone, ...Intl.supportedValuesOf('timeZone')])],
    [timeZone]
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Time zone</h2>
        </CardTitle>
        <CardDescription>Your series post on their schedule in this time zone.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-end gap-3">
        <div className="grow space-y-2">
          <Label htmlFor="time-zone">Time zone</Label>
          <Select id="time-zone" value={chosen} onValueChange={setChosen}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        </div>
        <Button
          disabled={saving || chosen === timeZone}
          onClick={() => {
            setSaving(true)
            router.patch(
              '/profile/time-zone',
              { time_zone: chosen },
              { preserveScroll: true, onFinish: () => setSaving(false) }
            )
          }}
        >
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </CardContent>
    </Card>
  )
}
