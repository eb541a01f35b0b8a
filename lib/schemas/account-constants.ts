/**
 * Account constants for client components, without zod and without the German validation
 * catalogue (`account-rules.ts` imports `problems.ts`, which the forms load lazily; issue 30).
 */
export const LEGAL_FORMS = ['GmbH', 'AG', 'SE', 'KG', 'OHG', 'GmbH & Co. KG', 'e.K.', 'GbR', 'eG', 'Sonstige'] as const;
export const ACCOUNT_STATUSES = ['draft', 'active', 'suspended', 'archived'] as const;
