import { Search } from 'lucide-react'
import { Input } from '~/components/ui/input'
import { Select } from '~/components/ui/select'
import { STATUS_FILTERS, type StatusFilter } from '~/hooks/studio/use_video_filters'

type VideoSearchProps = {
  search: string
  onSearchChange: (search: string) => void
  status: StatusFilter
  onStatusChange: (status: string) => void
}

/** Search by prompt and filter by status. */
export function VideoSearch({ search, onSearchChange, status, onStatusChange }: VideoSearchProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search videos by prompt..."
          aria-label="Search videos by prompt"
          className="pl-9"
        />
      </div>
      <Select
        value={status}
        onValueChange={onStatusChange}
        className="sm:w-44"
        aria-label="Filter by status"
      >
        {STATUS_FILTERS.map((filter) => (
          <option key={filter.value} value={filter.value}>
            {filter.label}
          </option>
        ))}
      </Select>
    </div>
  )
}
