import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AiProviders } from '#media/providers/ai_providers'
import { AttachPictures } from '#media/actions/attach_pictures'
import { CopyPictures } from '#media/actions/copy_pictures'
import { DeletePictures } from '#media/actions/delete_pictures'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { FindMusicTrack } from '#media/queries/find_music_track'
import { PlanEffects } from '#billing/queries/plan_effects'
import Brand from '#studio/models/brand'
import { chosenCaptions } from '#studio/actions/choose_captions'
import type { BrandInput } from '#studio/validators/brand'

export type SaveBrandResult =
  | { status: 'saved'; brand: Brand }
  /** The plan allows this many brand kits, and the user has as many. */
  | { status: 'brand_limit'; limit: number }
  | { status: 'unknown_voice' }
  | { status: 'unknown_music' }
  /** Not one of the owner's pictures, or one a video or another kit already shows. */
  | { status: 'logo_unavailable' }

/** What a kit is, besides its owner, name and version: what a duplicate copies. */
const KIT_FIELDS = [
  'primaryColor',
  'accentColor',
  'captions',
  'logoCorner',
  'logoSize',
  'logoOpacity',
  'introTitle',
  'introSeconds',
  'outroLine',
  'outroSeconds',
  'voice',
  'musicTrackId',
  'style',
  'aspectRatio',
] as const satisfies readonly (keyof Brand)[]

/** A new brand's look when the creator leaves it out: a navy card with a warm yellow line. */
const NEW_BRAND = { primaryColor: '#1E3A8A', accentColor: '#FFE14D' }

/**
 * Creates, edits or duplicates a brand kit (docs/product.md, Brand kits). A
 * new one counts against the plan's brand limit: the user's brands are
 * counted under a per-user lock, so parallel creations never pass it.
 * Every edit bumps the kit's version.
 */
@inject()
export class SaveBrand {
  constructor(
    private ai: AiProviders,
    private copyPictures: CopyPictures,
    private deletePictures: DeletePictures
  ) {}

  async create(userId: number, input: BrandInput & { name: string }): Promise<SaveBrandResult> {
    const refused = await this.#checkDefaults(input)
    if (refused) return refused
    const limit = await new PlanEffects().brandLimit(userId)
    return this.#withinLimit(userId, limit, async (trx) => {
      const logoPictureId = input.logo?.picture_id ?? null
      if (logoPictureId !== null && !(await takeLogo(userId, logoPictureId, trx))) {
        return { status: 'logo_unavailable' } as const
      }
      const brand = new Brand().merge({ userId, ...NEW_BRAND, version: 1, logoPictureId })
      brand.useTransaction(trx)
      return brand.merge(fieldsOf(input)).save()
    })
  }

  async update(brand: Brand, input: BrandInput): Promise<SaveBrandResult> {
    const refused = await this.#checkDefaults(input)
    if (refused) return refused
    let replacedLogo: number | null = null
    const result = await db.transaction(async (trx) => {
      const locked = await Brand.query({ client: trx })
        .where('id', brand.id)
        .forUpdate()
        .firstOrFail()
      const logoPictureId = input.logo?.picture_id
      if (logoPictureId !== undefined && logoPictureId !== locked.logoPictureId) {
        if (logoPictureId !== null && !(await takeLogo(locked.userId, logoPictureId, trx))) {
          return { status: 'logo_unavailable' } as const
        }
        replacedLogo = locked.logoPictureId
        locked.logoPictureId = logoPictureId
      }
      locked.merge(fieldsOf(input))
      if (locked.$isDirty) locked.version += 1
      await locked.save()
      return { status: 'saved', brand: locked } as const
    })
    // A video made with the old logo keeps its own copy (its snapshot): the file can go.
    if (result.status === 'saved' && replacedLogo !== null) {
      await this.deletePictures.handle([replacedLogo])
    }
    return result
  }

  /** A copy named "<name> (copy)", counted against the limit like a new brand. */
  async duplicate(brand: Brand): Promise<SaveBrandResult> {
    const limit = await new PlanEffects().brandLimit(brand.userId)
    return this.#withinLimit(brand.userId, limit, async (trx) => {
      const logos = brand.logoPictureId
        ? await this.copyPictures.handle(brand.userId, [brand.logoPictureId], trx)
        : new Map<number, number>()
      const copy = new Brand().merge({
        userId: brand.userId,
        name: `${brand.name} (copy)`.slice(0, 60),
        version: 1,
        ...Object.fromEntries(KIT_FIELDS.map((field) => [field, brand[field]])),
        logoPictureId: brand.logoPictureId ? (logos.get(brand.logoPictureId) ?? null) : null,
      })
      copy.useTransaction(trx)
      return copy.save()
    })
  }

  async #withinLimit(
    userId: number,
    limit: number,
    write: (trx: TransactionClientContract) => Promise<Brand | { status: 'logo_unavailable' }>
  ): Promise<SaveBrandResult> {
    return db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', [`brands:${userId}`])
      const [{ total }] = await trx.from('brands').where('user_id', userId).count('* as total')
      if (Number(total) >= limit) return { status: 'brand_limit', limit } as const
      const written = await write(trx)
      if (!(written instanceof Brand)) return written
      return { status: 'saved', brand: written } as const
    })
  }

  async #checkDefaults({ defaults }: BrandInput) {
    if (defaults?.voice && !(await this.#voiceExists(defaults.voice))) {
      return { status: 'unknown_voice' } as const
    }
    if (defaults?.music_track_id && !(await new FindMusicTrack().byId(defaults.music_track_id))) {
      return { status: 'unknown_music' } as const
    }
    return null
  }

  async #voiceExists({ id, provider }: { id: string; provider: string }) {
    const providers = await this.ai.voiceCatalog.providers()
    return providers
      .find((candidate) => candidate.id === provider)
      ?.voices.some((voice) => voice.id === id)
  }
}

