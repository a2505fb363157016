import sharp from 'sharp'
import type { MediaStorage } from '#media/services/media_storage'

/**
 * A video card shows its thumbnail a few hundred pixels wide, so a 2160p
 * video's full-size poster (2160×3840) is never sent to a card: a small
 * copy, at most this many pixels on its long side, is stored beside it.
 */
export const CARD_THUMBNAIL_SIDE = 480

/** Where a thumbnail's card-sized copy is stored: beside it, named after it. */
export function cardThumbnailKey(thumbnailKey: string) {
  return `${thumbnailKey.replace(/\.jpe?g$/, '')}-card.jpg`
}

/** Stores the card-sized copy of the thumbnail at `path` (the poster stays as it is). */
export async function storeCardThumbnail(
  storage: MediaStorage,
  thumbnailKey: string,
  path: string
) {
  const card = await sharp(path)
    .resize(CARD_THUMBNAIL_SIDE, CARD_THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer()
  await storage.put(cardThumbnailKey(thumbnailKey), card, 'image/jpeg')
}
