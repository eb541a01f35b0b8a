import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { exportXlsx as GET } from '@/lib/server/http/endpoints/whitelist';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
