import { test } from '@japa/runner'
import { ipv6Bytes, isPublicAddress } from '#core/http/network_addresses'

/**
 * The addresses "import from URL" may connect to: public unicast only
 * (app/media/services/network_addresses.ts).
 */
test.group('Network addresses a picture may be fetched from', () => {
  test('{0} is not public')
    .with([
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.255.255',
      '169.254.169.254',
      '169.254.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.0.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.5',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::1',
      '100::1',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '2002:7f00:1::1',
      '3fff::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'febf:ffff::1',
      'fec0::1',
      'ff02::1',
      'ff05::1:3',
      'fe80::1%eth0',
      'localhost',
      '',
      '1.2.3',
      '256.1.1.1',
    ])
    .run(({ assert }, address) => {
      assert.isFalse(isPublicAddress(address), address)
    })

  test('{0} is public')
    .with([
      '1.1.1.1',
      '8.8.8.8',
      '93.184.215.14',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.167.255.255',
      '192.169.0.1',
      '223.255.255.254',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2606:4700:4700::1111',
      '2a00:1450:4007:80c::200e',
      '2001:4860:4860::8888',
    ])
    .run(({ assert }, address) => {
      assert.isTrue(isPublicAddress(address), address)
    })

  test('IPv6 text becomes its 16 bytes, shorthand and embedded IPv4 included', ({ assert }) => {
    assert.deepEqual(ipv6Bytes('::1'), [...Array(15).fill(0), 1])
    assert.deepEqual(ipv6Bytes('::ffff:127.0.0.1'), [
      ...Array(10).fill(0),
      0xff,
      0xff,
      127,
      0,
      0,
      1,
    ])
    assert.deepEqual(
      ipv6Bytes('2001:db8::8:800:200c:417a'),
      [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a]
    )
    assert.deepEqual(ipv6Bytes('1::'), [0, 1, ...Array(14).fill(0)])
    assert.isNull(ipv6Bytes('fe80::1%lo0'))
    assert.isNull(ipv6Bytes('127.0.0.1'))
  })
})
