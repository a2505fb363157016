import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { STYLE_IDS } from '#core/vocabulary'
import { databaseId } from '#core/database_id'
import { described } from '#core/openapi/described'
import { ASPECT_RATIOS } from '#media/providers/contracts'
import { CAPTION_COLOUR } from '#media/render/caption_styles'
import { LOGO_CORNERS } from '#studio/models/brand'
import { captionsField, captionsMessages } from '#studio/validators/project'

const COLOUR_HINT = 'written #RRGGBB, like #1E3A8A'

/** A brand kit's fields; left out on an edit, a field keeps what it was. */
const brandFields = {
  primary_color: described(
    vine.string().regex(CAPTION_COLOUR).optional(),
    `The intro and outro cards' background, ${COLOUR_HINT}.`
  ),
  accent_color: described(
    vine.string().regex(CAPTION_COLOUR).optional(),
    `The cards' title and call to action, ${COLOUR_HINT}.`
  ),
  captions: described(
    captionsField.nullable().optional(),
    'How its videos’ captions look, as create_project takes them; null: the creator’s last choice.'
  ),
  logo: described(
    vine
      .object({
        picture_id: described(
          databaseId().nullable().optional(),
          'The logo: a picture of yours uploaded as for Image to Video (POST /api/pictures), ' +
            'PNG, WebP or JPEG, transparency kept; null for no logo.'
        ),
        corner: described(
          vine.enum(LOGO_CORNERS).optional(),
          'The corner it sits in: top-left, top-right, bottom-left or bottom-right.'
        ),
        size: described(
          vine.number({ strict: true }).withoutDecimals().range([5, 30]).optional(),
          'Its width, in % of the frame’s shorter side (5–30).'
        ),
        opacity: described(
          vine.number({ strict: true }).withoutDecimals().range([10, 100]).optional(),
          'Its opacity, in % (10–100).'
        ),
      })
      .optional(),
    'Where the logo sits on every frame: a corner, its width in % of the frame’s shorter side ' +
      '(5–30) and its opacity in % (10–100).'
  ),
  intro: described(
    vine
      .object({
        title: described(
          vine.string().trim().minLength(1).maxLength(80),
          'The title line, up to 80 characters.'
        ),
        seconds: described(
          vine.number({ strict: true }).range([1, 2]).decimal([0, 1]).optional(),
          'How long it shows: 1 to 2 seconds in tenths; 1.5 when left out.'
        ),
      })
      .nullable()
      .optional(),
    'An intro card before the first scene: a title line on the primary colour, 1–2 seconds; ' +
      'null for none. Costs no credits.'
  ),
  outro: described(
    vine
      .object({
        line: described(
          vine.string().trim().minLength(1).maxLength(80),
          'The call to action, up to 80 characters ("Follow @handle").'
        ),
        seconds: described(
          vine.number({ strict: true }).range([2, 3]).decimal([0, 1]).optional(),
          'How long it shows: 2 to 3 seconds in tenths; 2.5 when left out.'
        ),
      })
      .nullable()
      .optional(),
    'An outro card after the last scene: a call to action such as "Follow @handle", 2–3 ' +
      'seconds; null for none. Costs no credits.'
  ),
  defaults: described(
    vine
      .object({
        voice: described(
          vine
            .object({
              id: described(
                vine.string().trim().maxLength(128),
                'The voice’s id, from list_voices (GET /api/voice-providers).'
              ),
              provider: described(
                vine.string().trim().maxLength(64),
                'The id of the voice’s provider, from list_voices.'
              ),
            })
            .nullable()
            .optional(),
          'The narrator; null for the usual default.'
        ),
        music_track_id: described(
          databaseId().nullable().optional(),
          'A track’s id, from list_music (GET /api/music-tracks); null for none.'
        ),
        style: described(
          vine.enum(STYLE_IDS).nullable().optional(),
          'A visual style’s id, from list_styles (GET /api/styles).'
        ),
        aspect_ratio: described(
          vine.enum(ASPECT_RATIOS).nullable().optional(),
          'The video’s shape: "9:16", "1:1" or "16:9".'
        ),
      })
      .optional(),
    'What a new video made with the brand starts with: a voice from list_voices, a track from ' +
      'list_music, a style from list_styles and an aspect ratio; null for the usual default.'
  ),
}

