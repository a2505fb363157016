import vine from '@vinejs/vine'
import { LANGUAGES } from '#core/vocabulary'
import { ASPECT_RATIOS } from '#media/providers/contracts'
import {
  CAPTION_COLOUR,
  CAPTION_FONT_IDS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  CAPTION_STYLE_IDS,
} from '#media/render/caption_styles'

/** The Captions card's preview: the options as a query string, the frame's shape and the creator's first words. */
export const captionPreviewValidator = vine.create({
  style: vine.enum(CAPTION_STYLE_IDS),
  position: vine.enum(CAPTION_POSITIONS).optional(),
  font: vine.enum(CAPTION_FONT_IDS).optional(),
  text_color: vine.string().regex(CAPTION_COLOUR).optional(),
  highlight_color: vine.string().regex(CAPTION_COLOUR).optional(),
  size: vine.enum(CAPTION_SIZES).optional(),
  uppercase: vine.boolean().optional(),
  aspect_ratio: vine.enum(ASPECT_RATIOS),
  text: vine.string().trim().maxLength(300).optional(),
  /** The narration language: the preview breaks lines and picks fonts as the render will. */
  language: vine.enum(LANGUAGES).optional(),
})
