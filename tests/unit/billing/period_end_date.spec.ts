import { test } from '@japa/runner'
import { periodEndDate } from '#billing/public/billing_dates'

test.group('periodEndDate', () => {
  test('names the UTC day of the period end, as the portal message and badge both show it', ({
    assert,
  }) => {
    assert.equal(periodEndDate('2026-12-26T23:30:00.000Z'), 'December 26, 2026')
    assert.equal(periodEndDate(new Date('2027-01-01T00:10:00.000Z')), 'January 1, 2027')
  })
})
