/** @jest-environment node */
import { restoreThroughUi } from './restore-through-ui';

describe('restoreThroughUi', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('posts to the UI proxy and answers ok on 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(restoreThroughUi('/tasks/abc/restore')).resolves.toEqual({ ok: true, data: null });
    expect(fetchMock).toHaveBeenCalledWith('/api/ui/tasks/abc/restore', expect.objectContaining({ method: 'POST' }));
  });

  it("answers the API's message on a refusal, and the status when there is none", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Wiederherstellung nicht mehr möglich.' }), { status: 422 }),
    );
    await expect(restoreThroughUi('/tasks/abc/restore')).resolves.toEqual({
      ok: false,
      message: 'Wiederherstellung nicht mehr möglich.',
    });
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    await expect(restoreThroughUi('/tasks/abc/restore')).resolves.toEqual({ ok: false, message: 'HTTP 502' });
  });

  it('answers a network failure as a refusal, never throws', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(restoreThroughUi('/tasks/abc/restore')).resolves.toEqual({ ok: false, message: 'Failed to fetch' });
  });
});
