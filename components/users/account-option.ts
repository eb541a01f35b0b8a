/** An account a manager can be assigned to, as the account picker offers it. */
export interface AccountOption {
  id: string;
  name: string;
}

/**
 * How many accounts the invitation page loads for the picker, and the picker's search asks for.
 * (A plain module: the server page and the client picker both read it.)
 */
export const ACCOUNT_PICKER_LIMIT = 100;
