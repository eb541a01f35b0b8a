/**
 * The undo of a delete (issue 51): `POST /{resource}/{id}/restore/` through the browser's way to the API
 * (`/api/ui/…`), not a server action. The toast outlives the page that deleted (a record page goes to
 * its list), and a server action defined only on that page cannot be called from the list: Next would
 * have to forward it to a page that has it.
 */
export async function restoreThroughUi(
  path: string,
): Promise<{ ok: true; data: null } | { ok: false; message: string }> {
  try {
    const response = await fetch(`/api/ui${path}`, { method: 'POST', headers: { accept: 'application/json' } });
    if (response.ok) return { ok: true, data: null };
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, message: typeof body?.message === 'string' ? body.message : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
