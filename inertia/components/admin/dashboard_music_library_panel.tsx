import { ExternalLink } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

/** The dashboard's Music Library tab: a way to /admin/music, in a new window. */
export function MusicLibraryPanel() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Music Library</h2>
        </CardTitle>
        <CardDescription>
          Upload MP3 tracks with mood categorization (Chill, Epic, Horror, Uplifting) for the
          background music of videos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <a href={client.urlFor('admin.music.show')} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            Manage Music Library
          </a>
        </Button>
      </CardContent>
    </Card>
  )
}
