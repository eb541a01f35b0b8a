import de from './messages/de.json';
import en from './messages/en.json';
import accountsDe from './messages/accounts.de.json';
import accountsEn from './messages/accounts.en.json';
import approvalsDe from './messages/approvals.de.json';
import approvalsEn from './messages/approvals.en.json';
import documentsDe from './messages/documents.de.json';
import documentsEn from './messages/documents.en.json';
import historyDe from './messages/history.de.json';
import historyEn from './messages/history.en.json';
import identityDe from './messages/identity.de.json';
import identityEn from './messages/identity.en.json';
import profileDe from './messages/profile.de.json';
import profileEn from './messages/profile.en.json';
import usersDe from './messages/users.de.json';
import usersEn from './messages/users.en.json';

/**
 * The message catalogue: the shell's texts plus one file per resource, so that each feature
 * keeps its texts beside the others' without editing one huge file.
 */
export const catalogues = {
  de: {
    ...de,
    accounts: accountsDe,
    users: usersDe,
    documents: documentsDe,
    identity: identityDe,
    profile: profileDe,
    approvals: approvalsDe,
    history: historyDe,
    status: { ...de.status, approval: approvalsDe.status },
  },
  en: {
    ...en,
    accounts: accountsEn,
    users: usersEn,
    documents: documentsEn,
    identity: identityEn,
    profile: profileEn,
    approvals: approvalsEn,
    history: historyEn,
    status: { ...en.status, approval: approvalsEn.status },
  },
};

export type Messages = (typeof catalogues)['de'];
