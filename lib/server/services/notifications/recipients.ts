import type { Role } from '@/lib/schemas/roles';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings,
} from '@/lib/schemas/notification-constants';

/**
 * Who is told what (issue 25), without the database: the fan-out job loads the candidates and
 * these rules decide. Nobody is told about their own action, nobody about a record outside their
 * reach, and only active users are told at all.
 */
export interface Candidate {
  id: string;
  role: Role;
  status: string;
  /** A manager's account (their reach is it and its descendants). */
  accountId: string | null;
}

/** Defaults per role: back office and admin decide approvals, partners and HR mostly read. */
export function defaultSettings(role: Role): NotificationSettings {
  const isStaff = role === 'admin' || role === 'backoffice';
  return {
    taskAssigned: 'immediate',
    taskDue: 'digest',
    approvalRequested: isStaff ? 'immediate' : 'off',
    approvalDecided: 'immediate',
    documentAdded: isStaff ? 'off' : 'digest',
  };
}

/** The stored choices over the role's defaults; anything unknown in storage is ignored. */
export function effectiveSettings(role: Role, stored: Record<string, unknown> | undefined): NotificationSettings {
  const settings = defaultSettings(role);
  for (const kind of NOTIFICATION_KINDS) {
    const value = stored?.[kind];
    if ((NOTIFICATION_DELIVERIES as readonly unknown[]).includes(value)) settings[kind] = value as NotificationDelivery;
  }
  return settings;
}

const isReachable = (candidate: Candidate, actorId: string | null) =>
  candidate.status === 'active' && candidate.id !== actorId;

/** taskAssigned: the (new) assignee, unless they gave the task to themselves. */
export function taskAssignedRecipients(assignee: Candidate | undefined, actorId: string): Candidate[] {
  return assignee && isReachable(assignee, actorId) ? [assignee] : [];
}

/** taskDue: the assignee of an open task (no actor: the clock tells them). */
export function taskDueRecipients(assignee: Candidate | undefined, taskStatus: string): Candidate[] {
  return assignee && taskStatus !== 'done' && isReachable(assignee, null) ? [assignee] : [];
}

/** approvalRequested: whoever may decide it — admin and back office — except the requester (four eyes). */
export function approvalRequestedRecipients(candidates: Candidate[], requesterId: string): Candidate[] {
  return candidates.filter(
    (candidate) =>
      (candidate.role === 'admin' || candidate.role === 'backoffice') && isReachable(candidate, requesterId),
  );
}

/** approvalDecided: the requester, when someone else decided (a withdrawal is their own action). */
export function approvalDecidedRecipients(requester: Candidate | undefined, deciderId: string): Candidate[] {
  return requester && isReachable(requester, deciderId) ? [requester] : [];
}

/**
 * documentAdded: the managers whose account tree holds the document's account (`lineage`: the
 * account and its ancestors) and the account's distributor; a general document tells nobody.
 */
export function documentAddedRecipients(
  candidates: Candidate[],
  account: { lineage: string[]; distributorId: string | null } | undefined,
  actorId: string,
): Candidate[] {
  if (!account) return [];
  return candidates.filter((candidate) => {
    if (!isReachable(candidate, actorId)) return false;
    if (candidate.role === 'manager')
      return candidate.accountId !== null && account.lineage.includes(candidate.accountId);
    if (candidate.role === 'distributor') return candidate.id === account.distributorId;
    return false;
  });
}

export type { NotificationKind };
