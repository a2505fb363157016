/*
|--------------------------------------------------------------------------
| media routes
|--------------------------------------------------------------------------
|
| Owns music library, uploads and signed media URLs. Each route is named media.<resource>.<action>;
| start/routes.ts imports this file. No routes are registered yet.
|
*/
export {}
