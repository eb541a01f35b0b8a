import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { restore as POST } from '@/lib/server/http/endpoints/documents';

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
