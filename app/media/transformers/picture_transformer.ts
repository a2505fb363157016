import { BaseTransformer } from '@adonisjs/core/transformers'
import { apiSerializer } from '#core/http/api_serializer'
import type Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'

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

/** A picture as the API and the MCP tools answer it, its URLs signed now. */
export async function servePicture(picture: Picture, storage = new MediaStorage()) {
  const urls = await storage.signedUrls([picture.key, picture.thumbnailKey])
  return apiSerializer.serialize(PictureTransformer.transform(picture, urls))
}
