import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { messages as GET } from '@/lib/server/http/endpoints/webhooks';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
