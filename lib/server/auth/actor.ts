import 'server-only';
import type { Role, Scope } from '@/lib/schemas/roles';

/** The signed-in user an API request acts for; every service takes one and enforces reach itself. */
export interface Actor {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  accountId: string | null;
  locale: 'de' | 'en';
  sessionId: string;
  scopes: ReadonlySet<Scope>;
}

export const actorLabel = (actor: Pick<Actor, 'firstName' | 'lastName' | 'email'>) =>
  `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
