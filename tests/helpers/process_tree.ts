import { readFileSync, readdirSync } from 'node:fs'

/** A process as /proc/<pid>/stat shows it; `startedAt` tells it from a later one with its pid. */
export type ProcessEntry = {
  pid: number
  ppid: number
  state: string
  command: string
  startedAt: string
}

function readEntry(pid: number): ProcessEntry | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command sits in parentheses and may itself hold spaces or parentheses.
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ')
  let command = stat.slice(stat.indexOf('(') + 1, close)
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() || command
  } catch {}
  return { pid, ppid: Number(fields[1]), state: fields[0], command, startedAt: fields[19] }
}

function allProcesses(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readEntry(Number(name)) ?? [])
}

/** The roots and every process below them, from /proc. */
export function processTree(roots: number[]): ProcessEntry[] {
  const processes = allProcesses()
  const tree = processes.filter((entry) => roots.includes(entry.pid))
  for (let i = 0; i < tree.length; i++) {
    tree.push(...processes.filter((entry) => entry.ppid === tree[i].pid))
  }
  return tree
}

/** Those of `tree` still there, zombies included (exited but not yet reaped). */
export function survivors(tree: ProcessEntry[]): ProcessEntry[] {
  return tree.filter((entry) => readEntry(entry.pid)?.startedAt === entry.startedAt)
}
