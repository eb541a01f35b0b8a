/** @jest-environment node */
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  afterEach(() => jest.useRealTimers());

  it('serves a value until it expires, per key', async () => {
    jest.useFakeTimers({ now: 1_000 });
    const cached = createTtlCache<number>(60_000);
    const load = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2).mockResolvedValueOnce(3);
    expect(await cached('a', load)).toBe(1);
    expect(await cached('a', load)).toBe(1);
    expect(await cached('b', load)).toBe(2);
    jest.setSystemTime(61_001);
    expect(await cached('a', load)).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('forgets failures and drops the oldest entry beyond its size', async () => {
    const cached = createTtlCache<number>(60_000, 2);
    await expect(cached('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached('x', async () => 7)).toBe(7);
    await cached('y', async () => 8);
    await cached('z', async () => 9);
    expect(await cached('x', async () => 10)).toBe(10);
  });
});
