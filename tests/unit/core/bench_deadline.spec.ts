import { test } from '@japa/runner'
import { within } from '../../../bin/bench_support.ts'

/** The timers keeping this process alive. */
function pendingTimers() {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
}

test.group('Benches: a deadline goes with the answer', () => {
  test('an answer in time leaves no timer behind, so the bench exits once it has printed', async ({
    assert,
  }) => {
    const before = pendingTimers()

    const answer = await within(Promise.resolve('done'), 5 * 60_000, 'too late')
    const failure = await within(Promise.reject(new Error('failed')), 5 * 60_000, 'too late').catch(
      (error: Error) => error.message
    )

    assert.equal(answer, 'done')
    assert.equal(failure, 'failed')
    assert.equal(pendingTimers(), before)
  })

  test('no answer in time is the deadline’s error', async ({ assert }) => {
    const never = new Promise<never>(() => {})

    await assert.rejects(() => within(never, 10, 'project 7 was not done after 10 ms'), /project 7/)
  })
})
