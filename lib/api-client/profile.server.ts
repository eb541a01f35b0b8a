import 'server-only';
import { profileApi } from './profile';
import { serverApi } from './server';

/** The signed-in user's own record and their sessions, for the profile page. */
export const getProfile = () => serverApi(profileApi.path, { schema: profileApi.schema });

export const listProfileSessions = () => serverApi(profileApi.sessionsPath, { schema: profileApi.sessionsSchema });
