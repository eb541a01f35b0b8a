/**
 * @jest-environment node
 */
import { renderMail, type MailTemplate } from './templates';

const LINK = 'https://benefits.example.com/aktivierung/?token=abc123&x=1';
const params = {
  name: 'Erika Mustermann',
  link: LINK,
  validHours: 72,
  appName: 'Employee Benefits Master Tool',
  operator: 'Beispiel Benefits GmbH',
};

describe('renderMail', () => {
  const linked: MailTemplate[] = ['activation', 'password_reset', 'email_confirmation'];

  it.each(linked.flatMap((template) => (['de', 'en'] as const).map((locale) => [template, locale] as const)))(
    '%s in %s carries the link in text and HTML',
    (template, locale) => {
      const mail = renderMail(template, locale, params);
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.text).toContain(LINK);
      expect(mail.text).toContain('Erika Mustermann');
      expect(mail.text).toContain('Beispiel Benefits GmbH');
      expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
      expect(mail.html).toMatch(/^<!doctype html>/);
    },
  );

  it('speaks the recipient’s language', () => {
    expect(renderMail('activation', 'de', params).text).toContain('Guten Tag Erika Mustermann');
    expect(renderMail('activation', 'en', params).text).toContain('Hello Erika Mustermann');
    expect(renderMail('password_reset', 'de', { ...params, validHours: 1 }).text).toContain('60 Minuten');
    expect(renderMail('password_reset', 'en', { ...params, validHours: 1 }).text).toContain('60 minutes');
  });

  it('sends the notice of a changed address without a link', () => {
    for (const locale of ['de', 'en'] as const) {
      const mail = renderMail('email_changed', locale, { ...params, link: undefined });
      expect(mail.html).not.toContain('<a ');
      expect(mail.text).toContain('Beispiel Benefits GmbH');
    }
  });

  it('escapes HTML in names and links', () => {
    const mail = renderMail('activation', 'de', {
      ...params,
      name: '<script>alert("x")</script> & Co',
      link: 'https://example.com/?a="><img src=x>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('href="https://example.com/?a=&quot;&gt;&lt;img src=x&gt;"');
    // The plain-text part is not HTML: it keeps the name as it is.
    expect(mail.text).toContain('<script>alert("x")</script> & Co');
  });
});
