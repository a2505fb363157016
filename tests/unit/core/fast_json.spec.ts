import { test } from '@japa/runner'
import { fastJson } from '#core/http/fast_json'

test.group('Response JSON', () => {
  test('plain data is written as JSON.stringify writes it', ({ assert }) => {
    const body = { data: [{ id: 1, at: new Date(0), skip: undefined }], meta: { next: null } }
    assert.equal(fastJson(body), JSON.stringify(body))
  })

  test('a BigInt or a cycle still answers, as the framework would', ({ assert }) => {
    const cyclic: Record<string, unknown> = { id: 1 }
    cyclic.self = cyclic
    assert.equal(fastJson({ total: 2n ** 64n }), '{"total":"18446744073709551616"}')
    assert.equal(fastJson(cyclic), '{"id":1}')
  })
})
