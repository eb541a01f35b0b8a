import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET, update as PATCH } from '@/lib/server/http/endpoints/profile';

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
