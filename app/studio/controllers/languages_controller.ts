import LanguageTransformer from '#core/transformers/language_transformer'
import { apiSerializer } from '#core/http/api_serializer'
import { LANGUAGE_CATALOGUE } from '#shared/languages'

export default class LanguagesController {
  /** The narration languages, each with the pace its scripts are cut and charged at. */
  async index() {
    return apiSerializer.serialize(LanguageTransformer.transform([...LANGUAGE_CATALOGUE]))
  }
}
