import 'server-only';
import { isBenefitsApiThisApp } from '@/lib/env';
// The one UI module allowed to reach into lib/server (eslint.config.mjs), and only for this entry:
// it hands the API client's Request to the API's own route handler instead of a loopback socket.
import { dispatchApiRequest } from '@/lib/server/http/dispatch';
import { httpTransport, type ApiTransport } from './http';

/**
 * The transport of server-side API calls: in process when the benefits API is this application
 * (the default), over HTTP when BENEFITS_API_URL names another deployment.
 */
export function serverTransport(): ApiTransport {
  return isBenefitsApiThisApp() ? dispatchApiRequest : httpTransport;
}
