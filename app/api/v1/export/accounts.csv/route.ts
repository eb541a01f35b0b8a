import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { accountsCsv as GET } from '@/lib/server/http/endpoints/export';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
