import { lazy, type ComponentType } from 'react'

/**
 * `React.lazy` for a module's named export: the component's code loads the
 * first time it renders (a dialog's body, a tab's panel), not with the page.
 */
export function lazyNamed<Name extends string, Module extends Record<Name, ComponentType<any>>>(
  load: () => Promise<Module>,
  name: Name
) {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}
