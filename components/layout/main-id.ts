/** The id of every page's `<main>`, the skip link's target (a plain module: server and client read it). */
export const MAIN_ID = 'main';
