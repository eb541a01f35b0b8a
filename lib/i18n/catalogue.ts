import de from './messages/de.json';
import en from './messages/en.json';
import accountsDe from './messages/accounts.de.json';
import accountsEn from './messages/accounts.en.json';

/**
 * The message catalogue: the shell's texts plus one file per resource, so that each feature
 * keeps its texts beside the others' without editing one huge file.
 */
export const catalogues = {
  de: { ...de, accounts: accountsDe },
  en: { ...en, accounts: accountsEn },
};

export type Messages = (typeof catalogues)['de'];
