/** @jest-environment node */
import {
  CLIENT_ADDRESS_HEADER,
  PEER_ADDRESS_HEADER,
  clientAddressHeaders,
  normaliseAddress,
  resolveClientAddress,
  vouchedClientAddress,
} from './client-address';

beforeAll(() => {
  process.env.API_TOKEN_SECRET = 'client-address-test-secret-0123456789-0123456789';
});

afterEach(() => {
  delete process.env.BENEFITS_PEER_ADDRESS_RECORDED;
});

const request = (headers: Record<string, string>) => new Headers(headers);

describe('resolveClientAddress', () => {
  beforeEach(() => {
    process.env.BENEFITS_PEER_ADDRESS_RECORDED = '1';
  });

  it('without trusted proxies counts the socket peer, whatever X-Forwarded-For says', () => {
    const headers = request({ [PEER_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '10.1.2.3' });
    expect(resolveClientAddress(headers, 0)).toBe('203.0.113.9');
  });

  it('takes the N-th X-Forwarded-For entry from the right with N trusted proxies', () => {
    const headers = request({
      [PEER_ADDRESS_HEADER]: '127.0.0.1',
      'x-forwarded-for': '6.6.6.6, 198.51.100.7, 192.0.2.1',
    });
    expect(resolveClientAddress(headers, 1)).toBe('192.0.2.1');
    expect(resolveClientAddress(headers, 2)).toBe('198.51.100.7');
  });

  it('counts the peer when the chain is shorter than the proxies or the hop is not an address', () => {
    const short = request({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': '192.0.2.1' });
    expect(resolveClientAddress(short, 2)).toBe('127.0.0.1');
    const garbage = request({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': '1.2.3.4, evil' });
    expect(resolveClientAddress(garbage, 1)).toBe('127.0.0.1');
  });

  it('reads a peer header only when scripts/server.mjs recorded it', () => {
    delete process.env.BENEFITS_PEER_ADDRESS_RECORDED;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveClientAddress(request({ [PEER_ADDRESS_HEADER]: '192.0.2.55' }), 0)).toBe('unknown');
    warn.mockRestore();
  });

  it('accepts node-style header records (next-auth passes those)', () => {
    expect(resolveClientAddress({ [PEER_ADDRESS_HEADER]: '::ffff:192.0.2.8' }, 0)).toBe('192.0.2.8');
  });
});

describe('normaliseAddress', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['192.0.2.1:8443', '192.0.2.1'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    [' 2001:db8::2 ', '2001:db8::2'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });

  it.each(['', 'unknown', 'evil.com', '1.2.3', '1.2.3.4.5', '<script>'])('refuses %p', (raw) => {
    expect(normaliseAddress(raw)).toBeNull();
  });
});

describe('the address the app’s own server vouches for', () => {
  const vouched = (address: string, now = Date.now()) => {
    process.env.BENEFITS_PEER_ADDRESS_RECORDED = '1';
    return clientAddressHeaders(request({ [PEER_ADDRESS_HEADER]: address }), now)[CLIENT_ADDRESS_HEADER]!;
  };

  it('is accepted as signed', () => {
    expect(vouchedClientAddress(vouched('198.51.100.23'))).toBe('198.51.100.23');
  });

  it('is refused when the address is changed, the signature forged or the value stale', () => {
    const value = vouched('198.51.100.23');
    expect(vouchedClientAddress(value.replace('198.51.100.23', '198.51.100.24'))).toBeNull();
    expect(vouchedClientAddress(`${value.slice(0, -2)}AA`)).toBeNull();
    expect(vouchedClientAddress('198.51.100.23')).toBeNull();
    expect(vouchedClientAddress(vouched('198.51.100.23', Date.now() - 10 * 60_000))).toBeNull();
    expect(vouchedClientAddress(null)).toBeNull();
  });
});
