import { problem } from './problems';

/**
 * The postcode rule without zod (issue 15); `account.ts` adds the schemas. Client components take
 * the constants from `account-constants.ts`, which does not bring the German catalogue.
 */
export { ACCOUNT_STATUSES, LEGAL_FORMS } from './account-constants';

export const ZIP_MESSAGE_DE = problem('zip');

/** German postcodes have five digits; other countries' formats are not checked. An empty one is allowed. */
export function isValidZip(zip: string, country: string): boolean {
  return !zip || country !== 'DE' || /^\d{5}$/.test(zip);
}
