import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Scene from '#studio/models/scene'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import {
  generateAll,
  projectBody,
  startRenderWorker,
  useFakeElevenLabs,
  waitForStatus,
} from '#tests/helpers/studio'
import { FAKE_VOICES } from '#tests/helpers/fakes/fake_elevenlabs'

test.group('Narration: the narrator says what the user sees', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('after an AI script, an edit and another edit the spoken text is the visible narration', async ({
    client,
    assert,
    cleanup,
  }) => {
    const elevenLabs = await useFakeElevenLabs(cleanup)
    await startRenderWorker(cleanup)
    const user = await createAccount('narration@example.com')
    await grantCredits(user, 100)
    type Said = { text: string; previous_text?: string; next_text?: string }
    const spoken = () =>
      elevenLabs.requests
        .filter((request) => request.path.endsWith('/with-timestamps'))
        .map((request) => request.body as Said)
    /**
     * A render's narration as heard: one request per scene (sent side by
     * side), put in order by the scenes each names as its neighbours.
     */
    const heard = (said: Said[]) => {
      const inOrder = [said.find((scene) => !scene.previous_text)!]
      while (inOrder.at(-1)!.next_text) {
        const next = inOrder.at(-1)!.next_text
        inOrder.push(said.find((scene) => scene.text === next && !inOrder.includes(scene))!)
      }
      assert.lengthOf(inOrder, said.length, 'every scene is spoken once')
      return inOrder.map((scene) => scene.text).join(' ')
    }

    const written = await client
      .post('/api/generate-script')
      .json({ prompt: 'A harbour at dawn with fishing boats', targetLength: 15 })
      .loginAs(user)
      .withCsrfToken()
    written.assertStatus(200)
    const script: string = written.body().script
    const created = await client
      .post('/api/projects')
      .json(
        projectBody({
          script,
          style: 'noir',
          voice: { id: FAKE_VOICES[0].voice_id, provider: 'elevenlabs', speed: 1 },
        })
      )
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const projectId: number = created.body().id

    const sceneCounts: number[] = []
    async function render() {
      const before = spoken().length
      const started = await generateAll(client, user, projectId)
      started.assertStatus(202)
      const done = await waitForStatus(projectId, ['done', 'failed'], 120_000)
      assert.equal(done.status, 'done', done.error ?? '')
      const scenes = await Scene.query().where('project_id', projectId)
      sceneCounts.push(scenes.length)
      return heard(spoken().slice(before))
    }
    async function editScene(order: number, words: string) {
      const scene = await Scene.query()
        .where('project_id', projectId)
        .where('order', order)
        .firstOrFail()
      const response = await client
        .patch(`/api/scenes/${scene.id}`)
        .json({ prompt: words })
        .loginAs(user)
        .withCsrfToken()
      response.assertStatus(200)
    }

    assert.equal(await render(), script.split(/\s+/).join(' '))

    await editScene(1, 'A gull lands on the quay.')
    const afterEdit = await render()
    assert.isTrue(afterEdit!.startsWith('A gull lands on the quay. '), afterEdit)
    assert.notInclude(afterEdit!, script.split(/\s+/).slice(0, 3).join(' '))

    await editScene(2, 'The nets come in, heavy and silver.')
    const afterSecondEdit = await render()
    assert.isTrue(
      afterSecondEdit!.startsWith('A gull lands on the quay. The nets come in, heavy and silver. '),
      afterSecondEdit
    )
    // Three renders, each scene spoken once in each.
    assert.lengthOf(
      spoken(),
      sceneCounts.reduce((total, count) => total + count, 0)
    )
  }).timeout(300_000)
})
