import { ffmpegFilters } from '#media/ffmpeg/binaries'
import {
  CAPTION_FONTS,
  CAPTION_FONT_IDS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  CAPTION_STYLE_IDS,
  CAPTION_STYLES,
} from '#media/render/caption_styles'
import CaptionStyleTransformer from '#studio/transformers/caption_style_transformer'

/**
 * Every caption choice (docs/product.md, Captions): the styles, fonts,
 * positions and sizes, colours as `#RRGGBB`, and whether this server's
 * ffmpeg has libass, without which only the phrase style is drawn.
 */
export async function captionCatalogue() {
  // No ffmpeg at all (it is looked up on first use): nothing is drawn, libass included.
  const filters = await Promise.resolve()
    .then(() => ffmpegFilters())
    .catch(() => new Set<string>())
  return {
    styles: CAPTION_STYLE_IDS.map((id) =>
      new CaptionStyleTransformer(CAPTION_STYLES[id]).toObject()
    ),
    fonts: CAPTION_FONT_IDS.map((id) => ({ id, name: CAPTION_FONTS[id].name })),
    positions: [...CAPTION_POSITIONS],
    sizes: [...CAPTION_SIZES],
    colorFormat: '#RRGGBB',
    libass: filters.has('subtitles'),
  }
}
