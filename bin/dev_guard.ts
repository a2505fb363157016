/*
|--------------------------------------------------------------------------
| The guard of `npm run dev`
|--------------------------------------------------------------------------
|
| bin/dev.ts starts this in a session of its own and tells it on stdin what
| it started: `group <pid>` per process group (web server, worker, setup
| steps) and `postgres <pid>` for the embedded PostgreSQL. It writes `done`
| once it has stopped them itself. A stdin that closes without `done` means
| the dev process was killed outright (SIGKILL, the OOM killer): then the
| guard stops what it left behind, groups first, the database last.
|
*/
import { createInterface } from 'node:readline'

const GRACE_MS = 5000
const groups: number[] = []
let postmaster: number | undefined
let done = false

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The terminal may be gone by the time there is anything to say.
process.stderr.on('error', () => {})

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name)
    return true
  } catch {
    return false
  }
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await sleep(100)
  return condition()
}

for await (const line of createInterface({ input: process.stdin })) {
  const [word, value] = line.split(' ')
  if (word === 'group') groups.push(Number(value))
  if (word === 'postgres') postmaster = Number(value)
  if (word === 'done') done = true
}

if (!done) {
  const alive = groups.filter((pgid) => signal(-pgid, 0))
  if (alive.length || (postmaster && signal(postmaster, 0))) {
    console.error('[dev] npm run dev was killed: stopping the processes it started')
  }
  // As bin/dev.ts stops them: SIGINT to a group's leader (`ace serve` ignores SIGTERM), SIGTERM
  // to what is left of a group whose leader is gone.
  for (const pgid of alive) signal(pgid, 'SIGINT') || signal(-pgid, 'SIGTERM')
  if (!(await until(() => alive.every((pgid) => !signal(-pgid, 0)), GRACE_MS))) {
    for (const pgid of alive) signal(-pgid, 'SIGKILL')
  }
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one.
  if (postmaster && signal(postmaster, 'SIGINT')) {
    if (!(await until(() => !signal(postmaster!, 0), GRACE_MS))) signal(postmaster, 'SIGQUIT')
  }
}
