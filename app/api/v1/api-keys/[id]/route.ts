import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET, revoke as DELETE } from '@/lib/server/http/endpoints/api-keys';

export const { POST, PATCH, PUT, OPTIONS } = otherMethods('GET', 'DELETE');
