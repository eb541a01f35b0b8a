/**
 * What the contract client (contract-client.ts) is given and answers: plain types without the
 * generated ones, so e2e/api/openapi-contract.spec.ts can read them while the client itself is
 * type-checked only against the types generated from the served openapi.json.
 */

export interface JourneyOptions {
  /** The server's origin (`http://localhost:3100`). */
  origin: string;
  email: string;
  password: string;
  /** Marks what the journey creates. */
  marker: string;
  /** Sent with every request (the tests' client address). */
  headers: Record<string, string>;
}

export interface JourneyResult {
  userId: string;
  taskTotal: number;
  task: { id: string; location: string; etag: string; readEtag: string };
  updated: { status: string; etag: string };
  stale: { status: number; code: string };
  deletedStatus: number;
  account: { id: string; location: string; status: string };
  csv: { contentType: string; text: string };
}

export type RunJourney = (options: JourneyOptions) => Promise<JourneyResult>;
