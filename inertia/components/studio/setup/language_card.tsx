import type { Data } from '@generated/data'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'

export type SetupLanguage = Data.Core.Language.Variants['forSetup']

type LanguageCardProps = {
  languages: SetupLanguage[]
  /** The chosen language's stored name. */
  value: string
  onChange: (name: string) => void
  disabled?: boolean
}

/**
 * /setup's language (docs/product.md, Languages): the video's narration and
 * captions, your profile's language until you choose another. The voices,
 * the estimate's pace and the captions' preview follow it.
 */
export function LanguageCard({ languages, value, onChange, disabled }: LanguageCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Language</h2>
        </CardTitle>
        <CardDescription>
          What the narrator speaks and the captions show. The voices and the credit estimate follow
          it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <Label htmlFor="video-language">Video language</Label>
        <Select id="video-language" value={value} onValueChange={onChange} disabled={disabled}>
          {languages.map((language) => (
            <option key={language.name} value={language.name}>
              {language.displayName}
            </option>
          ))}
        </Select>
      </CardContent>
    </Card>
  )
}
