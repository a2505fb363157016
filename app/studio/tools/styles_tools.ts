import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool } from '#core/mcp/tool'
import { STYLE_LIST } from '#studio/styles'
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
]
