import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { databaseId } from '#core/database_id'
import { described } from '#core/openapi/described'
import { LANGUAGE_REFUSAL } from '#shared/languages'
import { ASPECT_RATIOS } from '#media/providers/contracts'
import {
  CAPTION_COLOUR,
  CAPTION_FONT_IDS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  CAPTION_STYLE_IDS,
} from '#media/render/caption_styles'
import { GENERATION_MODES } from '#studio/models/project'
import { MAX_PICTURES, SCRIPT_LENGTHS } from '#studio/limits'

const HAS_WORD = /[\p{L}\p{N}]/u

/** How the captions look (docs/product.md, Captions); what is left out is the style's own. */
export const captionsField = vine.object({
  style: described(
    vine.enum(CAPTION_STYLE_IDS),
    'The caption style’s id, from list_caption_styles (GET /api/caption-styles); "none" for no captions.'
  ),
  position: described(
    vine.enum(CAPTION_POSITIONS).optional(),
    'Where the captions sit: top, middle or bottom; the style’s own when left out.'
  ),
  font: described(
    vine.enum(CAPTION_FONT_IDS).optional(),
    'The font’s id, from list_caption_styles; the style’s own when left out.'
  ),
  text_color: described(
    vine.string().regex(CAPTION_COLOUR).optional(),
    'The words’ colour, written #RRGGBB; the style’s own when left out.'
  ),
  highlight_color: described(
    vine.string().regex(CAPTION_COLOUR).optional(),
    'The spoken word’s (or keyword’s) colour, written #RRGGBB; the style’s own when left out.'
  ),
  size: described(
    vine.enum(CAPTION_SIZES).optional(),
    'The text size: S, M or L, measured from the frame’s shorter side; M when left out.'
  ),
  uppercase: described(
    vine.boolean({ strict: true }).optional(),
    'Whether the captions are set in capitals; the style’s own when left out.'
  ),
})

export const captionsMessages = {
  'captions.object': 'captions must be an object such as { "style": "karaoke" }.',
  'captions.style.required': 'Please choose a caption style.',
  'captions.style.enum': `Unknown caption style. Choose one of: ${CAPTION_STYLE_IDS.join(', ')}.`,
  'captions.position.enum': 'Unknown caption position. Choose top, middle or bottom.',
  'captions.font.enum': `Unknown caption font. Choose one of: ${CAPTION_FONT_IDS.join(', ')}.`,
  'captions.text_color.regex': 'Caption colours are written #RRGGBB, like #FFE14D.',
  'captions.text_color.string': 'Caption colours are written #RRGGBB, like #FFE14D.',
  'captions.highlight_color.regex': 'Caption colours are written #RRGGBB, like #FFE14D.',
  'captions.highlight_color.string': 'Caption colours are written #RRGGBB, like #FFE14D.',
  'captions.size.enum': 'Unknown caption size. Choose S, M or L.',
  'captions.uppercase.boolean': 'captions.uppercase must be true or false.',
}

/** A narrator as a project (and a series' videos) take it: a voice of list_voices. */
export const voiceFields = {
  id: described(
    vine.string().trim().maxLength(128),
    'The voice’s id, from list_voices (GET /api/voice-providers).'
  ),
  provider: described(
    vine.string().trim().maxLength(64),
    'The id of the voice’s provider, from list_voices (GET /api/voice-providers).'
  ),
  speed: described(
    vine.number({ strict: true }).min(0.5).max(2).optional(),
    'How fast the narrator speaks, from 0.5 to 2; 1 by default.'
  ),
  language: described(
    vine.enum(LANGUAGES).optional(),
    'The narration’s language (GET /api/languages lists them); english by default. It sets the pace the script is cut and charged at.'
  ),
}

