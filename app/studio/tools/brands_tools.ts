import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool, orNull } from '#core/mcp/tool'
import { BrandViews } from '#studio/services/brand_views'

export default [
  defineTool({
    name: 'list_brands',
    operation: 'studio.brands.index',
    title: 'List your brand kits',
    description:
      'Your brand kits, oldest first: id, name, version, colours, caption style, logo ' +
      'placement, intro and outro cards and the defaults a new video made with it starts with ' +
      '(voice, music track, style, aspect ratio). choosable says whether your plan lets it be ' +
      'chosen for a new video now (as many as the plan allows, the oldest first). Costs no credits.',
    outputSchema: {
      type: 'object',
      properties: {
        brands: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              version: { type: 'integer' },
              choosable: { type: 'boolean' },
              defaults: {
                type: 'object',
                properties: {
                  voice: orNull({
                    type: 'object',
                    properties: { id: { type: 'string' }, provider: { type: 'string' } },
                  }),
                  musicTrackId: orNull({ type: 'integer' }),
                  style: orNull({ type: 'string' }),
                  aspectRatio: orNull({ type: 'string' }),
                },
                required: ['voice', 'musicTrackId', 'style', 'aspectRatio'],
              },
            },
            required: ['id', 'name', 'version', 'choosable', 'defaults'],
          },
        },
      },
      required: ['brands'],
    },
    async handle({ user, container }) {
      const views = await container.make(BrandViews)
      const { brands: kits } = await views.list(user.id)
      const brands = await apiSerializer.serialize(kits)
      const names = brands.map((brand) => `${brand.name} (${brand.id})`).join(', ')
      return answered({ brands }, brands.length ? `Brand kits: ${names}.` : 'No brand kits yet.')
    },
  }),
]
