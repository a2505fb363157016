import { test } from '@japa/runner'
import fc from 'fast-check'
import { MAX_DATABASE_ID, databaseId, decimalsUpTo, isDatabaseId } from '#core/database_id'
import vine from '@vinejs/vine'

/** What the regular expression must mean, said with BigInt. */
function isCanonicalUpTo(text: string, max: bigint) {
  return /^[1-9]\d*$/.test(text) && BigInt(text) <= max
}

test.group('Database ids', () => {
  test('isDatabaseId accepts exactly 1..2147483647 written plainly', ({ assert }) => {
    for (const text of ['1', '9', '10', '2147483647', '1999999999', '2147483639']) {
      assert.isTrue(isDatabaseId(text), text)
    }
    for (const text of [
      '0',
      '2147483648',
      '99999999999999999999',
      '-1',
      '1.5',
      '01',
      '1e3',
      ' 1',
      '',
    ]) {
      assert.isFalse(isDatabaseId(text), text)
    }
  })

  test('decimalsUpTo(max) matches a number iff it is 1..max, for any max', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.oneof(
          fc.bigInt({ min: -10n, max: 10n ** 20n }).map(String),
          fc.stringMatching(/^[0-9]{1,18}$/)
        ),
        (max, text) => decimalsUpTo(max).test(text) === isCanonicalUpTo(text, BigInt(max))
      ),
      { seed: 20_261_121, numRuns: 2000 }
    )
  })

  test('databaseId() takes JSON integers in range only', async ({ assert }) => {
    const validator = vine.create(vine.object({ id: databaseId() }))
    for (const id of [1, MAX_DATABASE_ID]) {
      assert.deepEqual(await validator.validate({ id }), { id })
    }
    for (const id of [0, -0, -1, 1.5, MAX_DATABASE_ID + 1, 1e20, 1e308, true, '1', [1], null]) {
      const [error] = await validator.tryValidate({ id })
      assert.exists(error, JSON.stringify(id))
    }
  })
})
