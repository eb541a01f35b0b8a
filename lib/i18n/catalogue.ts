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
import validationDe from './messages/validation.de.json';
import validationEn from './messages/validation.en.json';
import whitelistDe from './messages/whitelist.de.json';
import whitelistEn from './messages/whitelist.en.json';
import tasksDe from './messages/tasks.de.json';
import tasksEn from './messages/tasks.en.json';
import dashboardDe from './messages/dashboard.de.json';
import dashboardEn from './messages/dashboard.en.json';
import apiKeysDe from './messages/api-keys.de.json';
import apiKeysEn from './messages/api-keys.en.json';
import webhooksDe from './messages/webhooks.de.json';
import webhooksEn from './messages/webhooks.en.json';
import importsDe from './messages/imports.de.json';
import importsEn from './messages/imports.en.json';
// The global error page's texts live apart so that page can import just them (issue 15).
import fallbackDe from './messages/fallback.de.json';
import fallbackEn from './messages/fallback.en.json';
// The API's refusals by code: read by components/ui/form/api-problem-text.ts, which loads with the
// first refusal, not from the pages' client messages (which they would swell on every page).
import apiErrorsDe from './messages/api-errors.de.json';
import apiErrorsEn from './messages/api-errors.en.json';
// The conflict panel's texts: imported by the panel itself, like the API's refusals.
import recordDe from './messages/record.de.json';
import recordEn from './messages/record.en.json';
// Texts of parts that load on demand (the saved views' panels, a bulk action's dialog): those parts
// import them with their code, so a list page's client messages do not carry them (issue 50).
import listViewsPanelDe from './messages/list-views-panel.de.json';
import listViewsPanelEn from './messages/list-views-panel.en.json';
import bulkDialogDe from './messages/bulk-dialog.de.json';
import bulkDialogEn from './messages/bulk-dialog.en.json';
import confirmDialogDe from './messages/confirm-dialog.de.json';
import confirmDialogEn from './messages/confirm-dialog.en.json';

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
    validation: validationDe,
    whitelist: whitelistDe,
    tasks: tasksDe,
    dashboard: dashboardDe,
    apiKeys: apiKeysDe,
    webhooks: webhooksDe,
    imports: importsDe,
    status: { ...de.status, approval: approvalsDe.status, task: tasksDe.status },
    errors: { ...de.errors, ...fallbackDe, api: apiErrorsDe },
    common: { ...de.common, record: recordDe },
    listViews: { ...de.listViews, panel: listViewsPanelDe },
    bulk: { ...de.bulk, dialog: bulkDialogDe },
    confirmDialog: confirmDialogDe,
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
    validation: validationEn,
    whitelist: whitelistEn,
    tasks: tasksEn,
    dashboard: dashboardEn,
    apiKeys: apiKeysEn,
    webhooks: webhooksEn,
    imports: importsEn,
    status: { ...en.status, approval: approvalsEn.status, task: tasksEn.status },
    errors: { ...en.errors, ...fallbackEn, api: apiErrorsEn },
    common: { ...en.common, record: recordEn },
    listViews: { ...en.listViews, panel: listViewsPanelEn },
    bulk: { ...en.bulk, dialog: bulkDialogEn },
    confirmDialog: confirmDialogEn,
  },
};

export type Messages = (typeof catalogues)['de'];
