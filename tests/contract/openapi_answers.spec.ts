import { test } from '@japa/runner'
import { appUrl } from '#config/app'
import { openApiDocument } from '#core/openapi/openapi_document'
import {
  documentedSuccesses,
  misdocumentedBodies,
  observedAnswers,
  undocumentedAnswers,
} from '#tests/helpers/observed_answers'

/**
 * /api/openapi.json against what the public API really answered while the
 * suites before this one ran (recorded by tests/helpers/observed_answers.ts):
 * `npm test`, or `npm test -- functional contract`.
 */
function seenAnswers() {
  return observedAnswers().map(({ route, method, status }) => `${route} ${method} ${status}`)
}

test.group('OpenAPI: the answers the suites saw', () => {
  test('the suites ran and were recorded: successes and refusals of every kind', ({ assert }) => {
    const seen = seenAnswers()

    assert.isAbove(seen.length, 100, 'run after the functional suite (npm test)')
    assert.includeMembers(seen, [
      'studio.projects.store POST 201',
      'studio.projects.generate_all POST 202',
      'studio.projects.generate_all POST 402',
      'studio.scenes.update PATCH 409',
      'media.pictures.destroy DELETE 204',
      'media.pictures.destroy DELETE 409',
      'studio.projects.scenes GET 304',
    ])
  })

  test('every route × status the suites saw is in /api/openapi.json', async ({ assert }) => {
    const document = await openApiDocument(appUrl)

    assert.deepEqual(undocumentedAnswers(document, observedAnswers()), [])
  })

  test('every success the document lists was seen', async ({ assert }) => {
    const document = await openApiDocument(appUrl)

    assert.includeMembers(seenAnswers(), documentedSuccesses(document))
  })

  test('the check bites: a document without generate-all’s 402 is caught', async ({ assert }) => {
    const document = await openApiDocument(appUrl)
    delete document.paths['/api/projects/{id}/generate-all'].post.responses[402]

    assert.include(
      undocumentedAnswers(document, observedAnswers()),
      'studio.projects.generate_all POST 402'
    )
  })

  test('every JSON body the suites saw fits its documented schema', async ({ assert }) => {
    const document = await openApiDocument(appUrl)

    assert.deepEqual(misdocumentedBodies(document, observedAnswers()), [])
  })
})
