import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { bulk as POST } from '@/lib/server/http/endpoints/whitelist';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
