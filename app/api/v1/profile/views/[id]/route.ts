import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { updateView as PATCH, deleteView as DELETE } from '@/lib/server/http/endpoints/profile';

export const { GET, POST, PUT, OPTIONS } = otherMethods('PATCH', 'DELETE');
