import { Exception } from '@adonisjs/core/exceptions'

/**
 * A record that does not exist, or is not the caller's: both answer the
 * same 404, so nobody learns which ids belong to other accounts. The
 * handler turns it into `{ message }` for JSON clients and the not-found
 * page (told which kind of thing was missing) for pages.
 */
export class MissingResourceException extends Exception {
  static status = 404
  static code = 'E_MISSING_RESOURCE'

  constructor(readonly resource: string) {
    super(`${resource.charAt(0).toUpperCase()}${resource.slice(1)} not found`)
  }
}
