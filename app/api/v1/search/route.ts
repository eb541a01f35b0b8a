import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { search as GET } from '@/lib/server/http/endpoints/search';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
