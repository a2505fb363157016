import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool } from '#core/mcp/tool'
import { STYLE_LIST } from '#studio/styles'
import { captionCatalogue } from '#studio/services/caption_catalogue'
import StyleTransformer from '#studio/transformers/style_transformer'
import LanguageTransformer from '#core/transformers/language_transformer'
import { LANGUAGE_CATALOGUE } from '#shared/languages'

export default [
  defineTool({
    name: 'list_styles',
    operation: 'studio.styles.index',
    title: 'List visual styles',
    description:
      'The visual styles a video can be made in: id, name and three swatch colours. Costs no credits. ' +
      'Pass an id as style to write_script or create_project.',
    outputSchema: {
      type: 'object',
      properties: {
        styles: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
        },
      },
      required: ['styles'],
    },
    async handle() {
      const styles = await apiSerializer.serialize(StyleTransformer.transform(STYLE_LIST))
      return answered({ styles }, `Styles: ${styles.map((style) => style.id).join(', ')}.`)
    },
  }),

  defineTool({
    name: 'list_languages',
    operation: 'studio.languages.index',
    title: 'List narration languages',
    description:
      'The languages a video can be narrated in: name (pass it as voice.language to ' +
      'create_project, as language to write_script and list_voices), displayName, locale, ' +
      'direction, and the pace scripts are cut and charged at: perSecond words (characters where ' +
      'unit is character) a second, 5 seconds a scene, a credit a second. offlineReading says ' +
      'when the offline voice reads it poorly. Costs no credits.',
    outputSchema: {
      type: 'object',
      properties: {
        languages: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              displayName: { type: 'string' },
              locale: { type: 'string' },
              unit: { type: 'string' },
              perSecond: { type: 'number' },
            },
            required: ['name', 'displayName', 'locale', 'unit', 'perSecond'],
          },
        },
      },
      required: ['languages'],
    },
    async handle() {
      const languages = await apiSerializer.serialize(
        LanguageTransformer.transform([...LANGUAGE_CATALOGUE])
      )
      const paces = languages.map(
        (language) => `${language.name} (${language.perSecond} ${language.unit}s/s)`
      )
      return answered({ languages }, `Languages: ${paces.join(', ')}.`)
    },
  }),

  defineTool({
    name: 'list_caption_styles',
    operation: 'studio.caption_styles.index',
    title: 'List caption styles',
    description:
      "The looks a video's burned-in captions can take, and their options: styles (id, name, " +
      'description, needsLibass, defaults), fonts, positions (top, middle, bottom), sizes (S, ' +
      'M, L), colours as #RRGGBB. Costs no credits. Pass { style, position, font, text_color, ' +
      'highlight_color, size, uppercase } as captions to create_project (only style is needed); ' +
      "left out, a project takes the creator's last choice. Every finished video also has SRT " +
      'and WebVTT captions (get_video: captionsUrls).',
    outputSchema: {
      type: 'object',
      properties: {
        styles: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              description: { type: 'string' },
            },
            required: ['id', 'name', 'description'],
          },
        },
        fonts: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
        },
        positions: { type: 'array', items: { type: 'string' } },
        sizes: { type: 'array', items: { type: 'string' } },
      },
      required: ['styles', 'fonts', 'positions', 'sizes'],
    },
    async handle() {
      const catalogue = await apiSerializer.serialize(await captionCatalogue())
      return answered(
        catalogue,
        `Caption styles: ${catalogue.styles.map((style) => `${style.id} (${style.name})`).join(', ')}. ` +
          `Fonts: ${catalogue.fonts.map((font) => font.id).join(', ')}.`
      )
    },
  }),
]
