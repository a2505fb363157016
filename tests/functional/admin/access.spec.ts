import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'

const API = [
  ['GET', '/api/admin/stats'],
  ['POST', '/api/admin/unlimited-credits'],
  ['GET', '/api/admin/plans'],
  ['POST', '/api/admin/plans'],
  ['PATCH', '/api/admin/plans/1'],
  ['DELETE', '/api/admin/plans/1'],
  ['GET', '/api/admin/coupons'],
  ['POST', '/api/admin/coupons'],
  ['PATCH', '/api/admin/coupons/1'],
  ['GET', '/api/admin/credit-packs'],
  ['POST', '/api/admin/credit-packs'],
  ['PATCH', '/api/admin/credit-packs/1'],
  ['DELETE', '/api/admin/credit-packs/1'],
  ['GET', '/api/admin/music-tracks'],
  ['POST', '/api/admin/music-tracks'],
  ['PUT', '/api/admin/music-tracks/1'],
  ['DELETE', '/api/admin/music-tracks/1'],
  ['POST', '/api/music/upload'],
  ['PUT', '/api/music/uploads/song-0123456789ab.mp3?expires=1&signature=x'],
  ['POST', '/api/music/uploads/song-0123456789ab.mp3/verify'],
] as const

test.group('Admin: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signed out: admin pages go to /auth and every admin endpoint answers 401', async ({
    client,
    assert,
  }) => {
    for (const path of ['/admin', '/admin/music']) {
      const page = await client.get(path).redirects(0)
      page.assertStatus(302)
      page.assertHeader('location', '/auth')
    }
    for (const [method, path] of API) {
      const response = await client.request(path, method).withCsrfToken()
      assert.equal(response.status(), 401, `${method} ${path}`)
    }
  })

  test('a normal user sees Access Denied on the pages and gets 403 from every endpoint', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('someone@example.com')

    for (const path of ['/admin', '/admin/music']) {
      const page = await client.get(path).loginAs(user).withInertia()
      page.assertStatus(403)
      page.assertInertiaComponent('admin/access_denied')
    }
    for (const [method, path] of API) {
      const response = await client.request(path, method).loginAs(user).withCsrfToken()
      assert.equal(response.status(), 403, `${method} ${path}`)
      assert.equal(
        response.body().message,
        "Access Denied: You don't have permission to access the admin dashboard.",
        `${method} ${path}`
      )
    }
  })

  test('the operator gets the dashboard, with the admin link in the shared props', async ({
    client,
  }) => {
    const operator = await createOperator()

    const dashboard = await client.get('/admin').loginAs(operator).withInertia()
    const music = await client.get('/admin/music').loginAs(operator).withInertia()

    dashboard.assertStatus(200)
    dashboard.assertInertiaComponent('admin/dashboard')
    dashboard.assertInertiaPropsContains({ isAdmin: true })
    music.assertStatus(200)
    music.assertInertiaComponent('admin/music')
  })

  test('the operator is matched by ADMIN_EMAIL exactly, not by a look-alike', async ({
    client,
  }) => {
    const lookalike = await createAccount('operator@reelforge.test.evil.example')

    const response = await client.get('/api/admin/stats').loginAs(lookalike)

    response.assertStatus(403)
  })
})
