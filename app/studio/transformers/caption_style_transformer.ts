import { BaseTransformer } from '@adonisjs/core/transformers'
import { needsLibass, type CaptionStyle } from '#media/render/caption_styles'
import { apiCaptions } from '#studio/transformers/project_transformer'

/**
 * A caption style as /setup's Captions card, GET /api/caption-styles and
 * MCP's list_caption_styles describe it: what it looks like, whether it
 * needs libass, and the options it starts from (in the API's names).
 */
export default class CaptionStyleTransformer extends BaseTransformer<CaptionStyle> {
  toObject() {
    const style = this.resource
    return {
      id: style.id,
      name: style.name,
      description: style.description,
      needsLibass: needsLibass(style.id),
      defaults: apiCaptions({ style: style.id, ...style.defaults }),
    }
  }
}