const name = vine.string().trim().minLength(1).maxLength(60)

export const createBrandValidator = vine.create({
  name: described(name, 'What the brand is called, up to 60 characters.'),
  ...brandFields,
})

export const updateBrandValidator = vine.create({
  name: described(name.clone().optional(), 'What the brand is called, up to 60 characters.'),
  ...brandFields,
})

const colourMessage = `Colours are ${COLOUR_HINT}.`
const messages = new SimpleMessagesProvider({
  ...captionsMessages,
  'name.required': 'Please give the brand a name.',
  'name.minLength': 'Please give the brand a name.',
  'name.maxLength': 'A brand’s name is limited to 60 characters.',
  'primary_color.regex': colourMessage,
  'primary_color.string': colourMessage,
  'accent_color.regex': colourMessage,
  'accent_color.string': colourMessage,
  'logo.object': 'logo must be an object such as { "corner": "top-right", "size": 12 }.',
  'logo.corner.enum': `Unknown logo corner. Choose one of: ${LOGO_CORNERS.join(', ')}.`,
  'logo.size.range': 'The logo’s size is between 5 and 30 % of the frame.',
  'logo.size.withoutDecimals': 'The logo’s size is a whole percentage.',
  'logo.size.number': 'The logo’s size is a whole percentage.',
  'logo.opacity.range': 'The logo’s opacity is between 10 and 100 %.',
  'logo.opacity.withoutDecimals': 'The logo’s opacity is a whole percentage.',
  'logo.opacity.number': 'The logo’s opacity is a whole percentage.',
  'logo.picture_id.number': 'logo.picture_id is a picture’s id, from POST /api/pictures.',
  'logo.picture_id.range': 'logo.picture_id is a picture’s id, from POST /api/pictures.',
  'logo.picture_id.withoutDecimals': 'logo.picture_id is a picture’s id, from POST /api/pictures.',
  'intro.object': 'intro must be an object such as { "title": "Acme" }, or null.',
  'intro.title.required': 'The intro card needs a title.',
  'intro.title.minLength': 'The intro card needs a title.',
  'intro.title.maxLength': 'The intro’s title is limited to 80 characters.',
  'intro.seconds.range': 'The intro lasts 1 to 2 seconds.',
  'intro.seconds.decimal': 'The intro’s length is in tenths of a second at most.',
  'intro.seconds.number': 'The intro lasts 1 to 2 seconds.',
  'outro.object': 'outro must be an object such as { "line": "Follow @acme" }, or null.',
  'outro.line.required': 'The outro card needs a call to action.',
  'outro.line.minLength': 'The outro card needs a call to action.',
  'outro.line.maxLength': 'The outro’s line is limited to 80 characters.',
  'outro.seconds.range': 'The outro lasts 2 to 3 seconds.',
  'outro.seconds.decimal': 'The outro’s length is in tenths of a second at most.',
  'outro.seconds.number': 'The outro lasts 2 to 3 seconds.',
  'defaults.object': 'defaults must be an object such as { "style": "cinematic" }.',
  'defaults.style.enum': `Unknown style. Choose one of: ${STYLE_IDS.join(', ')}.`,
  'defaults.aspect_ratio.enum': `Unknown aspect ratio. Choose one of: ${ASPECT_RATIOS.join(', ')}.`,
  'defaults.music_track_id.number': 'defaults.music_track_id is a track’s id, from list_music.',
  'defaults.music_track_id.range': 'defaults.music_track_id is a track’s id, from list_music.',
  'defaults.music_track_id.withoutDecimals':
    'defaults.music_track_id is a track’s id, from list_music.',
})
createBrandValidator.messagesProvider = messages
updateBrandValidator.messagesProvider = messages

export type BrandInput = Infer<typeof updateBrandValidator>
