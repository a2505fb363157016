import { mkdir, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Job as BullJob } from 'bullmq'

const ROOT = join(tmpdir(), 'reelforge-jobs')

/**
 * One scratch directory per job run, removed when the job ends however it
 * ends; a worker killed mid-job leaves one behind, which the sweep at the
 * next worker start removes.
 */
export async function withJobWorkspace<T>(job: BullJob, work: (dir: string) => Promise<T>) {
  const dir = join(ROOT, `pid${process.pid}-${job.queueName}-${job.id}-${Date.now()}`)
  await mkdir(dir, { recursive: true })
  try {
    return await work(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Removes workspaces whose worker process is gone (killed mid-job).
 */
export async function sweepJobWorkspaces() {
  const entries = await readdir(ROOT).catch(() => [] as string[])
  let removed = 0
  for (const entry of entries) {
    const pid = Number(entry.match(/^pid(\d+)-/)?.[1])
    if (!pid || !isAlive(pid)) {
      await rm(join(ROOT, entry), { recursive: true, force: true })
      removed++
    }
  }
  return removed
}

export const JOB_WORKSPACE_ROOT = ROOT
