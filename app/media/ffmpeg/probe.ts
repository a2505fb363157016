import { ffprobePath } from '#media/ffmpeg/binaries'
import { runProcess } from '#media/ffmpeg/process'

export type ProbedStream = {
  codecType: string
  codecName: string
  width?: number
  height?: number
  pixFmt?: string
  /** As ffprobe gives it, such as "30/1". */
  frameRate?: string
  profile?: string
  level?: number
  durationSeconds?: number
}

export type ProbeResult = {
  durationSeconds: number
  /** The demuxer(s) ffprobe read the file with, such as "mp3" or "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string
  streams: ProbedStream[]
}

type FfprobeJson = {
  format?: { duration?: string; format_name?: string }
  streams?: {
    codec_type?: string
    codec_name?: string
    width?: number
    height?: number
    pix_fmt?: string
    r_frame_rate?: string
    profile?: string
    level?: number
    duration?: string
  }[]
}

/** The container duration and the streams of a media file, read by ffprobe. */
export async function probe(path: string, tools: { ffprobe?: string } = {}): Promise<ProbeResult> {
  const output = await runProcess(tools.ffprobe ?? ffprobePath(), [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
    path,
  ])
  const json = JSON.parse(output) as FfprobeJson
  return {
    durationSeconds: Number(json.format?.duration ?? Number.NaN),
    formatName: json.format?.format_name ?? 'unknown',
    streams: (json.streams ?? []).map((stream) => ({
      codecType: stream.codec_type ?? 'unknown',
      codecName: stream.codec_name ?? 'unknown',
      width: stream.width,
      height: stream.height,
      pixFmt: stream.pix_fmt,
      frameRate: stream.codec_type === 'video' ? stream.r_frame_rate : undefined,
      profile: stream.profile,
      level: stream.level,
      durationSeconds: stream.duration === undefined ? undefined : Number(stream.duration),
    })),
  }
}
