import { test } from '@japa/runner'
import { parseTrustedProxies, trustedProxies } from '#core/http/trusted_proxies'

test.group('TRUSTED_PROXIES', () => {
  test('unset, only loopback may forward a client address', ({ assert }) => {
    const trust = trustedProxies()

    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('::1', 0))
    assert.isTrue(trust('::ffff:127.0.0.1', 0))
    assert.isFalse(trust('192.0.2.10', 0))
    assert.isFalse(trust('10.0.0.5', 0))
  })

  test('names proxies by IP and CIDR, comma-separated', ({ assert }) => {
    const trust = trustedProxies(' 10.0.0.0/8, 192.0.2.10 ,fd00::/8')

    assert.isTrue(trust('10.20.30.40', 0))
    assert.isTrue(trust('192.0.2.10', 0))
    assert.isTrue(trust('fd00::2', 0))
    assert.isFalse(trust('192.0.2.11', 0))
    assert.isFalse(trust('127.0.0.1', 0))
  })

  test('refuses "{$self}" with a message')
    .with(['10.0.0.0/8, proxy.internal', '300.1.2.3', '10.0.0.0/40', ' , '])
    .run(({ assert }, value) => {
      assert.throws(() => parseTrustedProxies(value), /^TRUSTED_PROXIES/)
    })
})
