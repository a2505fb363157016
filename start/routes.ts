/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Each module owns its routes; this file only imports them.
|
*/
import '#core/routes'
import '#auth/routes'
import '#studio/routes'
import '#media/routes'
import '#billing/routes'
import '#admin/routes'
