import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET } from '@/lib/server/http/endpoints/imports';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
