import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET, remove as DELETE } from '@/lib/server/http/endpoints/webhooks';

export const { POST, PATCH, PUT, OPTIONS } = otherMethods('GET', 'DELETE');
