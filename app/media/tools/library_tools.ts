import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool, refused } from '#core/mcp/tool'
import { AiProviders } from '#media/providers/ai_providers'
import { ProviderError } from '#media/providers/contracts'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'
import VoiceProviderTransformer from '#media/transformers/voice_provider_transformer'
import { voiceListValidator } from '#media/validators/voice_list'

const text = { type: 'string' }

export default [
  defineTool({
    name: 'list_voices',
    operation: 'media.voices.index',
    title: 'List narrator voices',
    description:
      'The voices a video can be narrated in, by provider: each voice’s id, name and language; ' +
      'with language (e.g. japanese) only the voices that speak it. Costs no credits. Pass ' +
      '{ id, provider } as voice to create_project, with the same language.',
    input: voiceListValidator,
    outputSchema: {
      type: 'object',
      properties: {
        providers: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: text,
              name: text,
              voices: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: text, name: text, language: text },
                  required: ['id', 'name'],
                },
              },
            },
            required: ['id', 'name', 'voices'],
          },
        },
      },
      required: ['providers'],
    },
    async handle({ args, container }) {
      const ai = await container.make(AiProviders)
      try {
        const providers = await apiSerializer.serialize(
          VoiceProviderTransformer.transform(await ai.voiceCatalog.providers(args.language))
        )
        const count = providers.reduce((total, provider) => total + provider.voices.length, 0)
        const names = providers.map((provider) => provider.id).join(', ')
        return answered({ providers }, `${count} voices from ${names}.`)
      } catch (error) {
        if (error instanceof ProviderError) return refused(error.message)
        throw error
      }
    },
  }),

  defineTool({
    name: 'list_music',
    operation: 'media.music_tracks.index',
    title: 'List background music',
    description:
      'The background music library: each track’s id, title, artist, mood and length in ' +
      'seconds. Costs no credits. Pass { id } as music to create_project (or leave music out for none).',
    outputSchema: {
      type: 'object',
      properties: {
        tracks: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, title: text, mood: text },
            required: ['id', 'title'],
          },
        },
      },
      required: ['tracks'],
    },
    async handle() {
      const tracks = await apiSerializer.serialize(
        MusicTrackTransformer.transform(await new ListMusicTracks().all())
      )
      return answered({ tracks }, `${tracks.length} music tracks.`)
    },
  }),
]
