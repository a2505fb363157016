import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { describeFfmpeg, ffmpegPath, npmBuildPath } from '#media/ffmpeg/binaries'

test.group('ffmpeg binaries', () => {
  test('npm installed the {tool} build for this platform, and it runs')
    .with([{ tool: 'ffmpeg' as const }, { tool: 'ffprobe' as const }])
    .run(({ assert }, { tool }) => {
      const path = npmBuildPath(tool)

      assert.isNotNull(path, `no @${tool}-installer/${process.platform}-${process.arch}`)
      assert.equal(spawnSync(path!, ['-version'], { stdio: 'ignore' }).status, 0)
    })

  test('the boot line names the ffmpeg in use', ({ assert }) => {
    const described = describeFfmpeg()

    if (process.env.FFMPEG_PATH) {
      assert.match(described, /^FFMPEG_PATH \(/)
    } else if (ffmpegPath() === 'ffmpeg') {
      assert.match(described, /^system \(ffmpeg \S+\)$/)
    } else {
      assert.equal(described, `npm (@ffmpeg-installer/${process.platform}-${process.arch})`)
    }
  })
})
