import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { databaseId } from '#core/database_id'
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
  style: vine.enum(CAPTION_STYLE_IDS),
  position: vine.enum(CAPTION_POSITIONS).optional(),
  font: vine.enum(CAPTION_FONT_IDS).optional(),
  text_color: vine.string().regex(CAPTION_COLOUR).optional(),
  highlight_color: vine.string().regex(CAPTION_COLOUR).optional(),
  size: vine.enum(CAPTION_SIZES).optional(),
  uppercase: vine.boolean({ strict: true }).optional(),
})

const captionsMessages = {
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

export const createProjectValidator = vine.create({
  script: vine.string().trim().maxLength(10_000).regex(HAS_WORD),
  style: vine.enum(STYLE_IDS),
  music: vine
    .object({
      id: databaseId(),
      mode: vine.literal('track').optional(),
    })
    .allowUnknownProperties()
    .nullable()
    .optional(),
  voice: vine
    .object({
      id: vine.string().trim().maxLength(128),
      provider: vine.string().trim().maxLength(64),
      speed: vine.number({ strict: true }).min(0.5).max(2).optional(),
      language: vine.enum(LANGUAGES).optional(),
    })
    .allowUnknownProperties(),
  aspect_ratio: vine.enum(ASPECT_RATIOS),
  captions: captionsField.optional(),
  target_seconds: vine
    .number({ strict: true })
    .in([...SCRIPT_LENGTHS])
    .optional(),
  generation_mode: vine.enum(GENERATION_MODES),
  source_image_url: vine.string().url().maxLength(2000).nullable().optional(),
  /** Image to Video: the creator's uploaded pictures, one scene each, in order. */
  picture_ids: vine
    .array(databaseId())
    .minLength(1)
    .maxLength(MAX_PICTURES)
    .distinct()
    .optional()
    .requiredWhen('generation_mode', '=', 'image-to-video'),
})
createProjectValidator.messagesProvider = new SimpleMessagesProvider({
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
  ...captionsMessages,
})

export const generateScriptValidator = vine.create({
  prompt: vine.string().trim().minLength(1).maxLength(2000),
  style: vine.enum(STYLE_IDS).optional(),
  targetLength: vine.number({ strict: true }).in([...SCRIPT_LENGTHS]),
  mood: vine.string().trim().maxLength(32).optional(),
  language: vine.enum(LANGUAGES).optional(),
})
generateScriptValidator.messagesProvider = new SimpleMessagesProvider({
  'prompt.required': 'Please describe your video.',
  'prompt.minLength': 'Please describe your video.',
  'prompt.maxLength': 'Descriptions are limited to 2,000 characters.',
  'targetLength.required': 'Please choose a script length.',
  'targetLength.in': 'Unknown script length.',
})
