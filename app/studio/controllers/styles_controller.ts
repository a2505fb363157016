import { apiSerializer } from '#core/http/api_serializer'
import { STYLE_LIST } from '#studio/styles'
import StyleTransformer from '#studio/transformers/style_transformer'

export default class StylesController {
  /** The styles a project can take, in the order /setup offers them. */
  async index() {
    return apiSerializer.serialize(StyleTransformer.transform(STYLE_LIST))
  }
}
