import { problem } from './problems';

/** Account constants and the postcode rule without zod, for client components (issue 15); `account.ts` adds the schemas. */
export const LEGAL_FORMS = ['GmbH', 'AG', 'SE', 'KG', 'OHG', 'GmbH & Co. KG', 'e.K.', 'GbR', 'eG', 'Sonstige'] as const;
export const ACCOUNT_STATUSES = ['draft', 'active', 'suspended', 'archived'] as const;

export const ZIP_MESSAGE_DE = problem('zip');

/** German postcodes have five digits; other countries' formats are not checked. An empty one is allowed. */
export function isValidZip(zip: string, country: string): boolean {
  return !zip || country !== 'DE' || /^\d{5}$/.test(zip);
}
