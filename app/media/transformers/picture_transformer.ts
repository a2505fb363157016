import { BaseTransformer } from '@adonisjs/core/transformers'
import type Picture from '#media/models/picture'

/** A picture as its owner sees it: its size and signed, expiring URLs of it and its thumbnail. */
export default class PictureTransformer extends BaseTransformer<Picture> {
  constructor(
    resource: Picture,
    protected urls: Map<string, string>
  ) {
    super(resource)
  }

  toObject() {
    return {
      id: this.resource.id,
      width: this.resource.width,
      height: this.resource.height,
      thumbnailUrl: this.urls.get(this.resource.thumbnailKey) ?? null,
      url: this.urls.get(this.resource.key) ?? null,
    }
  }
}
