import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Scenes keep the creator's words; the style's wording is added when a
 * provider is called (docs/product.md, Storyboard). Prompts and still prompts
 * saved with the project's template around them lose it. Nothing to undo:
 * the providers style either form alike.
 */
export default class extends BaseSchema {
  async up() {
    for (const column of ['prompt', 'thumbnail_prompt']) {
      this.schema.raw(
        `update scenes s
            set ${column} = substr(s.${column}, length(t.prefix) + 1,
                                   length(s.${column}) - length(t.prefix) - length(t.suffix))
           from (select id,
                        split_part(style_template, '{script}', 1) as prefix,
                        split_part(style_template, '{script}', 2) as suffix
                   from projects
                  where position('{script}' in style_template) > 0) t
          where s.project_id = t.id
            and length(s.${column}) > length(t.prefix) + length(t.suffix)
            and left(s.${column}, length(t.prefix)) = t.prefix
            and right(s.${column}, length(t.suffix)) = t.suffix`
      )
    }
  }

  async down() {}
}
