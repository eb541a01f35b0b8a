/** @jest-environment node */
import { isServerActionCall, refusedServerActionStatus } from './server-action-body';

const call = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/pw-vergessen/', {
    method: 'POST',
    body,
    headers: { 'next-action': '402afc07f3a11bfafa402e6a241ec18a37eb183528', ...headers },
  });

describe('Server Action calls the middleware refuses', () => {
  it('recognises a call by its Next-Action header', () => {
    expect(isServerActionCall(call('[]'))).toBe(true);
    expect(isServerActionCall(new Request('http://localhost/', { method: 'POST', body: '[]' }))).toBe(false);
  });

  it('lets encoded arguments and multipart forms through, and leaves the body for Next', async () => {
    const request = call('["a@example.com"]', { 'content-type': 'text/plain;charset=UTF-8' });
    expect(await refusedServerActionStatus(request)).toBeNull();
    expect(await request.text()).toBe('["a@example.com"]');
    const form = new FormData();
    form.set('1_email', 'a@example.com');
    expect(await refusedServerActionStatus(call(form))).toBeNull();
  });

  it.each([
    ['[zxc]', 'text/plain;charset=UTF-8'],
    ['[', 'text/x-component'],
    ['', 'text/plain'],
    ['garbage', 'multipart/form-data; boundary=xyz'],
  ])('answers 400 to the body %p (%s)', async (body, type) => {
    expect(await refusedServerActionStatus(call(body, { 'content-type': type }))).toBe(400);
  });

  it('answers 400 to bytes that are not UTF-8', async () => {
    expect(await refusedServerActionStatus(call(new Uint8Array([0x5b, 0xff, 0x5d])))).toBe(400);
  });

  it('answers 413 over the limit, declared or not', async () => {
    const big = JSON.stringify(['a'.repeat(2048)]);
    expect(await refusedServerActionStatus(call(big), 1024)).toBe(413);
    const stream = new Blob([big]).stream();
    const chunked = new Request('http://localhost/', {
      method: 'POST',
      body: stream,
      headers: { 'next-action': 'x' },
      duplex: 'half',
    } as RequestInit);
    expect(await refusedServerActionStatus(chunked, 1024)).toBe(413);
  });
});
