/** What a mocked `fetch` resolves with, as far as the browser clients read it (jsdom has no `Response`). */
export const fetchAnswer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
