/** @jest-environment node */
import { hasScope } from './has-scope';

describe('hasScope', () => {
  it('accepts a list of scopes', () => {
    expect(hasScope(['accounts.read', 'tasks.read'], 'accounts.read')).toBe(true);
    expect(hasScope(['accounts.read'], 'accounts.write')).toBe(false);
  });

  it('accepts a map whose value is true', () => {
    expect(hasScope({ 'accounts.read': true }, 'accounts.read')).toBe(true);
  });

  it('refuses a map entry that is not exactly true', () => {
    expect(hasScope({ 'accounts.read': false }, 'accounts.read')).toBe(false);
    expect(hasScope({ 'accounts.read': 'true' }, 'accounts.read')).toBe(false);
    expect(hasScope({ 'accounts.read': 1 }, 'accounts.read')).toBe(false);
    expect(hasScope({}, 'accounts.read')).toBe(false);
  });

  it('does not take inherited properties for scopes', () => {
    const inherited = Object.create({ 'accounts.read': true }) as Record<string, unknown>;
    expect(hasScope(inherited, 'accounts.read')).toBe(false);
  });

  it('holds nothing without a scope field', () => {
    expect(hasScope(undefined, 'accounts.read')).toBe(false);
    expect(hasScope(null, 'accounts.read')).toBe(false);
    expect(hasScope([], 'accounts.read')).toBe(false);
  });
});
