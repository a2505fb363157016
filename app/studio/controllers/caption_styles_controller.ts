import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { languageNamed } from '#shared/languages'
import { chosenCaptions } from '#studio/actions/choose_captions'
import { CaptionPreviews } from '#studio/services/caption_previews'
import { captionCatalogue } from '#studio/services/caption_catalogue'
import { captionPreviewValidator } from '#studio/validators/caption_preview'

export default class CaptionStylesController {
  /** The caption styles and their options: what `captions` in POST /api/projects takes. */
  async index() {
    return apiSerializer.serialize(await captionCatalogue())
  }

  /** One frame of the chosen captions over the chosen shape, as the render draws it (PNG). */
  async preview({ request, response }: HttpContext) {
    const input = await request.validateUsing(captionPreviewValidator, { data: request.qs() })
    const png = await new CaptionPreviews().png({
      options: chosenCaptions(input),
      aspectRatio: input.aspect_ratio,
      text: input.text ?? '',
      locale: input.language && languageNamed(input.language).locale,
    })
    return response
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=3600')
      .ok(png)
  }
}