export const createProjectValidator = vine.create({
  script: described(
    vine.string().trim().maxLength(10_000).regex(HAS_WORD),
    'The narration, up to 10,000 characters with at least one letter or digit: it is cut into ' +
      '5-second scenes of about 12 words.'
  ),
  style: described(
    vine.enum(STYLE_IDS),
    'The visual style’s id, from list_styles (GET /api/styles).'
  ),
  music: described(
    vine
      .object({
        id: described(databaseId(), 'The track’s id, from list_music (GET /api/music-tracks).'),
        mode: described(
          vine.literal('track').optional(),
          'Always "track" (the only mode); may be left out.'
        ),
      })
      .allowUnknownProperties()
      .nullable()
      .optional(),
    'Background music under the narration; left out (or null) for none.'
  ),
  voice: described(
    vine.object(voiceFields).allowUnknownProperties(),
    'The narrator: a voice and its provider, from list_voices (GET /api/voice-providers).'
  ),
  aspect_ratio: described(
    vine.enum(ASPECT_RATIOS),
    'The video’s shape: "9:16" (vertical), "1:1" (square) or "16:9" (wide).'
  ),
  captions: described(
    captionsField.optional(),
    'How the captions look (style, position, font, colours, size, capitals), from ' +
      'list_caption_styles (GET /api/caption-styles); left out, your last choice.'
  ),
  target_seconds: described(
    vine
      .number({ strict: true })
      .in([...SCRIPT_LENGTHS])
      .optional(),
    'The length in seconds the script was written for, kept with the project; 60 by default. ' +
      'The storyboard’s length comes from the script’s words.'
  ),
  generation_mode: described(
    vine.enum(GENERATION_MODES),
    'How scenes get their pictures: "text-to-video" (a clip for each scene), ' +
      '"ai-images-to-video" (a still is drawn for each scene first) or "image-to-video" (your ' +
      'own pictures, one scene each, from `picture_ids`).'
  ),
  source_image_url: described(
    vine.string().url().maxLength(2000).nullable().optional(),
    'An http(s) URL kept with the project as a note of its source image; it is never fetched ' +
      'nor shown (Image to Video takes `picture_ids`).'
  ),
  /** Image to Video: the creator's uploaded pictures, one scene each, in order. */
  picture_ids: described(
    vine
      .array(databaseId())
      .minLength(1)
      .maxLength(MAX_PICTURES)
      .distinct()
      .optional()
      .requiredWhen('generation_mode', '=', 'image-to-video'),
    `Image to Video only, and required there: 1 to ${MAX_PICTURES} of your pictures’ ids ` +
      '(import_picture, or POST /api/pictures), each once, one 5-second scene each, in order.'
  ),
  brand_id: described(
    databaseId().nullable().optional(),
    'A brand kit of yours to make the video with (list_brands, GET /api/brands): its logo, ' +
      'colours, intro and outro, and its caption style when `captions` is left out. It must be ' +
      'one your plan offers now (`choosable`).'
  ),
})
createProjectValidator.messagesProvider = new SimpleMessagesProvider({
  'voice.language.enum': LANGUAGE_REFUSAL,
  'script.required': 'Please write a script first.',
  'script.regex': 'Please write a script first.',
  'script.maxLength': 'Scripts are limited to 10,000 characters.',
  'style.enum': 'Unknown style.',
  'style.required': 'Please choose a style.',
  'aspect_ratio.enum': 'Unknown aspect ratio. Choose 9:16, 1:1 or 16:9.',
  'aspect_ratio.required': 'Please choose an aspect ratio.',
  'voice.required': 'Please choose a voice.',
  'music.id.number': 'Unknown music track.',
  'music.id.withoutDecimals': 'Unknown music track.',
  'music.id.range': 'Unknown music track.',
  'target_seconds.in': 'Unknown script length.',
  'generation_mode.enum': 'Unknown generation mode.',
  'source_image_url.url': 'The source image must be a valid URL.',
  'picture_ids.required': 'Add at least one picture.',
  'picture_ids.requiredWhen': 'Add at least one picture.',
  'picture_ids.array.minLength': 'Add at least one picture.',
  'picture_ids.array.maxLength': `A video takes at most ${MAX_PICTURES} pictures.`,
  'picture_ids.distinct': 'Each picture can be used once.',
  'picture_ids.*.number': 'Picture not found',
  'picture_ids.*.withoutDecimals': 'Picture not found',
  'picture_ids.*.range': 'Picture not found',
  'brand_id.number': 'Brand not found',
  'brand_id.withoutDecimals': 'Brand not found',
  'brand_id.range': 'Brand not found',
  ...captionsMessages,
})

/** The storyboard's Captions card and PATCH /api/projects/:id/captions (docs/product.md, Captions). */
export const chooseCaptionsValidator = vine.create({
  captions: described(
    captionsField,
    'How the captions look (style, position, font, colours, size, capitals), from ' +
      'list_caption_styles (GET /api/caption-styles); what is left out is the style’s own.'
  ),
})
chooseCaptionsValidator.messagesProvider = new SimpleMessagesProvider({
  'captions.required': 'Please choose a caption style.',
  ...captionsMessages,
})

export const generateScriptValidator = vine.create({
  prompt: described(
    vine.string().trim().minLength(1).maxLength(2000),
    'What the video is about, up to 2,000 characters.'
  ),
  style: described(
    vine.enum(STYLE_IDS).optional(),
    'The visual style’s id, from list_styles (GET /api/styles); cinematic by default.'
  ),
  targetLength: described(
    vine.number({ strict: true }).in([...SCRIPT_LENGTHS]),
    'The video’s length in seconds, written at the language’s pace (2.5 words a second in English).'
  ),
  mood: described(
    vine.string().trim().maxLength(32).optional(),
    'The tone, in a word or two ("upbeat", "calm"); engaging by default.'
  ),
  language: described(
    vine.enum(LANGUAGES).optional(),
    'The language to write in; the account’s language by default.'
  ),
})
generateScriptValidator.messagesProvider = new SimpleMessagesProvider({
  'language.enum': LANGUAGE_REFUSAL,
  'prompt.required': 'Please describe your video.',
  'prompt.minLength': 'Please describe your video.',
  'prompt.maxLength': 'Descriptions are limited to 2,000 characters.',
  'targetLength.required': 'Please choose a script length.',
  'targetLength.in': 'Unknown script length.',
})
