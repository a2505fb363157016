import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { HttpContextFactory, RequestFactory, ResponseFactory } from '@adonisjs/core/factories/http'
import HttpExceptionHandler from '#core/exceptions/handler'

/** A production handler (no stack pages) answering one request made up here. */
async function answerInProduction(error: unknown, method: string, url: string, accept: string) {
  const req = new IncomingMessage(new Socket())
  Object.assign(req, { method, url, headers: { accept } })
  const res = new ServerResponse(req)
  const ctx = new HttpContextFactory()
    .merge({
      request: new RequestFactory().merge({ req, res }).create(),
      response: new ResponseFactory().merge({ req, res }).create(),
    })
    .create()
  const handler = new HttpExceptionHandler()
  Object.assign(handler, { debug: false })
  await handler.handle(error, ctx)
  return { status: ctx.response.getStatus(), body: ctx.response.getBody() as unknown }
}

test.group('Exception handler in production', () => {
  test('an unexpected failure never shows its message (it may quote SQL)', async ({ assert }) => {
    const error = new Error('insert into "users" ("niche") values ($1) - invalid byte sequence')

    const page = await answerInProduction(error, 'PUT', '/onboarding/profile', 'text/html')
    const json = await answerInProduction(error, 'POST', '/auth/sign-out', 'application/json')
    const api = await answerInProduction(error, 'POST', '/api/projects', 'text/html')

    assert.deepEqual(page, { status: 500, body: 'Internal server error' })
    assert.deepEqual(json, { status: 500, body: { message: 'Internal server error' } })
    assert.deepEqual(api, { status: 500, body: { message: 'Internal server error' } })
  })

  test('a database connection lost under the request answers 503, try again', async ({
    assert,
  }) => {
    const unavailable = {
      status: 503,
      body: { message: 'The service is briefly unavailable. Please try again.' },
    }
    const losses = [
      Object.assign(new Error('select 1 - terminating connection due to administrator command'), {
        code: '57P01',
      }),
      new Error('select 1 - Connection terminated unexpectedly'),
      new Error('select 1 - Client has encountered a connection error and is not queryable'),
      new Error('select 1 - Client was closed and is not queryable'),
    ]
    for (const error of losses) {
      assert.deepEqual(
        await answerInProduction(error, 'POST', '/api/projects/1/generate-all', 'application/json'),
        unavailable,
        error.message
      )
    }
  })
})
