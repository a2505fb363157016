import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { described } from '#core/openapi/described'

const id = () => vine.number({ strict: true }).withoutDecimals()
const note = () => vine.string().optional()
const url = () => vine.string().nullable().optional()
const tags = () => vine.array(vine.string()).optional()

const plain = vine.create({ id: id(), note: note(), url: url(), tags: tags() })
const withDescriptions = vine.create({
  id: described(id(), 'The row’s id.'),
  note: described(note(), 'A note, if any.'),
  url: described(url(), 'A URL, or null.'),
  tags: described(tags(), 'Tags, each a word.'),
})

async function outcome(validator: typeof plain | typeof withDescriptions, input: unknown) {
  const [error, value] = await validator.tryValidate(input)
  return error ? { refused: error.messages } : { value }
}

test.group('described validator fields', () => {
  test('{name}: checked exactly as without a description')
    .with([
      { name: 'a null id', input: { id: null } },
      { name: 'a missing id', input: {} },
      { name: 'a string id', input: { id: '1' } },
      { name: 'a null note', input: { id: 1, note: null } },
      { name: 'a null url', input: { id: 1, url: null } },
      { name: 'tags that are not strings', input: { id: 1, tags: [1] } },
      { name: 'everything right', input: { id: 1, note: 'hi', url: 'x', tags: ['a'] } },
    ])
    .run(async ({ assert }, { input }) => {
      assert.deepEqual(await outcome(withDescriptions, input), await outcome(plain, input))
    })

  test('each field’s JSON Schema carries its description, the rest unchanged', ({ assert }) => {
    const schema = withDescriptions.toJSONSchema() as { properties: Record<string, object> }
    const bare = plain.toJSONSchema() as { properties: Record<string, object> }

    assert.deepEqual(schema.properties.id, { ...bare.properties.id, description: 'The row’s id.' })
    assert.deepEqual(schema.properties.url, {
      ...bare.properties.url,
      description: 'A URL, or null.',
    })
    assert.deepEqual(
      { ...schema, properties: {} },
      { ...bare, properties: {} },
      'the same required fields'
    )
  })
})
