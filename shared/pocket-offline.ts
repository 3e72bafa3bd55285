/**
 * The name of the cache the card stack's service worker keeps (the server answers the worker; the page deletes
 * the cache at logout). Imports nothing: both sides evaluate it.
 */
export const POCKET_CACHE = 'marginalia-pocket';
