/** @jest-environment node */
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './read-body';

describe('jsonDepthExceeds', () => {
  it('counts brackets and braces outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`, 2)).toBe(false);
  });

  it('refuses a megabyte of nesting in one linear pass', () => {
    const hostile = `{"x":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const started = performance.now();
    expect(jsonDepthExceeds(hostile, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(`[${'1,'.repeat(500_000)}1]`, MAX_JSON_DEPTH)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
