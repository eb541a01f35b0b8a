import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { accountsXlsx as GET } from '@/lib/server/http/endpoints/export';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
