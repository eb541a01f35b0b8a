/** The webhook endpoints and their delivery logs (administrators). */
export const webhooksApi = {
  listPath: '/webhooks/',
  createPath: '/webhooks/',
  detailPath: (id: string) => `/webhooks/${encodeURIComponent(id)}/`,
  enablePath: (id: string) => `/webhooks/${encodeURIComponent(id)}/enable/`,
  messagesPath: (id: string) => `/webhooks/${encodeURIComponent(id)}/messages/`,
  redeliverPath: (id: string, messageId: string) =>
    `/webhooks/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/redeliver/`,
};
