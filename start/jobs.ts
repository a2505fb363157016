/*
|--------------------------------------------------------------------------
| Background jobs
|--------------------------------------------------------------------------
|
| Every job class the worker runs: each module's, as its module.ts lists them.
|
*/
import { loadDeclared } from '#core/app_module'
import { modules } from '#start/modules'

export const jobs = await loadDeclared(modules, (module) => module.jobs)
