import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import Picture from '#media/models/picture'
import type { Focus } from '#media/public/picture_framing'

/** What another module knows of a creator's picture: enough to show it and to render it. */
export type PictureRef = {
  id: number
  width: number
  height: number
  /** Where it is cropped around (docs/product.md, Image to Video); null for pictures stored before it was kept. */
  focus: Focus | null
  /** The stored picture on the media disk (MediaStorage). */
  key: string
  thumbnailKey: string
  /** A project's scene shows it already. */
  attached: boolean
}

export function pictureRef(picture: Picture): PictureRef {
  return {
    id: picture.id,
    width: picture.width,
    height: picture.height,
    focus:
      picture.focusX === null || picture.focusY === null
        ? null
        : { x: picture.focusX, y: picture.focusY },
    key: picture.key,
    thumbnailKey: picture.thumbnailKey,
    attached: picture.attachedAt !== null,
  }
}

/** A user's pictures by id: another user's ids, or unknown ones, are simply not found. */
export class OwnedPictures {
  /** The user's pictures among `ids`, in the order of `ids`. */
  async find(userId: number, ids: readonly number[], client?: QueryClientContract) {
    if (ids.length === 0) return []
    const rows = await Picture.query({ client })
      .where('user_id', userId)
      .whereIn('id', [...new Set(ids)])
    const byId = new Map(rows.map((row) => [row.id, pictureRef(row)]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  /** One of the user's pictures; another user's, or an unknown id, is a 404 "Picture not found". */
  async findOrFail(userId: number, id: number) {
    const picture = await Picture.query().where('user_id', userId).where('id', id).first()
    if (!picture) throw new MissingResourceException('picture')
    return picture
  }
}
