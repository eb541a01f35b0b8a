/** The API keys of machine clients (administrators). */
export const apiKeysApi = {
  listPath: '/api-keys/',
  createPath: '/api-keys/',
  detailPath: (id: string) => `/api-keys/${encodeURIComponent(id)}/`,
  rotatePath: (id: string) => `/api-keys/${encodeURIComponent(id)}/rotate/`,
};
