import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { dataExport as GET } from '@/lib/server/http/endpoints/profile';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
