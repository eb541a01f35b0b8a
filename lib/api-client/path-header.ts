/** Request header through which the middleware tells server components the current path. */
export const PATH_HEADER = 'x-ebmt-path';
