import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Style } from '#studio/styles'

/** A visual style a project can take, as /setup's picker and GET /api/styles show it. */
export default class StyleTransformer extends BaseTransformer<Style> {
  toObject() {
    return { id: this.resource.id, name: this.resource.name, swatch: this.resource.swatch }
  }
}
