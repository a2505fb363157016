import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mediaTools } from '#media/ffmpeg/tools'
import { AiProviders } from '#media/providers/ai_providers'
import { LANGUAGE_CATALOGUE } from '#shared/languages'
import { speechUnits } from '#shared/script_plan'
import { speakScenes } from '#studio/jobs/narrate_video_job'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { decodeMono, levelDb, loudSpan } from '#tests/helpers/audio'

const RATE = 16_000

/*
 * Each language's voice-over as a render makes it (the narrate job's
 * speakScenes, the offline eSpeak NG voice): its preview sentence as one
 * scene is heard, and for within a quarter of the seconds the credit
 * estimate counts it at (docs/decisions.md, Credits and plans). A language
 * outside that band gets its pace fixed in app/shared/languages.ts.
 */
test.group('Narration: every language at its pace', (group) => {
  let dir: string
  group.each.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'narration-languages-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  for (const language of LANGUAGE_CATALOGUE) {
    test(`${language.name}: its sample is heard for about the seconds it is charged`, async ({
      assert,
    }) => {
      const ai = await app.container.make(AiProviders)
      const tools = await mediaTools()
      const [voice] = language.offlineVoices
      const project = new Project().merge({
        styleTemplate: '{script}',
        voice: { id: voice.id, provider: 'espeak', speed: 1, language: language.name },
      })
      const scene = new Scene().merge({ order: 0, prompt: language.sample })

      const narration = await speakScenes(ai, project, [scene], dir)

      assert.isNotNull(narration)
      const track = join(dir, 'narration.wav')
      await writeFile(track, narration!.audio)
      const samples = await decodeMono(tools, ['-i', track], join(dir, 'narration.f32'), RATE)
      const heard = loudSpan(samples, RATE, 0, (samples.length / RATE) * 1000)
      // A sentence longer than a scene's window is sped up to fit: its own pace is what is compared.
      const [placement] = narration!.placements
      const spokenSeconds = ((heard.last - heard.first) * placement.tempo) / 1000
      const estimateSeconds = speechUnits(language.sample, language) / language.perSecond
      assert.isAbove(levelDb(samples), -35, 'the narration is heard')
      assert.isAtLeast(spokenSeconds, estimateSeconds * 0.75)
      assert.isAtMost(spokenSeconds, estimateSeconds * 1.25)
    })
  }
})
