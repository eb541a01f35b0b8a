import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { children as GET } from '@/lib/server/http/endpoints/accounts';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
