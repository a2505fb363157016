import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The words a scene's still was drawn from: after an edit the picture (and
 * its burned-in caption) shows the old words, so the storyboard marks it
 * outdated and the next render draws a new one. Stills made before this
 * column were drawn from the scene's current words.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('scenes', (table) => {
      table.text('thumbnail_prompt').nullable()
    })
    this.schema.raw(`update scenes set thumbnail_prompt = prompt where thumbnail_key is not null`)
  }

  async down() {
    this.schema.alterTable('scenes', (table) => {
      table.dropColumn('thumbnail_prompt')
    })
  }
}
