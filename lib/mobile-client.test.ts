import { isMobileClient } from './mobile-client';

const from = (values: Record<string, string>) => new Headers(values);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe('isMobileClient', () => {
  it("follows Chromium's client hint first", () => {
    expect(isMobileClient(from({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP_CHROME }))).toBe(true);
    expect(isMobileClient(from({ 'sec-ch-ua-mobile': '?0', 'user-agent': IPHONE }))).toBe(false);
  });

  it('reads "Mobi" in the User-Agent of browsers without client hints', () => {
    expect(isMobileClient(from({ 'user-agent': IPHONE }))).toBe(true);
    expect(isMobileClient(from({ 'user-agent': ANDROID_FIREFOX }))).toBe(true);
    expect(isMobileClient(from({ 'user-agent': DESKTOP_CHROME }))).toBe(false);
  });

  it('takes a request without either header, or with a malformed hint, for a desktop', () => {
    expect(isMobileClient(from({}))).toBe(false);
    expect(isMobileClient(from({ 'sec-ch-ua-mobile': 'yes' }))).toBe(false);
  });

  it('reads no further than the first 1,000 characters of a huge User-Agent', () => {
    expect(isMobileClient(from({ 'user-agent': `${'x'.repeat(5000)} Mobile` }))).toBe(false);
  });
});
