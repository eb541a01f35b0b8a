import 'server-only';
import { mfaStatusSchema } from '@/lib/schemas/mfa';
import { profileSchema, sessionListSchema } from '@/lib/schemas/user';
import { profileApi } from './profile';
import { serverApi } from './server';

/** The signed-in user's own record and their sessions, for the profile page. */
export const getProfile = () => serverApi(profileApi.path, { schema: profileSchema });

export const listProfileSessions = () => serverApi(profileApi.sessionsPath, { schema: sessionListSchema });

export const getMfaStatus = () => serverApi(profileApi.mfaPath, { schema: mfaStatusSchema });
