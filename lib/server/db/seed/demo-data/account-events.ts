import 'server-only';
import type { UserKey } from './users';

// ---------------------------------------------------------------------------------------------
// Account history after creation (besides approvals, which have their own list below)
// ---------------------------------------------------------------------------------------------

export interface AccountEventSeed {
  account: string;
  daysAgo: number;
  by: UserKey;
  action: 'update' | 'status_change';
  /** Only `before` is given: `after` is the account's value as seeded (updates come last). */
  before: Partial<Record<'status' | 'contactName' | 'contactPhone' | 'employeeCount' | 'notes' | 'vatId', unknown>>;
}

export const ACCOUNT_EVENTS: AccountEventSeed[] = [
  { account: 'muellerLogistik', daysAgo: 45, by: 'daniel', action: 'update', before: { contactName: 'Petra Müller' } },
  { account: 'hansen', daysAgo: 50, by: 'daniel', action: 'update', before: { contactPhone: '+49 431 5552 8800' } },
  { account: 'rheinland', daysAgo: 33, by: 'katrin', action: 'update', before: { employeeCount: 310 } },
  { account: 'schwarzwald', daysAgo: 40, by: 'birgit', action: 'update', before: { vatId: null } },
  { account: 'elbtal', daysAgo: 27, by: 'michael', action: 'update', before: { notes: 'Konzernvereinbarung.' } },
  { account: 'weber', daysAgo: 22, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'weberService', daysAgo: 22, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'muellerFuhrpark', daysAgo: 15, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'falkensteinLogistik', daysAgo: 12, by: 'jonas', action: 'status_change', before: { status: 'active' } },
];
