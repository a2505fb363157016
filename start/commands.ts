/*
|--------------------------------------------------------------------------
| Ace commands
|--------------------------------------------------------------------------
|
| Each module's commands, as its module.ts lists them, registered with Ace.
|
*/
import { ListLoader } from '@adonisjs/core/ace'
import { modules } from '#start/modules'

const commands = await Promise.all(
  modules.flatMap((module) => module.commands ?? []).map(async (load) => (await load()).default)
)
const loader = new ListLoader(commands)

export const getMetaData = () => loader.getMetaData()
export const getCommand = loader.getCommand.bind(loader)
