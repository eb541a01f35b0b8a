import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { dashboard as GET } from '@/lib/server/http/endpoints/dashboard';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
