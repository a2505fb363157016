import { inject } from '@adonisjs/core'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { MediaStorage } from '#media/services/media_storage'
import Brand from '#studio/models/brand'
import type { BrandSnapshot } from '#studio/models/project'
import { brandLogoKey } from '#studio/render/run_ids'

/**
 * The brand kit a run renders with, taken when Generate Final Video starts
 * it (docs/product.md, Brand kits): the kit's fields at its current version,
 * and its logo copied into the project's folder, so an edit or a deletion
 * of the kit later never changes what the run draws.
 */
@inject()
export class BrandSnapshots {
  constructor(private storage: MediaStorage) {}

  /**
   * The snapshot of the project's kit as it is now; undefined when the
   * project names no kit (or its kit was deleted): the last snapshot stays.
   */
  async take(project: {
    id: number
    userId: number
    brandId: number | null
  }): Promise<BrandSnapshot | undefined> {
    if (project.brandId === null) return undefined
    const brand = await Brand.query()
      .where('id', project.brandId)
      .where('user_id', project.userId)
      .first()
    if (!brand) return undefined
    return {
      brandId: brand.id,
      name: brand.name,
      version: brand.version,
      primaryColor: brand.primaryColor,
      accentColor: brand.accentColor,
      logo: await this.#logo(project.id, brand),
      intro:
        brand.introTitle === null ? null : { title: brand.introTitle, seconds: brand.introSeconds },
      outro:
        brand.outroLine === null ? null : { line: brand.outroLine, seconds: brand.outroSeconds },
    }
  }

  async #logo(projectId: number, brand: Brand): Promise<BrandSnapshot['logo']> {
    if (brand.logoPictureId === null) return null
    const [picture] = await new OwnedPictures().find(brand.userId, [brand.logoPictureId])
    // A logo whose file is gone draws nothing rather than stopping the video.
    if (!picture || !(await this.storage.exists(picture.key))) return null
    const key = brandLogoKey(projectId, brand.id, brand.version, picture.key)
    // One copy per kit version: a re-render of the same version finds it there.
    if (!(await this.storage.exists(key))) await this.storage.copy(picture.key, key)
    return { key, corner: brand.logoCorner, size: brand.logoSize, opacity: brand.logoOpacity }
  }
}
