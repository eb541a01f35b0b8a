import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { outbox as GET } from '@/lib/server/http/endpoints/identity';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
