/**
 * The class of a row's header cell. Its own module, not the client rows' one: the server's
 * table calls it too, and a function exported from a 'use client' module cannot run there.
 */
export const rowHeaderClassName = (className?: string) => `fw-normal ${className ?? ''}`;
