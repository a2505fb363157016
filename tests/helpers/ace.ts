import { execFile } from 'node:child_process'
import app from '@adonisjs/core/services/app'

/**
 * Runs an Ace command as its own process, as someone would from a second
 * shell: it sees only what is committed, and answers with its exit code
 * and what it printed.
 */
export function runAce(args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['ace.js', ...args],
      { cwd: app.makePath(), env: { ...process.env, NODE_ENV: 'test', NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: `${stdout}${stderr}` })
      }
    )
  })
}
