/**
 * Every page route of the app, with a record of each kind for the detail pages (the first the API
 * lists): what `npm run bench:js` and `npm run bench:lighthouse` measure.
 */

export const PAGE_ROUTES = [
  '/login/',
  '/pw-vergessen/',
  // The links of e-mails (an unknown token still renders the form; the API refuses it on submit).
  '/aktivierung/?token=bench',
  '/pw-reset/?token=bench',
  '/bestaetigung/?token=bench',
  '/impressum/',
  '/datenschutz/',
  // The signed-in shell alone (navbar, badges): what every authenticated page carries.
  '/keine-berechtigung/',
  '/',
  '/accounts/',
  '/accounts/neu/',
  '/accounts/{account}/',
  '/accounts/{account}/edit/',
  '/accounts/{account}/show/',
  '/accounts/{account}/neu/',
  '/benutzer/',
  '/benutzer/neu/',
  '/benutzer/{user}/',
  '/benutzer/{user}/edit/',
  '/dokumente/',
  '/dokumente/neu/',
  '/dokumente/{document}/',
  '/freigaben/',
  '/freigaben/{approval}/',
  '/historie/',
  '/historie/{change}/',
  '/profil/',
  '/tasks/',
  '/tasks/neu/',
  '/tasks/{task}/',
  '/whitelist/',
  '/whitelist/neu/',
  '/whitelist/neu/import/',
  '/whitelist/{whitelist}/',
];

/** The guest pages: a session is neither needed nor sent. */
export const isPublicRoute = (route) => /^\/(login|pw-vergessen|aktivierung|pw-reset|bestaetigung)\//.test(route);

/** The id of the first record of each kind, from the API (`authorization`: a bearer header). */
export async function recordIds(base, authorization) {
  const firstId = async (path) => {
    const response = await fetch(`${base}/api/v1${path}`, { headers: { authorization } });
    return response.ok ? ((await response.json()).items?.[0]?.id ?? null) : null;
  };
  return {
    account: await firstId('/accounts/?perPage=1'),
    user: await firstId('/users/?perPage=1'),
    document: await firstId('/documents/?perPage=1'),
    approval: await firstId('/approvals/?perPage=1&status=all'),
    change: await firstId('/changes/?perPage=1'),
    task: await firstId('/tasks/?perPage=1&view=all'),
    whitelist: await firstId('/whitelist/?perPage=1'),
  };
}

/**
 * The routes with their ids filled in: `{ route, path }` (`path` null when the database holds no
 * record of the kind).
 */
export function resolveRoutes(ids) {
  return PAGE_ROUTES.map((route) => {
    const kind = /\{(\w+)\}/.exec(route)?.[1];
    if (!kind) return { route, path: route };
    const id = ids[kind];
    return { route: route.replace(`{${kind}}`, '{id}'), path: id ? route.replace(`{${kind}}`, id) : null };
  });
}
