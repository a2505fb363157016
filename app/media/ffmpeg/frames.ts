import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'

/** The first frame of a video as a JPEG: thumbnails of scenes and videos. */
export function firstFrame(
  videoPath: string,
  jpegPath: string,
  tools: MediaTools,
  signal?: AbortSignal
) {
  return runFfmpeg(tools, ['-i', videoPath, '-frames:v', '1', '-q:v', '3', jpegPath], { signal })
}
