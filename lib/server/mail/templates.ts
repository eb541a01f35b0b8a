import 'server-only';
import type { Locale } from '@/lib/schemas/auth';

export type MailTemplate =
  | 'activation'
  | 'password_reset'
  | 'email_confirmation'
  | 'email_changed'
  | 'notification'
  | 'digest'
  | MfaMailTemplate;

/** The notices about a user's second factor (issue 28): each tells the user and whom to call. */
export type MfaMailTemplate = 'mfa_enrolled' | 'mfa_disabled' | 'mfa_reset' | 'mfa_recovery_code_used';

export interface MailParams {
  name: string;
  /** The link the mail is about (absent for notices). */
  link?: string;
  /** Hours the link stays valid. */
  validHours?: number;
  appName: string;
  operator: string;
  /** A notification's title (`notification`), or the digest's titles (`digest`). */
  items?: string[];
}

interface Rendered {
  subject: string;
  lines: string[];
  action?: { label: string; href: string };
}

const TEXTS: Record<MailTemplate, Record<Locale, (p: MailParams) => Rendered>> = {
  activation: {
    de: (p) => ({
      subject: `Ihr Zugang zum ${p.appName}`,
      lines: [
        `Guten Tag ${p.name},`,
        `für Sie wurde ein Zugang zum ${p.appName} eingerichtet. Bitte legen Sie über den folgenden Link Ihr Passwort fest.`,
        `Der Link ist ${p.validHours} Stunden gültig und kann nur einmal verwendet werden.`,
      ],
      action: { label: 'Zugang aktivieren', href: p.link ?? '' },
    }),
    en: (p) => ({
      subject: `Your access to the ${p.appName}`,
      lines: [
        `Hello ${p.name},`,
        `an account for the ${p.appName} has been set up for you. Please set your password using the link below.`,
        `The link is valid for ${p.validHours} hours and can be used once.`,
      ],
      action: { label: 'Activate access', href: p.link ?? '' },
    }),
  },
  password_reset: {
    de: (p) => ({
      subject: 'Passwort zurücksetzen',
      lines: [
        `Guten Tag ${p.name},`,
        'Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link legen Sie ein neues fest.',
        `Der Link ist ${p.validHours === 1 ? '60 Minuten' : `${p.validHours} Stunden`} gültig. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail.`,
      ],
      action: { label: 'Neues Passwort festlegen', href: p.link ?? '' },
    }),
    en: (p) => ({
      subject: 'Reset your password',
      lines: [
        `Hello ${p.name},`,
        'You asked to reset your password. Use the link below to set a new one.',
        `The link is valid for ${p.validHours === 1 ? '60 minutes' : `${p.validHours} hours`}. If you did not ask for this, ignore this e-mail.`,
      ],
      action: { label: 'Set a new password', href: p.link ?? '' },
    }),
  },
  email_confirmation: {
    de: (p) => ({
      subject: 'Neue E-Mail-Adresse bestätigen',
      lines: [
        `Guten Tag ${p.name},`,
        `bitte bestätigen Sie, dass Sie diese Adresse für das ${p.appName} verwenden möchten.`,
        `Der Link ist ${p.validHours} Stunden gültig.`,
      ],
      action: { label: 'E-Mail-Adresse bestätigen', href: p.link ?? '' },
    }),
    en: (p) => ({
      subject: 'Confirm your new e-mail address',
      lines: [
        `Hello ${p.name},`,
        `please confirm that you want to use this address for the ${p.appName}.`,
        `The link is valid for ${p.validHours} hours.`,
      ],
      action: { label: 'Confirm e-mail address', href: p.link ?? '' },
    }),
  },
  email_changed: {
    de: (p) => ({
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      lines: [
        `Guten Tag ${p.name},`,
        `die E-Mail-Adresse Ihres Zugangs zum ${p.appName} wurde geändert. Wenn Sie das nicht waren, wenden Sie sich bitte sofort an ${p.operator}.`,
      ],
    }),
    en: (p) => ({
      subject: 'Your e-mail address was changed',
      lines: [
        `Hello ${p.name},`,
        `the e-mail address of your access to the ${p.appName} was changed. If this was not you, please contact ${p.operator} at once.`,
      ],
    }),
  },
  mfa_enrolled: mfaNotice(
    {
      subject: 'Zweiter Faktor eingerichtet',
      what: 'für Ihren Zugang wurde ein zweiter Faktor (Authenticator-App oder Passkey) eingerichtet.',
    },
    {
      subject: 'Second factor set up',
      what: 'a second factor (authenticator app or passkey) was set up for your access.',
    },
  ),
  mfa_disabled: mfaNotice(
    { subject: 'Zweiter Faktor entfernt', what: 'ein zweiter Faktor Ihres Zugangs wurde entfernt.' },
    { subject: 'Second factor removed', what: 'a second factor of your access was removed.' },
  ),
  mfa_reset: mfaNotice(
    {
      subject: 'Zweiter Faktor zurückgesetzt',
      what: 'die zweiten Faktoren Ihres Zugangs wurden nach einer Freigabe zurückgesetzt. Richten Sie nach der nächsten Anmeldung einen neuen ein.',
    },
    {
      subject: 'Second factor reset',
      what: 'the second factors of your access were reset after an approval. Set up a new one after your next sign-in.',
    },
  ),
  mfa_recovery_code_used: mfaNotice(
    {
      subject: 'Wiederherstellungscode verwendet',
      what: 'bei einer Anmeldung wurde einer Ihrer Wiederherstellungscodes verwendet.',
    },
    { subject: 'Recovery code used', what: 'one of your recovery codes was used to sign in.' },
  ),
  notification: {
    de: (p) => ({
      subject: p.items?.[0] ?? 'Neue Benachrichtigung',
      lines: [`Guten Tag ${p.name},`, p.items?.[0] ?? ''],
      action: { label: 'Öffnen', href: p.link ?? '' },
    }),
    en: (p) => ({
      subject: p.items?.[0] ?? 'New notification',
      lines: [`Hello ${p.name},`, p.items?.[0] ?? ''],
      action: { label: 'Open', href: p.link ?? '' },
    }),
  },
  digest: {
    de: (p) => ({
      subject: `${p.items?.length ?? 0} neue Benachrichtigung${p.items?.length === 1 ? '' : 'en'} im ${p.appName}`,
      lines: [
        `Guten Tag ${p.name},`,
        'seit der letzten Zusammenfassung ist Folgendes für Sie eingegangen:',
        ...(p.items ?? []).map((item) => `• ${item}`),
      ],
      action: { label: 'Alle Benachrichtigungen', href: p.link ?? '' },
    }),
    en: (p) => ({
      subject: `${p.items?.length ?? 0} new notification${p.items?.length === 1 ? '' : 's'} in the ${p.appName}`,
      lines: [
        `Hello ${p.name},`,
        'since the last summary the following came in for you:',
        ...(p.items ?? []).map((item) => `• ${item}`),
      ],
      action: { label: 'All notifications', href: p.link ?? '' },
    }),
  },
};

/** One notice about the second factor: what happened, and to call the operator if it was not them. */
function mfaNotice(de: { subject: string; what: string }, en: { subject: string; what: string }) {
  return {
    de: (p: MailParams): Rendered => ({
      subject: de.subject,
      lines: [
        `Guten Tag ${p.name},`,
        `${de.what} Wenn Sie das nicht waren, wenden Sie sich bitte sofort an ${p.operator}.`,
      ],
    }),
    en: (p: MailParams): Rendered => ({
      subject: en.subject,
      lines: [`Hello ${p.name},`, `${en.what} If this was not you, please contact ${p.operator} at once.`],
    }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Plain text and simple HTML of a mail, in the recipient's language. */
export function renderMail(template: MailTemplate, locale: Locale, params: MailParams) {
  const mail = TEXTS[template][locale](params);
  const footer = `${params.appName} · ${params.operator}`;
  const text = [
    ...mail.lines,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.href}`] : []),
    '',
    '--',
    footer,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#212529">',
    ...mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    mail.action
      ? `<p><a href="${escapeHtml(mail.action.href)}" style="display:inline-block;padding:10px 16px;background:#0d6efd;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(mail.action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(mail.action.href)}</p>`
      : '',
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: mail.subject, text, html };
}
