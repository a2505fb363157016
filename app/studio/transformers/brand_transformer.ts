import { BaseTransformer } from '@adonisjs/core/transformers'
import type { BrandEntry } from '#studio/queries/owned_brands'
import type { SignedUrls } from '#studio/transformers/scene_transformer'
import { pictureUrlKey } from '#studio/services/signed_media'
import { apiCaptions } from '#studio/transformers/project_transformer'

/** A brand kit as GET /api/brands, its pages and list_brands show it. */
export default class BrandTransformer extends BaseTransformer<BrandEntry> {
  constructor(
    resource: BrandEntry,
    /** The logos' signed URLs (SignedMedia.forLogos). */
    protected urls: SignedUrls
  ) {
    super(resource)
  }

  toObject() {
    const { brand, choosable } = this.resource
    return {
      id: brand.id,
      name: brand.name,
      version: brand.version,
      /** Whether the plan lets it be chosen for a new video now (the oldest first). */
      choosable,
      primaryColor: brand.primaryColor,
      accentColor: brand.accentColor,
      captions: brand.captions,
      logo: {
        pictureId: brand.logoPictureId,
        /** The logo's small copy, transparency kept, to show beside the kit; null for none. */
        url: brand.logoPictureId
          ? (this.urls.get(pictureUrlKey(brand.logoPictureId)) ?? null)
          : null,
        corner: brand.logoCorner,
        size: brand.logoSize,
        opacity: brand.logoOpacity,
      },
      intro:
        brand.introTitle === null ? null : { title: brand.introTitle, seconds: brand.introSeconds },
      outro:
        brand.outroLine === null ? null : { line: brand.outroLine, seconds: brand.outroSeconds },
      defaults: {
        voice: brand.voice,
        musicTrackId: brand.musicTrackId,
        style: brand.style,
        aspectRatio: brand.aspectRatio,
      },
      createdAt: brand.createdAt.toISO()!,
      updatedAt: brand.updatedAt.toISO()!,
    }
  }

  /**
   * /setup's brand picker: what choosing the kit fills in (each choice stays
   * the creator's to change), and the seconds its intro and outro add.
   */
  forSetup() {
    const { brand } = this.resource
    return {
      id: brand.id,
      name: brand.name,
      primaryColor: brand.primaryColor,
      addedSeconds:
        (brand.introTitle === null ? 0 : brand.introSeconds) +
        (brand.outroLine === null ? 0 : brand.outroSeconds),
      style: brand.style,
      voice: brand.voice,
      musicTrackId: brand.musicTrackId,
      aspectRatio: brand.aspectRatio,
      captions: brand.captions && apiCaptions(brand.captions),
    }
  }
}
