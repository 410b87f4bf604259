/** Cache policies, in one place. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML changes with each deployment: short lifetime, then revalidate with the ETag. */
export const CACHE_HTML = 'public, max-age=300, must-revalidate';
export const CACHE_OTHER = 'public, max-age=3600';
export const CACHE_NONE = 'no-store';
