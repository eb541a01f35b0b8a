import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET, update as PATCH } from '@/lib/server/http/endpoints/users';

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
