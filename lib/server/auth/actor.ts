import 'server-only';
import type { Role, Scope } from '@/lib/schemas/roles';
import type { ThemePreference } from '@/lib/schemas/themes';

/** The signed-in user an API request acts for; every service takes one and enforces reach itself. */
export interface Actor {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  accountId: string | null;
  locale: 'de' | 'en';
  /** The interface's colour theme the user chose (only `auth/me` and the profile answer it). */
  theme: ThemePreference;
  sessionId: string;
  scopes: ReadonlySet<Scope>;
  /** The user has a confirmed second factor (TOTP or a passkey). */
  mfaEnrolled: boolean;
  /** When this session last passed a second-factor check (step-up), if ever. */
  mfaVerifiedAt: Date | null;
  /** MFA_REQUIRED_ROLES names the role and no factor is enrolled: only enrolment is open. */
  mfaEnrolmentRequired: boolean;
  /** Set when a machine client's API key, not a person, makes the request (issue 48). */
  apiKey?: { id: string; name: string };
}

export const actorLabel = (actor: Pick<Actor, 'firstName' | 'lastName' | 'email'>) =>
  `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
