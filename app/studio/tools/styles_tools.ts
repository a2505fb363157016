import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool } from '#core/mcp/tool'
import { STYLE_LIST } from '#studio/styles'
import { captionCatalogue } from '#studio/services/caption_catalogue'
import StyleTransformer from '#studio/transformers/style_transformer'

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