/** The model's fields from what was sent: what is left out stays as it is. */
function fieldsOf(input: BrandInput): Partial<Brand> {
  const fields: Partial<Brand> = {}
  if (input.name !== undefined) fields.name = input.name
  if (input.primary_color !== undefined) fields.primaryColor = input.primary_color.toUpperCase()
  if (input.accent_color !== undefined) fields.accentColor = input.accent_color.toUpperCase()
  if (input.captions !== undefined) {
    fields.captions = input.captions === null ? null : chosenCaptions(input.captions)
  }
  if (input.logo?.corner !== undefined) fields.logoCorner = input.logo.corner
  if (input.logo?.size !== undefined) fields.logoSize = input.logo.size
  if (input.logo?.opacity !== undefined) fields.logoOpacity = input.logo.opacity
  if (input.intro !== undefined) {
    fields.introTitle = input.intro?.title ?? null
    if (input.intro?.seconds !== undefined) fields.introSeconds = input.intro.seconds
  }
  if (input.outro !== undefined) {
    fields.outroLine = input.outro?.line ?? null
    if (input.outro?.seconds !== undefined) fields.outroSeconds = input.outro.seconds
  }
  const defaults = input.defaults
  if (defaults?.voice !== undefined) fields.voice = defaults.voice
  if (defaults?.music_track_id !== undefined) fields.musicTrackId = defaults.music_track_id
  if (defaults?.style !== undefined) fields.style = defaults.style
  if (defaults?.aspect_ratio !== undefined) fields.aspectRatio = defaults.aspect_ratio
  return fields
}

/**
 * Takes one of the owner's pictures as a kit's logo, inside the kit's
 * transaction: a fresh upload only (a picture shows in one place), so the
 * sweep of unattached uploads keeps it from now on.
 */
async function takeLogo(userId: number, pictureId: number, trx: TransactionClientContract) {
  const [picture] = await new OwnedPictures().find(userId, [pictureId], trx)
  if (!picture || picture.attached) return false
  return new AttachPictures().handle([pictureId], trx)
}
