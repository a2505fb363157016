/*
|--------------------------------------------------------------------------
| Background jobs
|--------------------------------------------------------------------------
|
| Every job class the worker runs: each module's, as its module.ts lists them.
|
*/
import { modules } from '#start/modules'

export const jobs = await Promise.all(
  modules.flatMap((module) => module.jobs ?? []).map(async (load) => (await load()).default)
)
