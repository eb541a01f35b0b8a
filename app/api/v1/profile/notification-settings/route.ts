import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { settings as GET, updateSettings as PATCH } from '@/lib/server/http/endpoints/notifications';

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
