import { writeFile } from 'node:fs/promises'
import { resolve, join } from 'node:path'
import { firstFrame } from '#media/ffmpeg/frames'
import { settleAll } from '#media/ffmpeg/process'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'

/**
 * The last step, no video encode: the clips joined by the concat demuxer
 * with `-c copy`, the AAC soundtrack muxed in, the index moved to the front
 * (+faststart); meanwhile the first scene's first frame becomes the JPEG thumbnail.
 */
export async function assemble(
  input: {
    clips: string[]
    /** The clip whose first frame is the thumbnail. */
    thumbnailFrom: string
    audioPath: string
    dir: string
    outputPath: string
    thumbnailPath: string
    signal?: AbortSignal
  },
  tools: MediaTools
) {
  const { signal } = input
  const list = join(input.dir, 'clips.txt')
  await writeFile(
    list,
    // The demuxer reads relative names from the list's own directory: give it absolute ones.
    input.clips.map((clip) => `file '${resolve(clip).replace(/'/g, "'\\''")}'\n`).join('')
  )
  await settleAll([
    runFfmpeg(
      tools,
      [
        ...['-f', 'concat', '-safe', '0', '-i', list, '-i', input.audioPath],
        ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart'],
        input.outputPath,
      ],
      { signal }
    ),
    firstFrame(input.thumbnailFrom, input.thumbnailPath, tools, signal),
  ])
}
