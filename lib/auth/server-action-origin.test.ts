/** @jest-environment node */
import { isForeignOrigin, isPossibleServerAction } from './server-action-origin';

const post = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/pw-vergessen/', { method: 'POST', headers, body: '[]' });

describe('Server Action calls from another origin', () => {
  it('are possible actions when posted with Next-Action or as a multipart form, as Next sees them', () => {
    expect(isPossibleServerAction(post({ 'next-action': 'abc' }))).toBe(true);
    expect(isPossibleServerAction(post({ 'content-type': 'multipart/form-data; boundary=x' }))).toBe(true);
    expect(isPossibleServerAction(post({ 'content-type': 'application/x-www-form-urlencoded' }))).toBe(false);
    expect(isPossibleServerAction(new Request('http://localhost:3000/', { headers: { 'next-action': 'abc' } }))).toBe(
      false,
    );
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['no Origin (Next lets it run)', { host: 'localhost:3000' }, false],
    ['this host', { origin: 'http://localhost:3000', host: 'localhost:3000' }, false],
    [
      'the public host a proxy forwards',
      { origin: 'https://b.example', host: '10.0.0.2:3000', 'x-forwarded-host': 'b.example' },
      false,
    ],
    [
      'the first of several forwarded hosts',
      { origin: 'https://b.example', 'x-forwarded-host': 'b.example, inner' },
      false,
    ],
    ['another site', { origin: 'https://evil.example', host: 'localhost:3000' }, true],
    ['another port', { origin: 'http://localhost:1', host: 'localhost:3000' }, true],
    [
      'the Host when a proxy forwards another',
      { origin: 'http://localhost:3000', host: 'localhost:3000', 'x-forwarded-host': 'b.example' },
      true,
    ],
    ['an opaque origin', { origin: 'null', host: 'localhost:3000' }, true],
    ['an origin that is no URL', { origin: 'garbage', host: 'localhost:3000' }, true],
    ['an empty origin', { origin: '', host: 'localhost:3000' }, true],
    ['no host to compare with', { origin: 'https://evil.example' }, true],
  ])('%s', (_label, headers, isForeign) => {
    expect(isForeignOrigin(new Headers(headers))).toBe(isForeign);
  });
});
