import { test } from '@japa/runner'
import { ConcurrencyLimit } from '#core/concurrency_limit'

/** A run that stays open until the test lets it finish. */
function openRun() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { done, finish }
}

test.group('ConcurrencyLimit', () => {
  test('runs at most its limit at once; the rest start in order as runs finish', async ({
    assert,
  }) => {
    const limit = new ConcurrencyLimit(2)
    const runs = Array.from({ length: 5 }, openRun)
    const started: number[] = []
    const results = runs.map((run, index) =>
      limit.run(async () => {
        started.push(index)
        await run.done
        return index
      })
    )
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(started, [0, 1])
    assert.equal(limit.waiting, 3)

    runs[1].finish()
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(started, [0, 1, 2])

    for (const run of runs) run.finish()
    assert.deepEqual(await Promise.all(results), [0, 1, 2, 3, 4])
    assert.equal(limit.waiting, 0)
  })

  test('a run that throws gives its turn to the next one', async ({ assert }) => {
    const limit = new ConcurrencyLimit(1)
    const failed = limit.run(async () => {
      throw new Error('provider down')
    })
    const next = limit.run(async () => 'next ran')

    await assert.rejects(() => failed, 'provider down')
    assert.equal(await next, 'next ran')
  })

  test('refuses a limit that is not a whole number from 1', ({ assert }) => {
    assert.throws(() => new ConcurrencyLimit(0))
    assert.throws(() => new ConcurrencyLimit(1.5))
  })
})
