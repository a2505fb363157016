/*
|--------------------------------------------------------------------------
| Ace commands
|--------------------------------------------------------------------------
|
| Each module's commands, as its module.ts lists them, registered with Ace.
|
*/
import { ListLoader } from '@adonisjs/core/ace'
import { loadDeclared } from '#core/app_module'
import { modules } from '#start/modules'

const loader = new ListLoader(await loadDeclared(modules, (module) => module.commands))

export const getMetaData = () => loader.getMetaData()
export const getCommand = loader.getCommand.bind(loader)
