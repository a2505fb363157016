import { test } from '@japa/runner'

test.group('Not found', () => {
  test('an unknown page renders the Page Not Found page with a 404', async ({ client }) => {
    const response = await client.get('/no/such/page').withInertia()

    response.assertStatus(404)
    response.assertInertiaComponent('core/not_found')
    response.assertInertiaPropsContains({ path: '/no/such/page' })
  })

  test('a browser visit to an unknown page gets the HTML shell with a 404', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/missing').header('accept', 'text/html')

    response.assertStatus(404)
    const pageJson = response.text().match(/<script data-page="app"[^>]*>(.*?)<\/script>/s)?.[1]
    assert.exists(pageJson)
    assert.equal(JSON.parse(pageJson!).component, 'core/not_found')
  })

  test('an unknown /api path answers JSON 404 whatever the Accept header', async ({ client }) => {
    const response = await client.get('/api/x').header('accept', 'text/html')

    response.assertStatus(404)
    response.assertHeader('content-type', 'application/json; charset=utf-8')
    response.assertBody({ message: 'Not found' })
  })

  test('a POST to an unknown /api path answers JSON 404', async ({ client }) => {
    const response = await client.post('/api/nothing/here').json({ a: 1 })

    response.assertStatus(404)
    response.assertBody({ message: 'Not found' })
  })
})
