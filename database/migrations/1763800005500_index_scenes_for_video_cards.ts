import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A video card's length (the sum of its scenes' seconds) and fallback still
 * (its first scene's) read from the index alone: with 24 cards a page, the
 * heap visits they made were a third of the page query's time.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'create index scenes_card_index on scenes (project_id, "order") include (duration, thumbnail_key)'
    )
  }

  async down() {
    this.schema.raw('drop index scenes_card_index')
  }
}
