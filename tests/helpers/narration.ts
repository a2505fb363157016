import app from '@adonisjs/core/services/app'
import { QueueService } from '#core/queue/queue_service'
import type { NarrateVideoResult } from '#studio/jobs/narrate_video_job'
import { narrateJobId } from '#studio/render/run_ids'

/** The words a run's voice-over job timed, as the render laid them. */
export async function spokenWords(projectId: number, run = 1) {
  const queues = await app.container.make(QueueService)
  const job = await queues.queue('media').getJob(narrateJobId(projectId, run))
  return (job?.returnvalue as NarrateVideoResult | undefined)?.narration?.words ?? []
}

/** An SRT or WebVTT timing line, `00:00:01,230 --> 00:00:02,000`, as milliseconds. */
export function cueTimes(line: string) {
  return line.split(' --> ').map((time) => {
    const [hours, minutes, rest] = time.split(':')
    const [seconds, millis] = rest.split(/[,.]/)
    return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis)
  })
}
